import { execFileSync } from 'node:child_process';

/** Builds the dashboard once, before any worker starts its consoles: the pages under test are the sources'. */
export default function buildDashboard(): void {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}
