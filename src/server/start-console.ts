import type { SandboxConfig } from '../sandbox/config';
import { startSandbox } from '../sandbox/server';
import { createServerApp } from './app';
import type { ServerConfig } from './config';
import { listen } from './listen';
import type { Upstream } from './proxy';

export type RunningConsole = {
  url: string;
  mode: 'sandbox' | 'upstream';
  /** Where the requests go: the operator's service or the embedded sandbox. */
  upstreamUrl: string;
  close(): Promise<void>;
};

/**
 * The console's defaults for the embedded sandbox: the autopilot moves shipments along unless
 * SANDBOX_AUTOPILOT says otherwise; every other sandbox setting comes from its own variables.
 */
export function embeddedSandboxDefaults(env: NodeJS.ProcessEnv = process.env): Partial<SandboxConfig> {
  return env.SANDBOX_AUTOPILOT?.trim() ? {} : { autopilot: true };
}

/**
 * Starts the server: with `config.upstreamBaseUrl` it forwards there; without, it first starts the
 * embedded sandbox on a free port with the same packet (warehouses, attribute keys, rate groups) and
 * forwards to it over HTTP, like to any upstream.
 */
export async function startConsole({
  config,
  distDir,
  log = console.log,
  sandboxSettings = {},
}: {
  config: ServerConfig;
  distDir: string | null;
  log?: (line: string) => void;
  sandboxSettings?: Partial<SandboxConfig>;
}): Promise<RunningConsole> {
  let upstream: Upstream;
  let closeSandbox = async () => {};
  if (config.upstreamBaseUrl !== null && config.apiKey !== null) {
    upstream = {
      baseUrl: config.upstreamBaseUrl,
      apiKey: config.apiKey,
      organization: config.organization,
      timeoutMs: config.upstreamTimeoutMs,
      maxAnswerBytes: config.upstreamMaxBytes,
    };
  } else {
    const multiOrganization = config.organization !== null;
    const sandbox = await startSandbox({
      ...sandboxSettings,
      port: 0,
      warehouses: config.warehouses,
      attributeKeys: config.attributeKeys.map((attribute) => attribute.key),
      serialKey: config.serialKey,
      rateGroups: config.rateGroups,
      // The demo week and the autopilot's customer go to the organization the console shows.
      ...(multiOrganization
        ? { organizations: [config.organization as string], demoOrganization: config.organization as string }
        : {}),
      ...(config.apiKey === null
        ? {}
        : multiOrganization
          ? { multiOrgApiKey: config.apiKey }
          : { apiKey: config.apiKey }),
    });
    closeSandbox = sandbox.close;
    upstream = {
      baseUrl: new URL(sandbox.url),
      apiKey: multiOrganization ? sandbox.config.multiOrgApiKey : sandbox.config.apiKey,
      organization: config.organization,
      timeoutMs: config.upstreamTimeoutMs,
      maxAnswerBytes: config.upstreamMaxBytes,
    };
  }

  const mode = config.upstreamBaseUrl === null ? 'sandbox' : 'upstream';
  const app = createServerApp({ config, upstream, mode, distDir, log });
  const server = await listen(app.fetch, { port: config.port, host: config.host, log }).catch(
    async (error) => {
      await closeSandbox();
      throw error;
    },
  );
  return {
    url: server.url,
    mode,
    upstreamUrl: upstream.baseUrl.href,
    async close() {
      await server.close();
      await closeSandbox();
    },
  };
}

/** One line a person can act on for a failure to start: a bad setting, a busy port, a database problem. */
export function describeStartFailure(error: unknown): string {
  const { code, port } = error as { code?: unknown; port?: unknown };
  if (code === 'EADDRINUSE')
    return `port ${port} is already in use: stop what runs there or set PORT to a free port.`;
  if (code === 'EACCES') return `not allowed to listen on port ${port}: choose a PORT above 1023.`;
  return error instanceof Error ? error.message : String(error);
}
