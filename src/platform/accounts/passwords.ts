/**
 * Password hashing with scrypt (memory-hard): N = 2^15, r = 8, p = 1, a 16-byte random salt and a
 * 64-byte key, stored as `scrypt$N$r$p$salt$hash` (salt and hash in base64url). Verification
 * recomputes the key with the stored parameters and compares in constant time.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 1 << 15;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** scrypt needs 128·N·r bytes; leave room above it. */
const maxmemFor = (n: number, r: number): number => 128 * n * r * 2 + (1 << 20);

function derive(password: string, salt: Buffer, n: number, r: number, p: number, keyLen: number): Promise<Buffer> {
  const opts: ScryptOptions = { N: n, r, p, maxmem: maxmemFor(n, r) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, N, R, P, KEY_BYTES);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** True when `password` matches `stored` (false for anything malformed). */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  // Only sane parameters (a damaged row must not make the server allocate gigabytes).
  if (![n, r, p].every(Number.isInteger) || n < 2 || n > 1 << 20 || (n & (n - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || expected.length < 16 || expected.length > 256) return false;
  const key = await derive(password, salt, n, r, p, expected.length);
  return timingSafeEqual(key, expected);
}

/** A hash that never matches, for spending the same time when there is no account to check. */
let dummy: Promise<string> | null = null;
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummy);
  return false;
}

/** Stored with older parameters: worth re-hashing at the next successful login. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`scrypt$${N}$${R}$${P}$`);
}
