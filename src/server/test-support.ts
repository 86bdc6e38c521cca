import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerApp } from './app';
import { readServerConfig } from './config';
import { type ConsoleDatabase, openConsoleDatabase } from './console-db';
import type { Upstream } from './proxy';
import type { RecordStore } from './record-index/record-store';

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: string; bytes?: Buffer };

/** Sends `target` byte for byte (fetch would normalise `..` and backslashes before they reach the server). */
export function rawRequest(
  baseUrl: string,
  target: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, path: target, method, headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
      });
      incoming.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body: bytes.toString('utf8'),
          bytes,
        });
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export type ReceivedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/**
 * A stand-in for the warehouse service: records every request and answers with an envelope echoing it
 * (headers included, so a test sees exactly what was forwarded), plus a cookie the proxy must not pass
 * on. A path containing `never-answers` gets no answer at all; one containing `stalls-midway` gets the
 * status line and the start of a body, then nothing. A path ending in `answer-<status>-<kind>` gets that
 * status with an HTML page (`html`), JSON that is not the envelope (`json`), an empty body (`empty`) or
 * an error envelope (`envelope`), as a load balancer or the service itself might send.
 */
export async function startEchoUpstream() {
  const received: ReceivedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    let body = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => {
      body += chunk;
    });
    incoming.on('end', () => {
      const seen = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body,
      };
      received.push(seen);
      if (seen.url.includes('never-answers')) return;
      if (seen.url.includes('stalls-midway')) {
        outgoing.writeHead(200, { 'content-type': 'application/json' });
        outgoing.write('{"data":');
        return;
      }
      const canned = /answer-(\d{3})-(html|json|empty|envelope)$/.exec(seen.url);
      if (canned) {
        const [, status, kind] = canned;
        const bodies: Record<string, [string, string]> = {
          html: ['text/html; charset=utf-8', '<html><body><h1>502 Bad Gateway</h1></body></html>'],
          json: ['application/json', '{"message":"Service Unavailable"}'],
          empty: ['text/plain', ''],
          envelope: [
            'application/json',
            JSON.stringify({
              data: {},
              id: 'stub',
              resource: [],
              errors: [{ status, code: 'conflict', title: 'Conflict', detail: 'From the service' }],
            }),
          ],
        };
        const [contentType, body] = bodies[kind ?? 'html'] ?? ['text/plain', ''];
        outgoing.writeHead(Number(status), { 'content-type': contentType });
        outgoing.end(body);
        return;
      }
      outgoing.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': 'upstream-session=abc; HttpOnly',
        'x-upstream-internal': 'secret-topology',
      });
      outgoing.end(JSON.stringify({ data: seen, id: 'stub', resource: [], errors: [] }));
    });
  });
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** How many TCP connections were opened to it so far. */
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: bound once to learn a free number, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The upstream a test console talks to: `url` with `apiKey`, no organization, a short timeout. */
export function testUpstream(url: string, apiKey = 'k', timeoutMs = 5000): Upstream {
  return { baseUrl: new URL(url), apiKey, organization: null, timeoutMs, maxAnswerBytes: 32 * 1024 * 1024 };
}

/**
 * The console's app over an in-memory console database for tests: no dashboard, an upstream that is not
 * reached unless the test gives one, and whatever index and webhook token the test needs.
 */
export function testConsoleApp({
  consoleDb = openConsoleDatabase(':memory:'),
  records,
  webhookToken = null,
  upstreamUrl = 'http://127.0.0.1:9',
}: {
  consoleDb?: ConsoleDatabase;
  records?: RecordStore;
  webhookToken?: string | null;
  upstreamUrl?: string;
} = {}) {
  return createServerApp({
    config: readServerConfig({ CONSOLE_DB: ':memory:' }),
    upstream: testUpstream(upstreamUrl, 'k', 500),
    mode: 'sandbox',
    distDir: null,
    consoleDb,
    records,
    webhookToken,
    log: () => {},
  });
}
