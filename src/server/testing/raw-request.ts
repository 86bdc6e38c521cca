import { type IncomingHttpHeaders, request } from 'node:http';

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: string; bytes?: Buffer };

/** Sends `target` byte for byte (fetch would normalize `..` and backslashes before they reach the server). */
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
