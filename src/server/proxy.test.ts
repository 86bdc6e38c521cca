import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../contract/envelope';
import { readServerConfig } from './config';
import { forwardRequest, type Upstream } from './proxy';

const key = 'KEY-proxy-test-9d2e';
const stopAfterTest: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(stopAfterTest.splice(0).map((stop) => stop()));
});

/** A stand-in warehouse service answering with `handler`; stopped after the test. */
async function startUpstream(handler: RequestListener, overrides: Partial<Upstream> = {}): Promise<Upstream> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stopAfterTest.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: new URL(`http://127.0.0.1:${port}`),
    apiKey: key,
    organization: null,
    timeoutMs: 10_000,
    maxAnswerBytes: readServerConfig({}).upstreamMaxBytes,
    ...overrides,
  };
}

function get(upstream: Upstream, path = '/warehouse/v1/products') {
  return forwardRequest(upstream, { method: 'GET', path, search: '', headers: new Headers(), body: null });
}

/** A callback and a promise that settles once it has been called. */
function whenCalled() {
  let call: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    call = resolve;
  });
  return { call, promise };
}

async function errorsOf(response: Response) {
  return errorEnvelopeSchema.parse(await response.json()).errors;
}

describe('an upstream answer over the size limit', () => {
  it('is cut off while it streams (100 MiB against the default 32 MiB) with 502 upstream_too_large', async () => {
    let sent = 0;
    const gone = whenCalled();
    const upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const write = () => {
        while (sent < 100 * 1024 * 1024 && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return response.once('drain', write);
        }
        response.end();
      };
      response.on('close', gone.call);
      write();
    });
    const { response, logNote } = await get(upstream);
    expect(response.status).toBe(502);
    expect(await errorsOf(response)).toEqual([
      expect.objectContaining({
        status: '502',
        code: 'upstream_too_large',
        detail: expect.stringContaining('with more than 32 MiB'),
      }),
    ]);
    expect(logNote).toBe(`upstream_too_large 200 over ${32 * 1024 * 1024} bytes`);
    // The console dropped the connection: the upstream never got to send the rest.
    await gone.promise;
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('is refused as soon as its content-length announces more, without waiting for the body', async () => {
    const gone = whenCalled();
    const upstream = await startUpstream(
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 * 1024 * 1024 });
        // A first piece, then nothing: only the announcement can tell.
        response.write('{"data":');
        response.on('close', gone.call);
      },
      { maxAnswerBytes: 1024 * 1024 },
    );
    const { response } = await get(upstream);
    expect(response.status).toBe(502);
    expect((await errorsOf(response))[0]).toMatchObject({ code: 'upstream_too_large' });
    await gone.promise;
  });

  it('passes an answer of exactly the limit', async () => {
    const body = JSON.stringify({ data: { note: '' }, id: 'x', resource: [], errors: [] });
    const padded = body.replace('"note":""', `"note":"${'n'.repeat(64 * 1024 - body.length)}"`);
    const upstream = await startUpstream(
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(padded);
      },
      { maxAnswerBytes: 64 * 1024 },
    );
    const { response } = await get(upstream);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(padded);
  });
});
