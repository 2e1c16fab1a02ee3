/**
 * The manage link's token (issue 24): the confirmation email links to `/{slug}/manage/{orderId}?token=…`, where
 * the token is an HMAC-SHA256 over the purpose and the order id with the server's link key. It proves the holder
 * got the link from the purchaser's email (an order id alone, shown on the printable order and in QR codes, does
 * not let anyone cancel). The key: `TIX_LINK_SECRET` (at least 32 characters) when set, else 32 random bytes kept
 * in the database (`server_secret`, written once), so every process checks the same links.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Q } from '../db';
import { serverSecret } from './schema';

/**
 * What a token grants; a new purpose never accepts another's tokens. `manage`: the manage page (cancel, edit);
 * `order`: reading the order whole (its purchaser, attendees, bought codes and memberships), which an order id
 * alone does not give (server/payments/access.ts).
 */
export type TokenPurpose = 'manage' | 'order';

const SECRET_NAME = 'order_link';
/** The keys read, per database (a process may serve several in tests). */
const cache = new WeakMap<object, Promise<Buffer>>();

/**
 * Writes the database's link key once (server/db.ts runs it with the DDL, under its lock, before anything is
 * served): a key created inside a booking transaction could be rolled back after it signed a link.
 */
export const ensureLinkSecretSql = {
  text: 'INSERT INTO server_secret (name, value, created_at) VALUES ($1, $2, now()) ON CONFLICT (name) DO NOTHING',
  values: () => [SECRET_NAME, randomBytes(32).toString('base64url')],
};

async function storedSecret(q: Q): Promise<Buffer> {
  const [row] = await q.select().from(serverSecret).where(eq(serverSecret.name, SECRET_NAME));
  if (!row) throw new Error('server_secret row missing');
  return Buffer.from(row.value, 'base64url');
}

/**
 * The key that signs order links: `configured` (TIX_LINK_SECRET), else the database's, kept per `db` and read
 * through `reader` (the caller's transaction, when it is in one: PGlite runs one at a time).
 */
export function linkKey(db: Q, configured: string | null | undefined, reader: Q = db): Promise<Buffer> {
  if (configured) return Promise.resolve(Buffer.from(configured, 'utf8'));
  let key = cache.get(db);
  if (!key) {
    key = storedSecret(reader);
    key.catch(() => cache.delete(db));
    cache.set(db, key);
  }
  return key;
}

/** The token of `orderId` for `purpose` (base64url, 43 characters). */
export function orderToken(key: Buffer, purpose: TokenPurpose, orderId: string): string {
  return createHmac('sha256', key).update(`tix:${purpose}:v1:${orderId.toLowerCase()}`).digest('base64url');
}

/** Whether `token` is `orderId`'s for `purpose` (constant time). */
export function tokenMatches(key: Buffer, purpose: TokenPurpose, orderId: string, token: string): boolean {
  const expected = Buffer.from(orderToken(key, purpose, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The manage page's address: `{origin}/{slug}/manage/{id}?token=…` (origin '' gives a path). */
export const manageLink = (origin: string, slug: string, orderId: string, token: string) =>
  `${origin.replace(/\/+$/, '')}/${slug}/manage/${orderId}?token=${token}`;
