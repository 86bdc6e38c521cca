import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { auditLogPageSchema } from '../../contract/audit-log';
import { createServerApp } from '../app';
import { readServerConfig } from '../config/config';
import { listen, type RunningServer } from '../operations/listen';
import type { AttemptLimitStore } from '../store/attempt-limits';
import { createMemoryAttemptLimits } from '../store/memory-attempt-limits';
import { hashingLimits } from '../store/password-hash';
import { createPostgresAttemptLimits } from '../store/postgres/postgres-attempt-limits';
import { openConsoleDatabase } from '../store/sqlite/console-db';
import { createSqliteAccountStore } from '../store/sqlite/sqlite-account-store';
import { createSqliteAuditLog } from '../store/sqlite/sqlite-audit-log';
import { pageRequests } from '../testing/page-requests';
import { testUpstream } from '../testing/test-console-app';
import { postgresPerTest } from '../testing/test-postgres-schema';
import { defaultSignInLimits, type SignInLimits } from './password-sign-in';

const password = 'a long enough password';

const origin = 'http://127.0.0.1';

/** A console with the account ana (admin); `signIn` sends a sign-in as its page does, from `peer`. */
async function consoleWithAna(
  env: Record<string, string> = {},
  signInLimits = defaultSignInLimits,
  attemptLimits: AttemptLimitStore = createMemoryAttemptLimits(),
) {
  const consoleDb = openConsoleDatabase(':memory:');
  await createSqliteAccountStore(consoleDb).add('ana', 'admin', password);
  const app = createServerApp({
    config: readServerConfig(env),
    upstream: testUpstream('http://127.0.0.1:9'),
    mode: 'upstream',
    distDir: null,
    consoleDb,
    signInLimits,
    attemptLimits,
    log: () => {},
  });
  const send = pageRequests(app);
  const signIn = (
    name: string,
    guess: string,
    { peer, forwardedFor }: { peer?: string; forwardedFor?: string } = {},
  ) =>
    app.request(
      '/api/session',
      {
        method: 'POST',
        headers: {
          host: '127.0.0.1',
          origin,
          'content-type': 'application/json',
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
        body: JSON.stringify({ name, password: guess }),
      },
      peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined,
    );
  return { app, consoleDb, send, signIn };
}

const statuses = (responses: Response[]) =>
  responses.reduce<Record<number, number>>((counts, response) => {
    counts[response.status] = (counts[response.status] ?? 0) + 1;
    return counts;
  }, {});

const postgres = postgresPerTest();

/** Attempt limits counted in a PostgreSQL database of the test's own; each call a console's own pool on it. */
async function sharedAttemptLimits(): Promise<() => Promise<AttemptLimitStore>> {
  const url = await postgres.database();
  return async () => createPostgresAttemptLimits(await postgres.open(url));
}

const engines: { engine: string; attemptLimits(): Promise<AttemptLimitStore> }[] = [
  { engine: 'in memory', attemptLimits: async () => createMemoryAttemptLimits() },
  { engine: 'in PostgreSQL', attemptLimits: async () => (await sharedAttemptLimits())() },
];

describe.each(engines)('guesses per name, counted $engine', ({ attemptLimits }) => {
  const consoleWithAnaOn = async () => consoleWithAna({}, defaultSignInLimits, await attemptLimits());

  it('checks at most five of 200 concurrent wrong passwords; the rest get 429 with Retry-After', {
    timeout: budgets.passwordHashes,
  }, async () => {
    const { consoleDb, signIn } = await consoleWithAnaOn();
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => signIn('ana', `wrong ${i}`)));
    expect(statuses(responses)).toEqual({ 401: 5, 429: 195 });
    // Each password checked and found wrong is one entry in the log.
    expect((await createSqliteAuditLog(consoleDb).list({ limit: 200 })).entries).toHaveLength(5);
    for (const response of responses.filter((r) => r.status === 429))
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('refuses the right password sent among concurrent wrong ones past the limit', {
    timeout: budgets.passwordHashes,
  }, async () => {
    const { signIn } = await consoleWithAnaOn();
    const wrong = Array.from({ length: 20 }, (_, i) => signIn('ANA', `wrong ${i}`));
    const right = await signIn('ana', password);
    await Promise.all(wrong);
    expect(right.status).toBe(429);
    expect(right.headers.get('set-cookie')).toBeNull();
  });

  it('starts a name afresh after it signs in', { timeout: budgets.passwordHashes }, async () => {
    const { signIn } = await consoleWithAnaOn();
    for (let i = 0; i < 4; i++) expect((await signIn('ana', `wrong ${i}`)).status).toBe(401);
    expect((await signIn('ana', password)).status).toBe(200);
    const after = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn('ana', `again ${i}`)));
    expect(statuses(after)).toEqual({ 401: 5, 429: 1 });
  });
});

