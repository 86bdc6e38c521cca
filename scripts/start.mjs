// `npm start`: installs what is missing, builds the dashboard when dist/ is missing or older than its
// sources, then runs the server (which starts the embedded sandbox unless WAREHOUSE_BASE_URL is set).
// Node built-ins only: this runs before node_modules exists.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function runOrExit(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Newest modification time under `path` (a file or a folder), 0 when it does not exist. */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true })) {
    newest = Math.max(newest, statSync(join(path, entry)).mtimeMs);
  }
  return newest;
}

runOrExit('bash', ['scripts/ensure-deps.sh']);

// The server's own files are not part of the page, so changing them needs no new build.
const pageSources = [
  'src/main.tsx',
  'src/app',
  'src/routes',
  'src/features',
  'src/components',
  'src/lib',
  'src/domain',
  'src/contract',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const builtAt = newestChange('dist/index.html');
if (builtAt === 0 || pageSources.some((source) => newestChange(source) > builtAt)) {
  console.log('Building the dashboard...');
  runOrExit(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
