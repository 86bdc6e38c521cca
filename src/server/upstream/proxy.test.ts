import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../contract/envelope';
import { readServerConfig } from '../config/config';
import { closedPort } from '../testing/echo-upstream';
import { forwardRequest, type Upstream } from './proxy';
import { createWarehouseReach } from './warehouse-reach';

const key = 'KEY-proxy-test-9d2e';
const stopAfterTest: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(stopAfterTest.splice(0).map((stop) => stop()));
});

/** A stand-in warehouse service answering with `handler`; stopped after the test. */
async function startUpstream(
  handler: RequestListener,
  overrides: Partial<Upstream> = {},
): Promise<{ upstream: Upstream; server: Server }> {
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
  const upstream = {
    baseUrl: new URL(`http://127.0.0.1:${port}`),
    apiKey: key,
    organization: null,
    timeoutMs: 10_000,
    maxAnswerBytes: readServerConfig({}).upstreamMaxBytes,
    ...overrides,
  };
  return { upstream, server };
}

function get(upstream: Upstream, path = '/warehouse/v1/products', readsSettings = true) {
  return forwardRequest(upstream, {
    method: 'GET',
    path,
    search: '',
    headers: new Headers(),
    body: null,
    readsSettings,
  });
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
    const { upstream } = await startUpstream((_request, response) => {
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
    const { upstream } = await startUpstream(
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
    const { upstream } = await startUpstream(
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

describe('an upstream error answer with many problems', () => {
  const problems = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      status: '400',
      code: 'validation_failed',
      title: 'Validation failed',
      detail: `line ${index} needs a product`,
      source: { pointer: `/orderLines/${index}/productCode` },
    }));

  async function answerWith(text: string) {
    const { upstream } = await startUpstream((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(text);
    });
    const { response } = await get(upstream);
    expect(response.status).toBe(400);
    return errorsOf(response);
  }

  it('passes on the first 20 and one too_many_problems item counting the other 480', async () => {
    const sent = problems(500);
    const errors = await answerWith(JSON.stringify({ data: {}, id: 'x', resource: [], errors: sent }));
    expect(errors).toHaveLength(21);
    expect(errors.slice(0, 20)).toEqual(sent.slice(0, 20));
    expect(errors[20]).toMatchObject({
      status: '400',
      code: 'too_many_problems',
      detail: expect.stringMatching(/^480 more problems are not listed/),
    });
  });

  it('passes 20 problems as they are', async () => {
    const sent = problems(20);
    expect(await answerWith(JSON.stringify({ data: {}, id: 'x', resource: [], errors: sent }))).toEqual(sent);
  });

  it('caps them too when the errors member is spelled with an escape', async () => {
    const text = JSON.stringify({ data: {}, id: 'x', resource: [], errors: problems(30) });
    const errors = await answerWith(text.replace('"errors"', '"\\u0065rrors"'));
    expect(errors).toHaveLength(21);
    expect(errors[20]?.detail).toMatch(/^10 more problems/);
  });
});

describe('a compressed upstream answer', () => {
  it('is decoded, and its decoded size is what counts against the limit (a gzip bomb is cut off)', async () => {
    const envelope = JSON.stringify({ data: { note: 'zipped' }, id: 'x', resource: [], errors: [] });
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, ' '));
    const { upstream } = await startUpstream(
      (request, response) => {
        const small = request.url?.endsWith('/small');
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        response.end(small ? gzipSync(envelope) : bomb);
      },
      { maxAnswerBytes: 1024 * 1024 },
    );
    const small = await get(upstream, '/warehouse/v1/products/small');
    expect(await small.response.text()).toBe(envelope);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { response } = await get(upstream, '/warehouse/v1/products/bomb');
    expect(response.status).toBe(502);
    expect((await errorsOf(response))[0]).toMatchObject({ code: 'upstream_too_large' });
  });
});

describe('connections to the upstream', () => {
  it('stay at 64 however many clients ask at once, and every client is answered', async () => {
    let open = 0;
    let mostOpen = 0;
    const { upstream, server } = await startUpstream((_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: {}, id: 'x', resource: [], errors: [] }));
      }, 5);
    });
    server.on('connection', (socket) => {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      socket.on('close', () => {
        open -= 1;
      });
    });
    const results = await Promise.all(Array.from({ length: 300 }, () => get(upstream)));
    expect(results.map(({ response }) => response.status)).toEqual(Array(300).fill(200));
    expect(mostOpen).toBeGreaterThan(1);
    expect(mostOpen).toBeLessThanOrEqual(64);
  });
});

describe('an upstream that cannot be reached', () => {
  const unreachable = async (): Promise<Upstream> => ({
    baseUrl: new URL(`http://127.0.0.1:${await closedPort()}`),
    apiKey: key,
    organization: null,
    timeoutMs: 2000,
    maxAnswerBytes: 1024 * 1024,
  });

  it('is explained with the setting to check to administrators only, a plain sentence to others', async () => {
    const upstream = await unreachable();
    const forAdministrator = (await errorsOf((await get(upstream, undefined, true)).response))[0];
    const forOthers = (await errorsOf((await get(upstream, undefined, false)).response))[0];
    expect(forAdministrator?.detail).toMatch(/Check WAREHOUSE_BASE_URL/);
    expect(forOthers).toMatchObject({
      code: 'upstream_unreachable',
      detail: `The warehouse service at ${upstream.baseUrl.host} cannot be reached. An administrator has been told.`,
    });
  });

  /** A reach that takes one failure to mean the warehouse does not answer: its clock is past the interval. */
  const quickReach = () => {
    let clock = 0;
    const reach = createWarehouseReach({ quietMs: 1000, now: () => clock });
    clock = 1001;
    return reach;
  };

  it("tells the warehouse's reach of the failure, and of the next answer", async () => {
    const reach = quickReach();
    await get({ ...(await unreachable()), reach });
    expect(reach.current()).toMatchObject({
      answering: false,
      problem: 'the warehouse service cannot be reached',
    });
    const { upstream } = await startUpstream((_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: null, id: 'x', resource: [], errors: [{ status: '404' }] }));
    });
    await get({ ...upstream, reach });
    expect(reach.current()).toMatchObject({ answering: true, problem: null });
  });

  it('counts a page from a load balancer as no answer', async () => {
    const reach = quickReach();
    const { upstream } = await startUpstream((_request, response) => {
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end('<h1>Maintenance</h1>');
    });
    const { response } = await get({ ...upstream, reach }, undefined, false);
    expect((await errorsOf(response))[0]?.detail).not.toMatch(/WAREHOUSE_BASE_URL/);
    expect(reach.current()).toMatchObject({
      answering: false,
      problem: 'the warehouse service answered 503 with a body of type text/html, not its JSON envelope',
    });
  });
});
