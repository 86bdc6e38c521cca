import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/**
 * A stand-in for the warehouse service: records every request and answers with an envelope echoing it
 * (headers included, so a test sees exactly what was forwarded), plus a cookie the proxy must not pass
 * on. A path containing `never-answers` gets no answer at all; one containing `stalls-midway` gets the
 * status line and the start of a body, then nothing. A path ending in `answer-<status>-<kind>` gets that
 * status with an HTML page (`html`), JSON that is not the envelope (`json`), an empty body (`empty`),
 * an error envelope (`envelope`) or an envelope holding markup under a JSON type of its own with another
 * charset (`typed`), as a load balancer or the service itself might send.
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
      const canned = /answer-(\d{3})-(html|json|empty|envelope|typed)$/.exec(seen.url);
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
          typed: [
            'application/vnd.operator+json; charset=windows-1252',
            JSON.stringify({
              data: { note: '<script>alert(1)</script>' },
              id: 'stub',
              resource: [],
              errors: [],
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
