import { expect } from 'vitest';
import { errorEnvelopeSchema } from '../../contract/envelope';
import { createServerApp } from '../app';
import { readServerConfig } from '../config/config';
import { listen } from '../operations/listen';
import { openConsoleDatabase } from '../store/sqlite/console-db';
import { startEchoUpstream } from './echo-upstream';
import { type RawResponse, rawRequest } from './raw-request';

/** The API key the console forwards, which must never leave the server. */
export const apiKey = 'KEY-must-never-leak-7f3a';
export const organization = 'north';

/**
 * The console in upstream mode over an echo upstream, listening on a free port, with the key and the
 * organization, and the built dashboard from `distDir` if given. It keeps every response `send` saw and
 * every log line, so a test can search them all for the key.
 */
export async function startForwardingConsole({ distDir = null }: { distDir?: string | null } = {}) {
  const upstream = await startEchoUpstream();
  const logLines: string[] = [];
  const seen: RawResponse[] = [];
  const config = readServerConfig({
    WAREHOUSE_BASE_URL: upstream.url,
    WAREHOUSE_API_KEY: apiKey,
    WAREHOUSE_ORGANIZATION: organization,
  });
  const app = createServerApp({
    config,
    consoleDb: openConsoleDatabase(':memory:'),
    upstream: {
      baseUrl: new URL(upstream.url),
      apiKey,
      organization,
      timeoutMs: 300,
      maxAnswerBytes: config.upstreamMaxBytes,
    },
    mode: 'upstream',
    distDir,
    log: (line) => logLines.push(line),
  });
  const server = await listen(app.fetch, { port: 0, host: '127.0.0.1', log: (line) => logLines.push(line) });

  /** Changes come from the console's own page, as the browser sends them, unless a test says otherwise. */
  async function send(target: string, options: Parameters<typeof rawRequest>[2] = {}) {
    const changes = options.method !== undefined && options.method !== 'GET';
    const headers = changes
      ? { origin: server.url, 'content-type': 'application/json', ...options.headers }
      : options.headers;
    const response = await rawRequest(server.url, target, { ...options, headers });
    seen.push(response);
    return response;
  }

  return {
    upstream,
    logLines,
    seen,
    send,
    async close() {
      await server.close();
      await upstream.close();
    },
  };
}

/** The first error item of the error envelope `response` carries. */
export function errorOf(response: RawResponse) {
  const envelope = errorEnvelopeSchema.parse(JSON.parse(response.body));
  expect(envelope.data).toEqual({});
  return envelope.errors[0];
}

/** Neither a response's body or headers nor a log line holds the key. */
export function expectKeyNowhere(responses: RawResponse[], logLines: string[]) {
  for (const response of responses) {
    expect(response.body).not.toContain(apiKey);
    expect(JSON.stringify(response.headers)).not.toContain(apiKey);
  }
  for (const line of logLines) expect(line).not.toContain(apiKey);
}
