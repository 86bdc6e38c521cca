import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { createSandboxApp } from './app';
import { readSandboxConfig, type SandboxConfig } from './config';
import { errorEnvelope } from './errors';
import { createSandboxStore, openDatabase } from './store';
import { startAutopilot } from './warehouse/autopilot';
import { seedDemoData } from './warehouse/demo-seed';
import { startWebhookDelivery, type WebhookDelivery } from './webhooks/webhook-delivery';
import { parseWebhookUrl, type WebhookDestination } from './webhooks/webhook-destination';
import { deliveryPlanner } from './webhooks/webhook-faults';

/**
 * Requests Node's HTTP parser refuses (malformed request line, headers over its limit) never reach the
 * app; they too get the envelope instead of Node's bare status line.
 */
function answerMalformedRequest(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify(
    errorEnvelope([
      {
        code: 'validation_failed',
        detail: tooLarge ? 'The request headers are too large' : 'The request is not well-formed HTTP',
        source: { pointer: '/' },
      },
    ]),
  );
  socket.end(
    `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

export type RunningSandbox = {
  url: string;
  config: SandboxConfig;
  /**
   * Sends the webhooks to this address from now on (replacing SANDBOX_WEBHOOK_URL and its headers),
   * pending ones included; for a console that knows its own address only once it listens.
   */
  deliverWebhooksTo(destination: { url: string | URL; headers?: Record<string, string> }): void;
  close(): Promise<void>;
};

/**
 * Starts the sandbox on 127.0.0.1 (`port: 0` picks a free port). Settings not overridden come from
 * the environment (readSandboxConfig).
 */
export async function startSandbox(overrides: Partial<SandboxConfig> = {}): Promise<RunningSandbox> {
  const config: SandboxConfig = { ...readSandboxConfig(), ...overrides };
  const db = openDatabase(config.dbFile);
  const store = createSandboxStore(db);
  if (config.seed === 'demo') {
    try {
      await seedDemoData({ store, config });
    } catch (error) {
      db.close();
      throw error;
    }
  }
  // After the seed: the demo week is no change anyone waits to hear about.
  if (config.webhookUrl !== null || config.awaitWebhookDestination) {
    store.webhookOutbox.startRecording(deliveryPlanner(config.webhookFaults));
  }
  const app = createSandboxApp({ store, config });

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: config.port, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
    started.once('error', reject);
  }).catch((error: unknown) => {
    db.close();
    throw error;
  });
  server.on('clientError', answerMalformedRequest);
  const { port } = server.address() as AddressInfo;
  const stopAutopilot = config.autopilot ? startAutopilot({ store, config }) : async () => {};
  let delivery: WebhookDelivery | undefined;
  function deliverWebhooksTo(destination: WebhookDestination) {
    if (!store.webhookOutbox.isRecording()) {
      store.webhookOutbox.startRecording(deliveryPlanner(config.webhookFaults));
    }
    if (delivery) delivery.deliverTo(destination);
    else {
      delivery = startWebhookDelivery({
        outbox: store.webhookOutbox,
        destination,
        maxAttempts: config.webhookMaxAttempts,
        seed: config.webhookFaults.seed,
      });
    }
  }
  if (config.webhookUrl !== null) {
    deliverWebhooksTo({ url: config.webhookUrl, headers: config.webhookHeaders });
  }

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    config: { ...config, port },
    deliverWebhooksTo({ url, headers = {} }) {
      deliverWebhooksTo({ url: parseWebhookUrl('The webhook address', String(url)), headers });
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          // The autopilot first (it may still record a change), then the deliveries: those in flight end
          // unrecorded and go again after a restart.
          stopAutopilot()
            .then(() => delivery?.stop())
            .finally(() => {
              db.close();
              resolve();
            });
        });
        // Keep-alive connections would otherwise hold close() open until they time out.
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      return closing;
    },
  };
}
