/**
 * The seller's content blocks (spec 3 §6 "Tenant content blocks can be enabled per route name and per role,
 * including an 'anonymous' pseudo-role"; issue 26). Config row `content_blocks` of the seller (our key and shape):
 *
 *   { "blocks": [ { "id": "welcome", "html": "<p>…</p>", "routes": ["events"], "roles": ["anonymous"] } ] }
 *
 * `routes` are route names (domain/shell.ts ROUTE_NAMES), `roles` 'anonymous', 'user', 'member' or a
 * membership's role (domain/content-blocks.ts); either absent means all. Strict: an unknown key, an unknown
 * route name, a duplicate id, a string past its bound or a NUL is refused when the row is set, and a stored row
 * that does not read (written some other way) gives no blocks. The runtime configuration carries the blocks;
 * the storefront sanitises their HTML where it shows them (ui/SellerHtml.tsx).
 */
import * as z from 'zod/mini';
import { ROUTE_NAMES } from '../../domain/shell';
import type { Db, Q } from '../db';
import { text } from '../http/validate';
import { setSellerConfig } from '../seed/config-rows';
import { sellerConfigValue } from './seller-config';

export const CONTENT_BLOCKS_KEY = 'content_blocks';
export const CONTENT_BLOCKS_MAX = 20;
export const CONTENT_BLOCK_HTML_MAX = 10_000;

const name = z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lowercase letters, digits, - and _'));

export const contentBlock = z.strictObject({
  id: name,
  html: text(CONTENT_BLOCK_HTML_MAX).check(z.minLength(1)),
  routes: z.optional(z.array(z.enum(ROUTE_NAMES)).check(z.minLength(1), z.maxLength(ROUTE_NAMES.length))),
  roles: z.optional(z.array(name).check(z.minLength(1), z.maxLength(20))),
});

export const contentBlocksConfig = z.strictObject({
  blocks: z.array(contentBlock).check(
    z.maxLength(CONTENT_BLOCKS_MAX),
    z.refine((blocks) => new Set(blocks.map((b) => b.id)).size === blocks.length, 'ids must be unique'),
  ),
});

export type ContentBlocksConfig = z.infer<typeof contentBlocksConfig>;
export type ContentBlockRow = z.infer<typeof contentBlock>;

/** The seller's blocks as the runtime configuration carries them; none (undefined) without a readable row. */
export async function contentBlocksOf(q: Q, sellerId: string): Promise<ContentBlockRow[] | undefined> {
  const parsed = contentBlocksConfig.safeParse(await sellerConfigValue(q, sellerId, CONTENT_BLOCKS_KEY));
  return parsed.success && parsed.data.blocks.length > 0 ? parsed.data.blocks : undefined;
}

/** Sets (validated first: the zod error's issues on refusal) or, with null, removes the seller's row. */
export async function configureContentBlocks(
  db: Db,
  sellerId: string,
  slug: string,
  value: unknown,
): Promise<{ ok: true; value: ContentBlocksConfig | null } | { ok: false; error: string }> {
  if (value === null) {
    await setSellerConfig(db, sellerId, slug, CONTENT_BLOCKS_KEY, null);
    return { ok: true, value: null };
  }
  const parsed = contentBlocksConfig.safeParse(value);
  if (!parsed.success)
    return {
      ok: false,
      error: parsed.error.issues
        .map((i) => `${i.path.join('.') || 'content_blocks'}: ${i.message}`)
        .join('; '),
    };
  await setSellerConfig(db, sellerId, slug, CONTENT_BLOCKS_KEY, parsed.data);
  return { ok: true, value: parsed.data };
}
