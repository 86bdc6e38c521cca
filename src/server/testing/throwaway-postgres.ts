// Vitest globalSetup: a PostgreSQL of the test run's own, so the PostgreSQL adapters are tested on every
// machine, CI included (issue 23: "0 skipped"). TEST_DATABASE_URL names a server to use instead.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test run's PostgreSQL, or why there is none (the PostgreSQL suites then fail with it). */
    testPostgres: { url: string } | { missing: string };
  }
}

const installHint =
  'PostgreSQL 15 or later is needed for the PostgreSQL store tests: install Debian\'s "postgresql" package ' +
  '(apt-get install postgresql; scripts/ensure-setup.sh does it when run as root), or set TEST_DATABASE_URL ' +
  'to a database the tests may create schemas in.';

/** The newest installed server's bin folder (Debian puts each major version under /usr/lib/postgresql). */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a)).find((v) => Number(v) >= 15);
  return newest && existsSync(join(root, newest, 'bin', 'initdb')) ? join(root, newest, 'bin') : null;
}

/**
 * Root may not run postgres: as root the server runs as the `postgres` system user the package adds.
 * setpriv execs in place (the server is the child we stop), and stops the server should this process die.
 */
function unprivilegedUser(): { prefix: string[]; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return { prefix: [], uid: -1, gid: -1 };
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    return {
      prefix: ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--pdeathsig=INT', '--'],
      uid,
      gid,
    };
  } catch {
    return null;
  }
}

function run(prefix: string[], command: string, args: string[]): void {
  const [program, ...rest] = [...prefix, command, ...args];
  execFileSync(program as string, [...rest], { stdio: ['ignore', 'ignore', 'pipe'] });
}

async function waitUntilReady(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not answer within 20 s: ${error}\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export default async function startThrowawayPostgres(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('testPostgres', { url: given });
    return;
  }
  const server = await startPostgresServer({ durable: false });
  if ('missing' in server) {
    project.provide('testPostgres', server);
    return;
  }
  project.provide('testPostgres', { url: server.url });
  return server.stop;
}

/**
 * A PostgreSQL server of this process's own in a temporary folder, reached by a socket there only; `stop`
 * ends it and removes the folder. Durable, it commits as a production server does (fsync, synchronous
 * commits: what a benchmark must pay); else it skips the disk, as a test run's data is thrown away.
 */
export async function startPostgresServer({
  durable,
}: {
  durable: boolean;
}): Promise<{ url: string; pid: number; stop(): Promise<void> } | { missing: string }> {
  const bin = postgresBin();
  const user = unprivilegedUser();
  if (!bin || !user) {
    const missing = bin
      ? `There is no "postgres" system user to run PostgreSQL as. ${installHint}`
      : installHint;
    return { missing };
  }

  const dir = mkdtempSync(join(tmpdir(), 'console-postgres-'));
  if (user.uid >= 0) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  run(user.prefix, join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);

  // Only a socket in the folder: no port to find free, nothing reachable from the network.
  const diskOff = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
  const [program, ...args] = [
    ...user.prefix,
    join(bin, 'postgres'),
    ...['-D', data, '-k', dir, '-c', 'listen_addresses=', '-c', 'max_connections=200'],
    ...(durable ? [] : diskOff),
  ];
  const server = spawn(program as string, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let serverLog = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const stop = async () => {
    // SIGINT is PostgreSQL's fast shutdown: ends the sessions and stops without waiting on them.
    if (server.exitCode === null) server.kill('SIGINT');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`;
  try {
    await waitUntilReady(url, server, () => serverLog);
  } catch (error) {
    await stop();
    throw error;
  }
  // setpriv execs in place: the child is the postmaster, the parent of every backend (the benchmarks sum
  // their CPU).
  return { url, pid: server.pid as number, stop };
}
