import { startSandbox } from './server';

const sandbox = await startSandbox().catch((error: unknown) => {
  // A bad setting (every one named) or a busy port: one message, no stack.
  console.error(
    `Warehouse sandbox could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
// Handlers first: whoever reads the address below may signal at once.
let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing the sandbox`);
  sandbox.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('sandbox: failed to close cleanly', error);
      process.exit(1);
    },
  );
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

const { config } = sandbox;
console.log(`Warehouse sandbox listening on ${sandbox.url}
  interface:          ${sandbox.url}/warehouse/v1
  operator actions:   ${sandbox.url}/sandbox/v1
  OpenAPI document:   ${sandbox.url}/warehouse/api-docs
  API reference:      ${sandbox.url}/warehouse/api-docs/reference
  database:           ${config.dbFile}
  single-org key:     x-api-key: ${config.apiKey}  (organization "default")
  multi-org key:      x-api-key: ${config.multiOrgApiKey}  with organization-slug: ${config.organizations.join(' | ')}
  warehouses:         ${config.warehouses.join(', ')}
  attribute keys:     ${config.attributeKeys.join(', ')} (serial number: ${config.serialKey})
  rate groups:        ${config.rateGroups.join(', ')}
  demo seed: ${config.seed}, autopilot: ${config.autopilot ? 'on' : 'off'}
  webhooks:           ${
    // Not the query: a receiver's token may sit there.
    config.webhookUrl
      ? `${config.webhookUrl.origin}${config.webhookUrl.pathname}`
      : 'off (set SANDBOX_WEBHOOK_URL)'
  }`);
