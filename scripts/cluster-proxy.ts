/**
 * Benchmark support: a small round-robin HTTP proxy on loopback, as a load balancer stands in front of a
 * team's consoles. Each request goes to the next console; one that does not answer at all (refused, reset)
 * is left out for a few seconds and the request goes to the next, as a load balancer retries a request
 * that never reached an application.
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

const downForMs = 5_000;

export async function startClusterProxy(backends: string[]) {
  const targets = backends.map((url) => ({ url: new URL(url), downUntil: 0 }));
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  let retried = 0;

  const pick = () => {
    for (let tried = 0; tried < targets.length; tried++) {
      const target = targets[next++ % targets.length];
      if (target && target.downUntil <= Date.now()) return target;
    }
    return null;
  };

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (left: number) => {
        const target = pick();
        if (!target || left === 0) {
          outgoing.writeHead(502).end();
          return;
        }
        const forwarded = request(
          {
            agent,
            host: target.url.hostname,
            port: target.url.port,
            method: incoming.method,
            path: incoming.url,
            headers: { ...incoming.headers, host: target.url.host },
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        forwarded.on('error', () => {
          if (outgoing.headersSent) return outgoing.destroy();
          target.downUntil = Date.now() + downForMs;
          retried += 1;
          attempt(left - 1);
        });
        forwarded.end(body);
      };
      attempt(targets.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How many requests a console did not answer and the next one took. */
    retried: () => retried,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
