/**
 * Per-seller settings given in the environment as JSON by seller slug (`STRIPE_SELLERS`, `APPLE_WALLET_SELLERS`):
 * the entries, each slug checked and each value an object, or the problem in words (never a value).
 */
export type SellerEntries =
  | { ok: true; entries: Array<[slug: string, value: Record<string, unknown>]> }
  | { ok: false; problem: string };

export function sellerEntries(raw: string | undefined, name: string): SellerEntries {
  const text = raw?.trim();
  if (!text) return { ok: true, entries: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: `${name} is not JSON` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, problem: `${name} must be an object of seller slugs` };
  const entries: Array<[string, Record<string, unknown>]> = [];
  for (const [slug, value] of Object.entries(parsed)) {
    if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(slug))
      return { ok: false, problem: `${name}: a key is not a seller slug` };
    entries.push([
      slug,
      (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>,
    ]);
  }
  return { ok: true, entries };
}
