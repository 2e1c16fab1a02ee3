/**
 * The client address rate limits count by (members, gift-code guessing, pay attempts): one definition in the
 * HTTP plumbing, so no domain imports another domain's routes for it (that made an import cycle).
 */
import type { C } from './context';

/**
 * The client address rate limits count by. Behind `trustProxy` proxies: each appends the address it received
 * the request from to X-Forwarded-For, so the client is the `trustProxy`-th entry from the right (the last
 * proxy's is the right-most); entries to the left of it are whatever the client sent and are never used.
 */
export function clientAddress(c: C, trustProxy: number): string {
  if (trustProxy > 0) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '');
    const forwarded = entries[Math.max(0, entries.length - trustProxy)];
    if (forwarded) return forwarded.slice(0, 100);
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
