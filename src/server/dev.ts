import { createServer } from 'vite';
import { loadDotEnv, plainHttpWarning, readServerConfig } from './config/config';
import { createConsoleLog } from './operations/console-log';
import { describeStartFailure, embeddedSandboxDefaults, startConsole } from './start-console';

loadDotEnv(process.env.ENV_FILE ?? '.env');
const log = createConsoleLog({
  format: process.env.LOG_FORMAT?.trim().toLowerCase() === 'json' ? 'json' : 'text',
});

// `npm run dev`: the same server for /api (on a free port), behind Vite's dev server with hot reload.
async function start() {
  const config = readServerConfig();
  const api = await startConsole({
    config: { ...config, port: 0 },
    distDir: null,
    log: log.info,
    requestLog: log.request,
    sandboxSettings: embeddedSandboxDefaults(),
  });
  const vite = await createServer({
    server: { port: config.port, host: config.host, strictPort: true, proxy: { '/api': api.url } },
  });
  await vite.listen().catch(async (error: unknown) => {
    await api.close();
    throw error;
  });
  return { config, api, vite };
}

const { config, api, vite } = await start().catch((error: unknown) => {
  log.error(`Warehouse Console could not start: ${describeStartFailure(error)}`);
  process.exit(1);
});
log.info(
  `Warehouse Console (dev, hot reload): http://${config.host}:${config.port}  (${
    api.mode === 'sandbox'
      ? `embedded sandbox at ${api.upstreamUrl}`
      : `warehouse service at ${config.upstreamBaseUrl?.host}`
  })`,
);
const warning = plainHttpWarning(config);
if (warning) log.warn(warning);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  Promise.all([vite.close(), api.close()]).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Warehouse Console: failed to stop cleanly', error);
      process.exit(1);
    },
  );
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
