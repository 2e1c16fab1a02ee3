/**
 * Secrets of member accounts: passwords hashed with scrypt (node:crypto), random tokens stored as SHA-256
 * hashes, the password rules of spec 3 §5.
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/** scrypt cost (N = 2^14, r 8, p 1: 16 MB, tens of milliseconds). */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A hash of nothing anyone knows: verifying against it costs what a real check costs (no timing oracle). */
let decoy: Promise<string> | null = null;

/** Whether `password` matches `stored`; with no stored hash, spends the same time and answers false. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(password, await decoy);
    return false;
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Spec 3 §5: at least 8 characters (at most 254), no leading or trailing whitespace, printable ASCII only,
 * at least 3 of 4 classes (uppercase, lowercase, number, special).
 */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return 'The password must have at least 8 characters.';
  if (password.length > 254) return 'The password may have at most 254 characters.';
  if (password !== password.trim()) return 'The password must not start or end with a space.';
  if (!/^[\x20-\x7e]+$/.test(password)) return 'The password may only contain printable ASCII characters.';
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 3)
    return 'The password needs 3 of: an uppercase letter, a lowercase letter, a number, a special character.';
  return null;
}

/** A random token for a cookie or an emailed link (32 bytes, base64url). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Lower-cased, trimmed email: the key accounts are looked up by. */
export const emailKey = (email: string): string => email.trim().toLowerCase();
