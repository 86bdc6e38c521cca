import { resolve } from 'node:path';
import { loadDotEnv, plainHttpWarning, readServerConfig } from './config/config';
import { createConsoleLog } from './operations/console-log';
import { describeStartFailure, embeddedSandboxDefaults, startConsole } from './start-console';

// ENV_FILE names another settings file; set to empty, none is read (the browser tests do that).
loadDotEnv(process.env.ENV_FILE ?? '.env');
// Read before the settings, so that a setting's own error is logged in the format asked for.
const log = createConsoleLog({
  format: process.env.LOG_FORMAT?.trim().toLowerCase() === 'json' ? 'json' : 'text',
});

async function start() {
  const config = readServerConfig();
  const running = await startConsole({
    config,
    distDir: resolve('dist'),
    log: log.info,
    requestLog: log.request,
    sandboxSettings: embeddedSandboxDefaults(),
  });
  return { config, running };
}

const { config, running } = await start().catch((error: unknown) => {
  log.error(`Warehouse Console could not start: ${describeStartFailure(error)}`);
  process.exit(1);
});

log.info(
  running.mode === 'sandbox'
    ? `Warehouse Console: ${running.url}  (embedded sandbox at ${running.upstreamUrl}; set WAREHOUSE_BASE_URL to use the operator's service)`
    : `Warehouse Console: ${running.url}  (warehouse service at ${config.upstreamBaseUrl?.host})`,
);

const accessNotes = {
  open: 'Open to this machine only: no accounts yet, so no sign-in. Add one with `npm run users -- add NAME --role admin`.',
  'sign-in': config.singleSignOn
    ? `Sign-in required: single sign-on through ${config.singleSignOn.issuer.host}, or a local account's password.`
    : 'Sign-in required.',
  locked: `Listening on ${config.host} with no accounts: it serves no data until sign-in is set up. Add an account with \`npm run users -- add NAME --role admin\`.`,
};
log.info(accessNotes[running.accessMode]);
const warning = plainHttpWarning(config);
if (warning) log.warn(warning);

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: stopping the Warehouse Console`);
  running.close().then(
    () => process.exit(0),
    (error: unknown) => {
      log.error(
        `Warehouse Console: failed to stop cleanly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      process.exit(1);
    },
  );
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
