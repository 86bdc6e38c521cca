import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// OWASP's scrypt minimum (N=2^17, r=8, p=1) takes four times the memory and time of N=2^15, which keeps a
// sign-in quick and is still far beyond what a stolen database can be guessed at (docs/performance.md).
const cost = { N: 2 ** 15, r: 8, p: 1 };
const keyLength = 32;

type Cost = { N: number; r: number; p: number };

function derive(password: string, salt: Buffer, options: Cost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Runs on libuv's thread pool: the event loop keeps serving while a password is checked.
    scrypt(
      password.normalize('NFC'),
      salt,
      keyLength,
      { ...options, maxmem: 256 * options.N * options.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * `scrypt$N$r$p$salt$hash`, salt and hash in base64: the parameters travel with the hash, so they can grow.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

const unusableHash = await hashPassword(randomBytes(16).toString('hex'));

/**
 * Whether `password` matches `stored`. Without a stored hash it checks against a throwaway one, so an
 * unknown name takes as long to refuse as a wrong password.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = (stored ?? unusableHash).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return stored !== null && key.length === expected.length && timingSafeEqual(key, expected);
}
