import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../contract/envelope';
import type { ConnectionLimits } from '../../http/http-server';
import { createServerApp } from '../app';
import { readServerConfig } from '../config/config';
import { openConsoleDatabase } from '../store/sqlite/console-db';
import { startEchoUpstream } from '../testing/echo-upstream';
import { listen, type RunningServer } from './listen';

// Small limits so that every timeout below happens within a test; the production values are seconds.
const limits = {
  keepAliveTimeoutMs: 100,
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  timeoutCheckIntervalMs: 50,
  maxConnections: 20,
  maxConnectionsPerClient: 20,
};

let upstream: Awaited<ReturnType<typeof startEchoUpstream>>;
let server: RunningServer;

function startServer(connectionLimits: ConnectionLimits): Promise<RunningServer> {
  const config = readServerConfig({ WAREHOUSE_BASE_URL: upstream.url, WAREHOUSE_API_KEY: 'key' });
  const app = createServerApp({
    config,
    upstream: {
      baseUrl: new URL(upstream.url),
      apiKey: 'key',
      organization: null,
      timeoutMs: 2000,
      maxAnswerBytes: config.upstreamMaxBytes,
    },
    mode: 'upstream',
    distDir: null,
    consoleDb: openConsoleDatabase(':memory:'),
    log: () => {},
  });
  return listen(app.fetch, { port: 0, host: '127.0.0.1', log: () => {}, limits: connectionLimits });
}

beforeAll(async () => {
  upstream = await startEchoUpstream();
  server = await startServer(limits);
});

afterAll(async () => {
  await server?.close();
  await upstream?.close();
});

type Conversation = { socket: Socket; received: () => string; closed: Promise<{ error?: Error }> };

/** A raw connection: everything the server sends is kept, and `closed` settles when the socket goes. */
function openConnection(port = server.port, localAddress = '127.0.0.1'): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let text = '';
    let error: Error | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', (failure) => {
      error = failure;
    });
    const closed = new Promise<{ error?: Error }>((done) => socket.on('close', () => done({ error })));
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

/** Resolves once `conversation` has received `count` complete answers (status line, headers, body). */
async function answers(conversation: Conversation, count: number): Promise<string[]> {
  for (;;) {
    const found = splitAnswers(conversation.received());
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function splitAnswers(text: string): string[] {
  const found: string[] = [];
  let rest = text;
  for (;;) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) return found;
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(rest.slice(0, headEnd))?.[1] ?? 0);
    const end = headEnd + 4 + length;
    if (Buffer.byteLength(rest) < end) return found;
    found.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
}

function statusOf(answer: string): number {
  return Number(answer.slice(9, 12));
}

function envelopeOf(answer: string) {
  return errorEnvelopeSchema.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
}

