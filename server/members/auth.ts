/**
 * Secrets of member accounts: passwords hashed with scrypt (node:crypto), random tokens stored as SHA-256
 * hashes, the password rules of spec 3 §5.
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  n: number;
  r: number;
  p: number;
}

/**
 * The cost of new hashes: scrypt N = 2^17, r 8, p 1 (OWASP's recommendation): 128 MiB of memory per hash.
 * Hashes of lower cost (N = 2^14 before issue 18) are rewritten at the next successful login.
 */
export const PASSWORD_COST: ScryptCost = { n: 2 ** 17, r: 8, p: 1 };
/**
 * Under `NODE_ENV=test` only (vitest, the e2e server, the process tests), which production never runs: the
 * cost of the hashes before issue 18, so suites that create and check hundreds of passwords stay fast.
 */
const TEST_COST: ScryptCost = { n: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 64;

/** The cost new hashes get (and below which a stored hash is rewritten at login). */
export const passwordCost = (): ScryptCost => (process.env.NODE_ENV === 'test' ? TEST_COST : PASSWORD_COST);

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      // Node refuses scrypt above maxmem (default 32 MiB); it needs 128 × N × r bytes: allow twice that.
      { N: cost.n, r: cost.r, p: cost.p, maxmem: 2 * 128 * cost.n * cost.r },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string, cost: ScryptCost = passwordCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return `scrypt$${cost.n}$${cost.r}$${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** The parts of a stored hash, or null when it is not one this server could have written. */
function parseHash(stored: string) {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash || rest.length > 0) return null;
  const cost = { n: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(Math.log2(cost.n));
  if (!powerOfTwo || cost.n < 2 || cost.n > 2 ** 20) return null;
  if (!Number.isInteger(cost.r) || cost.r < 1 || cost.r > 32) return null;
  if (!Number.isInteger(cost.p) || cost.p < 1 || cost.p > 16) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

/** Whether a stored hash costs less than new hashes do (then it is rewritten after a successful login). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const want = passwordCost();
  return parsed.cost.n < want.n || parsed.cost.r < want.r || parsed.cost.p < want.p;
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
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.cost);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
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
