import { getRequestListener } from '@hono/node-server';
import { createSandboxApp } from './app';
import { readSandboxConfig, type SandboxConfig } from './config';
import { createHttpServer, startListening } from './http-server';
import { createSandboxStore, openDatabase } from './store';
import { startAutopilot } from './warehouse/autopilot';
import { seedDemoData } from './warehouse/demo-seed';

export type RunningSandbox = { url: string; config: SandboxConfig; close(): Promise<void> };

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
  const app = createSandboxApp({ store, config });

  const server = createHttpServer(getRequestListener(app.fetch, { hostname: '127.0.0.1' }));
  const { port } = await startListening(server, config.port, '127.0.0.1').catch((error: unknown) => {
    db.close();
    throw error;
  });
  const stopAutopilot = config.autopilot ? startAutopilot({ store, config }) : async () => {};

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    config: { ...config, port },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          stopAutopilot().finally(() => {
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
