import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { paceRequests } from './request-pacing';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

type FakeSocket = { destroyed: boolean; writable: boolean };

function fakeRequest(url: string, socket: FakeSocket) {
  return { url, socket } as unknown as IncomingMessage;
}

function fakeResponse() {
  const answer = { status: 0, headers: {} as Record<string, unknown>, body: '' };
  const response = {
    writableEnded: false,
    writeHead: (status: number, headers: Record<string, unknown>) => {
      answer.status = status;
      answer.headers = headers;
    },
    end: (body: string) => {
      answer.body = body;
    },
  } as unknown as ServerResponse;
  return { response, answer };
}

function pacedServer({ perTurn = 2, maxWaiting = 10, maxWaitingPerConnection = 10 } = {}) {
  const begun: string[] = [];
  const paced = paceRequests((request) => begun.push(request.url ?? ''), {
    perTurn,
    maxWaiting,
    maxWaitingPerConnection,
    exempt: (request) => request.url === '/healthz',
  });
  const send = (url: string, socket: FakeSocket = { destroyed: false, writable: true }) => {
    const { response, answer } = fakeResponse();
    paced(fakeRequest(url, socket), response);
    return { answer, response };
  };
  return { begun, send };
}

describe('paceRequests', () => {
  it('begins a few requests a turn, in the order they came, and a health check at once', async () => {
    const { begun, send } = pacedServer({ perTurn: 2 });
    for (const url of ['/a', '/b', '/c', '/d', '/e']) send(url);
    send('/healthz');
    expect(begun).toEqual(['/healthz']);
    await nextTurn();
    expect(begun).toEqual(['/healthz', '/a', '/b']);
    await nextTurn();
    expect(begun).toEqual(['/healthz', '/a', '/b', '/c', '/d']);
    await nextTurn();
    expect(begun).toEqual(['/healthz', '/a', '/b', '/c', '/d', '/e']);
  });

  it('skips a request whose client went away, or that was answered, while it waited', async () => {
    const { begun, send } = pacedServer({ perTurn: 2 });
    send('/gone', { destroyed: true, writable: false });
    const timedOut = send('/answered');
    (timedOut.response as { writableEnded: boolean }).writableEnded = true;
    send('/a');
    send('/b');
    await nextTurn();
    expect(begun).toEqual(['/a', '/b']);
  });

  it('lets one connection have only so many requests waiting, so it cannot fill the line', async () => {
    const { begun, send } = pacedServer({ perTurn: 1, maxWaitingPerConnection: 2 });
    const pipelining = { destroyed: false, writable: true };
    send('/1', pipelining);
    send('/2', pipelining);
    expect(send('/3', pipelining).answer.status).toBe(503);
    expect(send('/other').answer.status).toBe(0);
    await nextTurn();
    expect(send('/4', pipelining).answer.status).toBe(0);
    for (let turn = 0; turn < 4; turn++) await nextTurn();
    expect(begun).toEqual(['/1', '/2', '/other', '/4']);
  });

  it('answers 503 in the envelope with Retry-After past the line, and begins nothing for it', async () => {
    const { begun, send } = pacedServer({ perTurn: 1, maxWaiting: 2 });
    send('/a');
    send('/b');
    const refused = send('/c').answer;
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(JSON.parse(refused.body).errors).toEqual([
      expect.objectContaining({ status: '503', code: 'server_busy' }),
    ]);
    await nextTurn();
    await nextTurn();
    await nextTurn();
    expect(begun).toEqual(['/a', '/b']);
  });
});