describe('guesses counted in one PostgreSQL database by two consoles', () => {
  async function twoConsoles() {
    const consoleOn = await sharedAttemptLimits();
    const first = await consoleWithAna({}, defaultSignInLimits, await consoleOn());
    const second = await consoleWithAna({}, defaultSignInLimits, await consoleOn());
    return [first.signIn, second.signIn] as const;
  }

  it('checks at most five of 200 concurrent wrong passwords sent to either; the rest get 429', {
    timeout: budgets.passwordHashes,
  }, async () => {
    const [first, second] = await twoConsoles();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? first : second)('ana', `wrong ${i}`)),
    );
    expect(statuses(responses)).toEqual({ 401: 5, 429: 195 });
    expect((await second('ana', password)).status).toBe(429);
  });

  it('starts a name afresh on both after it signs in on one', {
    timeout: budgets.passwordHashes,
  }, async () => {
    const [first, second] = await twoConsoles();
    for (let i = 0; i < 4; i++) expect((await first('ana', `wrong ${i}`)).status).toBe(401);
    expect((await second('ana', password)).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await (i % 2 ? first : second)('ana', `again ${i}`)).status).toBe(401);
    expect((await first('ana', 'once more')).status).toBe(429);
  });
});

describe('guesses per address', () => {
  const office = { peer: '10.0.0.5', forwardedFor: '198.51.100.1' };

  // 20 rather than 100 guesses an address: each takes a password hash.
  const limits: SignInLimits = {
    guessesPerNameAtAddress: 5,
    guessesPerAddress: 20,
    guessesPerNamePerDay: 50,
  };

  it('stops a sprayer across names at its limit, without locking out the next address behind the proxy', {
    timeout: budgets.passwordHashes,
  }, async () => {
    const { signIn } = await consoleWithAna({ TRUSTED_PROXIES: '10.0.0.0/8' }, limits);
    // Five names, four guesses each: no name reaches its own limit.
    const sprayed = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(`name${i % 5}`, `wrong ${i}`, office)),
    );
    expect(statuses(sprayed)).toEqual({ 401: 20 });
    expect((await signIn('fresh', 'wrong', office)).status).toBe(429);
    expect((await signIn('ana', password, office)).status).toBe(429);
    // Another office behind the same proxy, and ana from there, are not affected.
    const elsewhere = { peer: '10.0.0.5', forwardedFor: '198.51.100.2' };
    expect((await signIn('fresh', 'wrong', elsewhere)).status).toBe(401);
    expect((await signIn('ana', password, elsewhere)).status).toBe(200);
  });

  it('lets a colleague behind the same address sign in after four people’s typos lock their names', {
    timeout: budgets.passwordHashes,
  }, async () => {
    const { signIn } = await consoleWithAna();
    // Twenty failed sign-ins from one address locked everyone behind it out for 15 minutes.
    const typos = await Promise.all(
      ['bo', 'cy', 'di', 'ed'].flatMap((name) =>
        Array.from({ length: 6 }, (_, i) => signIn(name, `typo ${i}`, office)),
      ),
    );
    expect(statuses(typos)).toEqual({ 401: 20, 429: 4 });
    expect((await signIn('ana', password, office)).status).toBe(200);
  });

  it('reads X-Forwarded-For only from a trusted proxy', { timeout: budgets.passwordHashes }, async () => {
    const { signIn } = await consoleWithAna({ TRUSTED_PROXIES: '10.0.0.5' }, limits);
    // From an untrusted peer, each guess naming a new forwarded address still counts against the peer.
    const guesses = Array.from({ length: 20 }, (_, i) =>
      signIn(`name${i % 5}`, 'wrong', { peer: '10.0.0.6', forwardedFor: `198.51.100.${i}` }),
    );
    expect(statuses(await Promise.all(guesses))).toEqual({ 401: 20 });
    expect((await signIn('fresh', 'wrong', { peer: '10.0.0.6', forwardedFor: '192.0.2.1' })).status).toBe(
      429,
    );
  });
});

describe.each(engines)('guesses per name across addresses, counted $engine', ({ attemptLimits }) => {
  const behindProxy = (address: string) => ({ peer: '10.0.0.5', forwardedFor: address });
  const limits: SignInLimits = {
    guessesPerNameAtAddress: 5,
    guessesPerAddress: 100,
    guessesPerNamePerDay: 10,
  };
  const consoleWithAnaOn = async () =>
    consoleWithAna({ TRUSTED_PROXIES: '10.0.0.5' }, limits, await attemptLimits());

  it('locks a stranger out of a name at their own address only, not the person elsewhere', async () => {
    const { signIn } = await consoleWithAnaOn();
    const stranger = behindProxy('203.0.113.66');
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn('ana', `guess ${i}`, stranger)),
    );
    expect(statuses(guesses)).toEqual({ 401: 5, 429: 3 });
    expect((await signIn('ana', password, behindProxy('198.51.100.7'))).status).toBe(200);
    expect((await signIn('ana', password, stranger)).status).toBe(429);
  }, 60_000);

  it('stops guesses at one name from many addresses for a day, except at the places it signed in from', async () => {
    const { signIn } = await consoleWithAnaOn();
    const home = behindProxy('198.51.100.7');
    expect((await signIn('ana', password, home)).status).toBe(200);
    const spread = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn('ana', `guess ${i}`, behindProxy(`203.0.113.${i}`))),
    );
    expect(statuses(spread)).toEqual({ 401: 10 });
    const next = await signIn('ana', 'guess', behindProxy('203.0.113.99'));
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    // Not even the right password from a new place, but from home as always.
    expect((await signIn('ana', password, behindProxy('192.0.2.40'))).status).toBe(429);
    expect((await signIn('ana', password, home)).status).toBe(200);
    // Typos at home are still counted at home.
    const typos = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn('ana', `typo ${i}`, home)));
    expect(statuses(typos)).toEqual({ 401: 5, 429: 1 });
  }, 60_000);
});

