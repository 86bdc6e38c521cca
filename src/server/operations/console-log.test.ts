import { describe, expect, it } from 'vitest';
import { createConsoleLog, type RequestLogEntry, requestLine, withoutSecret } from './console-log';

const entry: RequestLogEntry = {
  requestId: '5b7a9e1c-0d7f-4d0e-9b55-0a4c1e3f2b10',
  method: 'POST',
  path: '/api/webhooks/warehouse',
  route: '/api/webhooks/warehouse',
  status: 200,
  durationMs: 3.125,
  note: 'webhook stored order',
};

function captured(format: 'text' | 'json') {
  const written: string[] = [];
  return { written, log: createConsoleLog({ format, write: (text) => written.push(text) }) };
}

describe('LOG_FORMAT=text', () => {
  it('writes the request line as before: method, path, status, time and note', () => {
    const { written, log } = captured('text');
    log.request(entry);
    log.info('index sync: the orders listing has no nextCursor');
    expect(written).toEqual([
      'POST /api/webhooks/warehouse 200 3.1ms webhook stored order',
      'index sync: the orders listing has no nextCursor',
    ]);
    expect(requestLine({ ...entry, note: undefined })).toBe('POST /api/webhooks/warehouse 200 3.1ms');
  });
});

describe('LOG_FORMAT=json', () => {
  it('writes one JSON object a line, a request with its id and fields', () => {
    const { written, log } = captured('json');
    log.request(entry);
    log.warn('Warning: HOST=0.0.0.0 serves sign-in over plain HTTP');
    expect(written).toHaveLength(2);
    for (const text of written) expect(text.endsWith('\n') && !text.slice(0, -1).includes('\n')).toBe(true);
    const [request, warning] = written.map((text) => JSON.parse(text));
    expect(request).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      pid: process.pid,
      hostname: expect.any(String),
      requestId: entry.requestId,
      method: 'POST',
      path: '/api/webhooks/warehouse',
      route: '/api/webhooks/warehouse',
      status: 200,
      durationMs: 3.1,
      note: 'webhook stored order',
      msg: 'POST /api/webhooks/warehouse 200 3.1ms webhook stored order',
    });
    expect(warning).toMatchObject({
      level: 'warn',
      msg: 'Warning: HOST=0.0.0.0 serves sign-in over plain HTTP',
    });
  });

  it('keeps a path with quotes, backslashes and line breaks on its one line', () => {
    const { written, log } = captured('json');
    log.info('a "quoted"\nsecond line \\ end');
    expect(written).toHaveLength(1);
    expect(written[0]?.trimEnd().includes('\n')).toBe(false);
    expect(JSON.parse(written[0] as string).msg).toBe('a "quoted"\nsecond line \\ end');
  });
});

describe('withoutSecret', () => {
  it('takes the key out of the path and the note, as sent or percent-encoded', () => {
    const key = 'KEY-must-never-leak-7f3a';
    const encoded = [...key].map((character) => `%${character.charCodeAt(0).toString(16)}`).join('');
    const cleaned = withoutSecret({ ...entry, path: `/a/${encoded}/b`, note: `echoed ${key}` }, key);
    expect(cleaned.path).toBe('/a/[redacted]/b');
    expect(cleaned.note).toBe('echoed [redacted]');
    // A test's one-letter key would garble every line.
    expect(withoutSecret(entry, 'k')).toEqual(entry);
  });
});
