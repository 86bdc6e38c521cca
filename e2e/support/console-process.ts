/**
 * The console (src/server/main.ts) in a child process, as the journeys and the benchmarks start it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Ends a child process with SIGTERM and waits for it to exit. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Starts the console (src/server/main.ts) in a child process in `directory` (it serves `directory`/dist)
 * with `env` over the environment (give it PORT 0 for a free port) and resolves with the address it prints.
 */
export async function startConsoleProcess(
  env: Record<string, string>,
  directory: string,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, [...nodeArgs, '--import', tsx, resolve('src/server/main.ts')], {
    cwd: directory,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Warehouse Console: (http:\/\/[\d.:]+)/.exec(output);
      if (!match?.[1]) return;
      // Its request log from here on is read and dropped, not kept: a busy console logs a line a request.
      for (const stream of [child.stdout, child.stderr]) stream?.off('data', collect).resume();
      resolve(match[1]);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the console exited with ${code}:\n${output}`)));
  });
  return { child, url };
}