describe('passwords checked at once', () => {
  it('answers 503 with Retry-After past the hashing line, and counts no guess it did not check', async () => {
    const { signIn } = await consoleWithAna({ TRUSTED_PROXIES: '10.0.0.5' });
    const from = (i: number) => ({ peer: '10.0.0.5', forwardedFor: `198.51.100.${i}` });
    const burst = await Promise.all(
      Array.from({ length: hashingLimits.running + hashingLimits.waiting + 20 }, (_, i) =>
        signIn(`name${i}`, 'wrong', from(i)),
      ),
    );
    expect(Object.keys(statuses(burst)).sort()).toEqual(['401', '503']);
    const refusedAt = burst.findIndex((response) => response.status === 503);
    expect(Number(burst[refusedAt]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Its guess was given back: five more are checked before that name is paused there.
    const again = [];
    for (let i = 0; i < 6; i++) again.push(await signIn(`name${refusedAt}`, 'wrong', from(refusedAt)));
    expect(statuses(again)).toEqual({ 401: 5, 429: 1 });
  }, 60_000);
});

describe('failed sign-ins in the audit log', () => {
  it('names who was tried and from where, never the password', async () => {
    const { send, signIn } = await consoleWithAna({ TRUSTED_PROXIES: '10.0.0.5' });
    expect(
      (await signIn('Ana', 'my secret guess', { peer: '10.0.0.5', forwardedFor: '203.0.113.9' })).status,
    ).toBe(401);
    const signedIn = await signIn('ana', password);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const body = (await (await send('/api/audit-log', { headers: { cookie } })).json()).data;
    const entries = auditLogPageSchema.parse(body).entries;
    expect(
      entries.map(({ person, role, action, target, status }) => ({ person, role, action, target, status })),
    ).toEqual([
      { person: 'ana', role: 'admin', action: 'Signed in', target: 'ana', status: 200 },
      { person: 'ana', role: null, action: 'Sign-in failed', target: '203.0.113.9', status: 401 },
    ]);
    expect(JSON.stringify(body)).not.toContain('my secret guess');
  });
});

describe('the sign-in body', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const { app } = await consoleWithAna();
    server = await listen(app.fetch, { port: 0, host: '127.0.0.1', log: () => {} });
  });
  afterAll(() => server?.close());

  /**
   * Streams up to 300 MB of JSON to `POST /api/session` until the console answers; how many bytes went
   * out by then, the answer's status line, and how much the process's memory grew.
   */
  function sendHugeSignIn(declareLength: boolean) {
    const total = 300 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const head = [
      'POST /api/session HTTP/1.1',
      'host: 127.0.0.1',
      `origin: ${origin}`,
      'content-type: application/json',
      declareLength ? `content-length: ${total}` : 'transfer-encoding: chunked',
    ].join('\r\n');
    const rssBefore = process.memoryUsage().rss;
    return new Promise<{ sent: number; statusLine: string; rssGrowth: number }>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      let sent = 0;
      let answer = '';
      let answered = false;
      const finish = () =>
        resolve({
          sent,
          statusLine: answer.split('\r\n')[0] ?? '',
          rssGrowth: process.memoryUsage().rss - rssBefore,
        });
      const pump = () => {
        while (!answered && sent < total) {
          const piece = declareLength ? chunk : Buffer.from(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
          sent += chunk.length;
          if (!socket.write(piece)) return socket.once('drain', pump);
        }
      };
      socket.on('data', (data: Buffer) => {
        answer += data.toString();
        if (!answered && answer.includes('\r\n\r\n')) {
          answered = true;
          finish();
          socket.destroy();
        }
      });
      socket.on('error', (error) => (answered ? undefined : reject(error)));
      socket.write(`${head}\r\n\r\n`, pump);
    });
  }

  it.each([
    ['with Content-Length', true],
    ['streamed without a length', false],
  ])(
    'of 300 MB %s is refused at once with 413, read only so far, and memory does not grow',
    async (_, declared) => {
      const started = performance.now();
      const { sent, statusLine, rssGrowth } = await sendHugeSignIn(declared);
      expect(statusLine).toMatch(/^HTTP\/1\.1 413 /);
      // What the sockets' buffers hold besides the 1 MiB the console reads at most.
      expect(sent).toBeLessThan(16 * 1024 * 1024);
      expect(rssGrowth).toBeLessThan(64 * 1024 * 1024);
      expect(performance.now() - started).toBeLessThan(3000);
    },
    30_000,
  );
});
