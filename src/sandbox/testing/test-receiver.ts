import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test support: a webhook receiver on 127.0.0.1 that records what arrives and answers as told. */
export type ReceivedDelivery = {
  // biome-ignore lint/suspicious/noExplicitAny: tests read bodies freely; their assertions check the shapes.
  body: any;
  headers: IncomingHttpHeaders;
  /** Path and query as sent. */
  target: string;
  atMs: number;
};

/** An answer, or `hang` (never answer: the sender's timeout decides). */
export type Reply = { status: number; body?: string; contentType?: string } | 'hang';

export const accepted: Reply = { status: 200, body: '{"ok":true}', contentType: 'application/json' };

export async function startTestReceiver(
  reply: (delivery: ReceivedDelivery, index: number) => Reply | Promise<Reply> = () => accepted,
) {
  const received: ReceivedDelivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const delivery: ReceivedDelivery = {
        body: text === '' ? undefined : JSON.parse(text),
        headers: request.headers,
        target: request.url ?? '',
        atMs: Date.now(),
      };
      received.push(delivery);
      const answer = await reply(delivery, received.length - 1);
      if (answer === 'hang') return;
      response.writeHead(answer.status, answer.contentType ? { 'content-type': answer.contentType } : {});
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** Resolves once `count` deliveries have arrived; fails after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 5_000): Promise<ReceivedDelivery[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} deliveries within ${timeoutMs} ms, got ${received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type TestReceiver = Awaited<ReturnType<typeof startTestReceiver>>;
