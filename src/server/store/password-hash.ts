import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { createHeavyQueue } from '../heavy-work/heavy-queue';
import { createWorkerPool, type WorkerPool, workerTask } from '../heavy-work/worker-pool';

// OWASP's scrypt minimum (N=2^17, r=8, p=1) takes four times the memory and time of N=2^15, which keeps a
// sign-in quick and is still far beyond what a stolen database can be guessed at (docs/performance.md).
const cost = { N: 2 ** 15, r: 8, p: 1 };
const keyLength = 32;

type Cost = { N: number; r: number; p: number };

function derive(password: string, salt: Buffer, options: Cost): Buffer {
  return scryptSync(password.normalize('NFC'), salt, keyLength, {
    ...options,
    maxmem: 256 * options.N * options.r,
  });
}

/** In a hashing thread: `scrypt$N$r$p$salt$hash`, salt and hash in base64 (the parameters travel with it). */
export function hashInThread(password: string): string {
  const salt = randomBytes(16);
  const key = derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * A hash of a password nobody knows, checked when a name has no account so that an unknown name takes as
 * long to refuse as a wrong password; it never matches (verifyInThread asks for a stored hash).
 */
const unusableHash = 'scrypt$32768$8$1$C7BZyR6/CHDC47QvyaCTqg==$zq9yFsuKuwFm1clCRnh4JHVobIMPrisPZE4oTQHrT1s=';

/** In a hashing thread: whether `password` matches `stored` (see verifyPassword). */
export function verifyInThread({ password, stored }: { password: string; stored: string | null }): boolean {
  const [scheme, N, r, p, salt, hash] = (stored ?? unusableHash).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = derive(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) });
  return stored !== null && key.length === expected.length && timingSafeEqual(key, expected);
}

const hashTask = workerTask<typeof hashInThread>(import.meta.url, 'hashInThread');
const verifyTask = workerTask<typeof verifyInThread>(import.meta.url, 'verifyInThread');

/**
 * Hashing runs on threads of its own, the process's like libuv's: scrypt on libuv's four threads crowded
 * out the file reads that serve the dashboard. Hashes wait in one line; past it a sign-in is refused with
 * Busy (503), which the sign-in limits keep to many people at once from many addresses. A line that would
 * keep a newcomer over 3 s (hashes slow on a machine busy with other work) is full too: a person is told to
 * try again rather than left waiting past their browser's patience.
 */
export const hashingLimits = { running: 2, waiting: 64, maxWaitMs: 3_000 };
let hashing: { pool: WorkerPool; queue: ReturnType<typeof createHeavyQueue<'password'>> } | undefined;
const hashingOf = () => {
  hashing ??= {
    pool: createWorkerPool({ threads: hashingLimits.running }),
    queue: createHeavyQueue({ password: hashingLimits }),
  };
  return hashing;
};

/** The hashing line as it stands, for /metrics. */
export const hashingState = () => hashingOf().queue.state();

export function hashPassword(password: string): Promise<string> {
  const { pool, queue } = hashingOf();
  return queue.run('password', '', () => pool.run(hashTask, password));
}

/**
 * Whether `password` matches `stored`. Without a stored hash it checks against a throwaway one, so an
 * unknown name takes as long to refuse as a wrong password. Throws Busy when the hashing line is full.
 */
export function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const { pool, queue } = hashingOf();
  return queue.run('password', '', () => pool.run(verifyTask, { password, stored }));
}
