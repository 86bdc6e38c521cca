import { getRequestListener } from '@hono/node-server';
import { createHttpServer, startListening } from '../http/http-server';
import { createSandboxApp } from './app';
import { readSandboxConfig, type SandboxConfig } from './config';
import { createSandboxStore, openDatabase } from './store';
import { startAutopilot } from './warehouse/autopilot';
import { seedDemoData } from './warehouse/demo-seed';
import { startWebhookDelivery, type WebhookDelivery } from './webhooks/webhook-delivery';
import { parseWebhookUrl, type WebhookDestination } from './webhooks/webhook-destination';
import { deliveryPlanner } from './webhooks/webhook-faults';

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
export async function startSandbox(
  overrides: Partial<SandboxConfig> = {},
  /** Where it says what went wrong on its side (the console's log when embedded); by default standard error. */
  log?: (line: string) => void,
): Promise<RunningSandbox> {
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
  const app = createSandboxApp({ store, config, log });

  const server = createHttpServer(getRequestListener(app.fetch, { hostname: '127.0.0.1' }));
  const { port } = await startListening(server, config.port, '127.0.0.1').catch((error: unknown) => {
    db.close();
    throw error;
  });
  const stopAutopilot = config.autopilot ? startAutopilot({ store, config, log }) : async () => {};
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
        log,
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
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