describe('requests the HTTP parser refuses', () => {
  it.each([
    ['a malformed request line', 'NOT HTTP AT ALL\r\n\r\n', 400, 'validation_failed'],
    [
      'headers over the parser limit',
      `GET /api/config HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'validation_failed',
    ],
  ])('answer %s in the envelope and close the connection', async (_case, request, status, code) => {
    const conversation = await openConnection();
    conversation.socket.write(request);
    expect(await conversation.closed).toEqual({ error: undefined });
    const [answer] = splitAnswers(conversation.received());
    expect(statusOf(answer ?? '')).toBe(status);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(envelopeOf(answer ?? '').errors).toEqual([
      expect.objectContaining({ status: String(status), code, source: { pointer: '/' } }),
    ]);
  });
});

describe('slow and idle connections', () => {
  it.each([
    ['headers (slow-loris)', 'GET /api/config HTTP/1.1\r\nhost: 127.0.0.1\r\n', 'x-slow: 1\r\n'],
    [
      'a body',
      'POST /api/warehouse/v1/orders HTTP/1.1\r\nhost: 127.0.0.1\r\norigin: http://127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{',
      ' ',
    ],
  ])(
    'cuts off %s trickled in with 408 request_timeout in the envelope, forwarding nothing',
    async (_case, start, drop) => {
      const before = upstream.received.length;
      const conversation = await openConnection();
      conversation.socket.write(start);
      const trickle = setInterval(() => {
        if (conversation.socket.writable) conversation.socket.write(drop);
      }, 50);
      await conversation.closed;
      clearInterval(trickle);
      const [answer] = splitAnswers(conversation.received());
      expect(statusOf(answer ?? '')).toBe(408);
      expect(envelopeOf(answer ?? '').errors[0]).toMatchObject({ status: '408', code: 'request_timeout' });
      expect(upstream.received.length).toBe(before);
    },
  );

  it('closes a connection that never sends a request, without an answer', async () => {
    const conversation = await openConnection();
    expect(await conversation.closed).toEqual({ error: undefined });
    expect(conversation.received()).toBe('');
  });

  it('closes a keep-alive connection left idle after an answer', async () => {
    const conversation = await openConnection();
    conversation.socket.write('GET /api/config HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
    const [answer] = await answers(conversation, 1);
    expect(statusOf(answer ?? '')).toBe(200);
    const idleSince = Date.now();
    expect(await conversation.closed).toEqual({ error: undefined });
    // Node adds one second to the keep-alive timeout; its default (5 s) would take over six.
    expect(Date.now() - idleSince).toBeLessThan(4000);
  });

  const get = 'GET /api/config HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n';
  /** A connection from `localAddress` answered 200 (which shows the server has counted it), left open. */
  async function served(port: number, localAddress?: string) {
    const conversation = await openConnection(port, localAddress);
    conversation.socket.write(get);
    expect(statusOf((await answers(conversation, 1))[0] ?? '')).toBe(200);
    return conversation;
  }
  /** A live stream from `localAddress`, open: a connection serving a request for as long as it lasts. */
  async function streaming(port: number, localAddress?: string) {
    const conversation = await openConnection(port, localAddress);
    conversation.socket.write('GET /api/events HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
    while (!conversation.received().includes('event: ready'))
      await new Promise((resolve) => setTimeout(resolve, 10));
    return conversation;
  }
  async function expectClosedAtOnce(port: number) {
    const refused = await openConnection(port);
    refused.socket.write(get);
    await refused.closed;
    expect(refused.received()).toBe('');
  }
  const isOpen = (conversation: Conversation) => !conversation.socket.destroyed;

  it('closes connections over the limit at once while all serve requests, and serves again once there is room', async () => {
    const small = await startServer({ ...limits, keepAliveTimeoutMs: 60_000, maxConnections: 3 });
    try {
      const held = [await streaming(small.port), await streaming(small.port), await streaming(small.port)];
      await expectClosedAtOnce(small.port);
      for (const conversation of held) conversation.socket.destroy();
      await Promise.all(held.map((conversation) => conversation.closed));
      (await served(small.port)).socket.destroy();
    } finally {
      await small.close();
    }
  });

  it("closes a client's connections over its own limit at once while all serve requests, while another client is served", async () => {
    const small = await startServer({ ...limits, keepAliveTimeoutMs: 60_000, maxConnectionsPerClient: 2 });
    try {
      const held = [await streaming(small.port), await streaming(small.port)];
      await expectClosedAtOnce(small.port);
      (await served(small.port, '127.0.0.2')).socket.destroy();
      held[0]?.socket.destroy();
      await held[0]?.closed;
      (await served(small.port)).socket.destroy();
      held[1]?.socket.destroy();
    } finally {
      await small.close();
    }
  });

  it.each([
    ['in all', { maxConnections: 3 }],
    ["of the client's own", { maxConnectionsPerClient: 3 }],
  ])('makes room %s for a new request by closing the longest idle connection', async (_case, cap) => {
    const patient = { keepAliveTimeoutMs: 60_000, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 };
    const small = await startServer({ ...limits, ...patient, ...cap });
    try {
      const stream = await streaming(small.port);
      // Kept alive after its answer, and one that never sent a request: both idle.
      const keptAlive = await served(small.port);
      const silent = await openConnection(small.port);
      (await served(small.port)).socket.destroy();
      await keptAlive.closed;
      expect([isOpen(stream), isOpen(silent)]).toEqual([true, true]);
      (await served(small.port)).socket.destroy();
      await silent.closed;
      expect(isOpen(stream)).toBe(true);
      stream.socket.destroy();
    } finally {
      await small.close();
    }
  });
});

describe('a body over the limit', () => {
  const postHead = (length: number) =>
    `POST /api/warehouse/v1/orders HTTP/1.1\r\nhost: 127.0.0.1\r\norigin: http://127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n`;

  it('answers 413 saying connection: close and closes the connection once the answer is out', async () => {
    const conversation = await openConnection();
    conversation.socket.write(postHead(2 * 1024 * 1024));
    const [answer] = await answers(conversation, 1);
    expect(statusOf(answer ?? '')).toBe(413);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).not.toMatch(/\r\nkeep-alive:/i);
    expect(envelopeOf(answer ?? '').errors[0]).toMatchObject({ code: 'payload_too_large' });
    expect(await conversation.closed).toEqual({ error: undefined });
  });

  it('answers 413 to a body sent in chunks once it passes the limit', async () => {
    const conversation = await openConnection();
    const chunk = 'x'.repeat(256 * 1024);
    const chunked = Array.from({ length: 5 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    conversation.socket.write(
      `POST /api/warehouse/v1/orders HTTP/1.1\r\nhost: 127.0.0.1\r\norigin: http://127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${chunked}`,
    );
    const [answer] = await answers(conversation, 1);
    expect(statusOf(answer ?? '')).toBe(413);
    expect(envelopeOf(answer ?? '').errors[0]).toMatchObject({ code: 'payload_too_large' });
  });

  it('lets a client that reads only once its whole body is sent still read the 413', async () => {
    // Closing the socket over the unread body at once made the kernel reset the connection, and the
    // client lost the answer along with the rest of its upload.
    const body = 'x'.repeat(20 * 1024 * 1024);
    const conversation = await openConnection();
    conversation.socket.pause();
    const written = await new Promise<Error | null | undefined>((resolve) =>
      conversation.socket.write(postHead(body.length) + body, resolve),
    );
    expect(written).toBeFalsy();
    conversation.socket.resume();
    expect(await conversation.closed).toEqual({ error: undefined });
    const [answer] = splitAnswers(conversation.received());
    expect(statusOf(answer ?? '')).toBe(413);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  });
});
