/** The configuration lookup (GET config): rows of the seller's own resources only. */
import { eq, inArray } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import type { AppCtx } from '../http/context';
import { coll, loadConfig, type Row, wConfig } from '../http/docs';
import { invalid } from '../http/errors';
import type { ParsedQuery } from '../http/query';
import * as t from '../schema';

/** Config rows of `resource_id._in` (required), optionally `key._in`, limited to `_limit`. */
export async function configDocument(
  ctx: AppCtx,
  seller: Row<typeof t.seller>,
  q: ParsedQuery,
): Promise<w.Document> {
  const ids = q.in('resource_id');
  if (!ids) throw invalid('query', 'resource_id._in is required.');
  // Only configuration of this seller's events, ticket groups and the seller itself.
  const rows = await loadConfig(ctx.db, ids, q.in('key'));
  const events = await ctx.db
    .select({ id: t.eventTemplate.id })
    .from(t.eventTemplate)
    .where(eq(t.eventTemplate.sellerId, seller.id));
  const eventIds = events.map((e) => e.id);
  const groups = eventIds.length
    ? await ctx.db
        .select({ id: t.ticketGroup.id })
        .from(t.ticketGroup)
        .where(inArray(t.ticketGroup.eventTemplateId, eventIds))
    : [];
  const allowed = new Set([seller.id, ...eventIds, ...groups.map((g) => g.id)]);
  const out = rows.filter((r) => allowed.has(r.resourceId));
  return { config: coll((q.limit ? out.slice(0, q.limit) : out).map(wConfig)) };
}
