import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startConsoleProcess, stopProcess } from './console-process';
import { demoConsoleEnv, e2ePassword } from './settings';

export type JourneyConsole = { url: string; stop(): Promise<void> };

/**
 * The real server (proxy, /api/config, the dist/ built by global-setup.ts) on a free port, with `env` over
 * the demo console's (a fresh in-memory sandbox with the demo data): each worker has its own, so journeys
 * on two workers never see each other's changes.
 */
export async function startJourneyConsole(env: Record<string, string>): Promise<JourneyConsole> {
  const { child, url } = await startConsoleProcess({ ...demoConsoleEnv, PORT: '0', ...env }, '.');
  return { url, stop: () => stopProcess(child) };
}

/** Adds an account `<role>-user` for each role, with e2ePassword, to the console database `consoleDb`. */
export function addRoleAccounts(consoleDb: string, roles: readonly string[]): void {
  for (const role of roles)
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/access/users-cli.ts', 'add', `${role}-user`, '--role', role],
      { input: `${e2ePassword}\n`, env: { PATH: process.env.PATH, ENV_FILE: '', CONSOLE_DB: consoleDb } },
    );
}

/** A console database file in a folder of its own, removed with the folder. */
export function scratchConsoleDb(): { file: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'e2e-console-'));
  return { file: join(folder, 'console.db'), remove: () => rmSync(folder, { recursive: true, force: true }) };
}
