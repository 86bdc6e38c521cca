import { pino } from 'pino';
import { redact } from './key-redaction';

/** What the console logs of one request; the text line and the JSON object are made from it. */
export type RequestLogEntry = {
  /** `X-Request-Id` as a proxy in front sent it (when well formed), else one made here; the answer carries it. */
  requestId: string;
  method: string;
  /** The path as sent, without the query string (it may hold customer data), escaped and bounded. */
  path: string;
  /** The route pattern that answered (`/api/index/records/:kind/:reference`), as /metrics counts it. */
  route: string;
  status: number;
  durationMs: number;
  /** What a route added: why it refused, what a webhook did. */
  note?: string;
};

export type LogFormat = 'text' | 'json';

/** The console's log: lines of its own, and one entry per request. */
export type ConsoleLog = {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
  request(entry: RequestLogEntry): void;
};

/** The text line of a request, as the console has always written it: `GET /api/search 200 3.1ms note`. */
export function requestLine({ method, path, status, durationMs, note }: RequestLogEntry): string {
  return `${method} ${path} ${status} ${durationMs.toFixed(1)}ms${note ? ` ${note}` : ''}`;
}

/**
 * Shorter keys are only tests' (`k`): one character's forms (and its one-character base64 forms) are in
 * every line, and replacing them would garble the log without hiding anything.
 */
const shortestHiddenKey = 8;

/** `text` with every form of `secret` in it replaced (see key-redaction.ts). */
export function withoutKey(text: string, secret: string | null): string {
  return secret === null || secret.length < shortestHiddenKey ? text : redact(text, secret).text;
}

/** `entry` with every form of `secret` in its path and note replaced (a client may send anything there). */
export function withoutSecret(entry: RequestLogEntry, secret: string): RequestLogEntry {
  const path = withoutKey(entry.path, secret);
  const note = entry.note === undefined ? undefined : withoutKey(entry.note, secret);
  return note === undefined ? { ...entry, path } : { ...entry, path, note };
}

/**
 * LOG_FORMAT=text: lines as people read them, on stdout (warnings and errors on stderr), unchanged from
 * before there was a choice. LOG_FORMAT=json: one JSON object a line on stdout through pino, with `level`,
 * `time` (ISO 8601), `pid`, `hostname` and `msg`, and for a request its fields (`requestId`, `method`,
 * `path`, `route`, `status`, `durationMs`, `note`), `msg` being the text line. `write` replaces stdout (tests).
 */
export function createConsoleLog({
  format,
  write,
}: {
  format: LogFormat;
  write?: (text: string) => void;
}): ConsoleLog {
  if (format === 'text') {
    const out = write ?? ((text: string) => console.log(text));
    const err = write ?? ((text: string) => console.error(text));
    const warn = write ?? ((text: string) => console.warn(text));
    return {
      info: (line) => out(line),
      warn: (line) => warn(line),
      error: (line) => err(line),
      request: (entry) => out(requestLine(entry)),
    };
  }
  const options: pino.LoggerOptions = {
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  // Synchronous writes to stdout (pino's default): a line is out before the process exits on a signal.
  const logger = write ? pino(options, { write }) : pino(options);
  return {
    info: (line) => logger.info(line),
    warn: (line) => logger.warn(line),
    error: (line) => logger.error(line),
    request: (entry) => {
      const { requestId, method, path, route, status, durationMs, note } = entry;
      logger.info(
        {
          requestId,
          method,
          path,
          route,
          status,
          durationMs: Number(durationMs.toFixed(1)),
          ...(note ? { note } : {}),
        },
        requestLine(entry),
      );
    },
  };
}
