/**
 * One ticket group (GET ticket_group/{id}), as the one-ticket picker loads a donation group (spec 1 §7:
 * `handler=donation`, embed ticket_type). Only a public group of a public event of the seller; a `handler`
 * filter that does not match answers 404 like an unknown group.
 */
import { and, eq } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import type { AppCtx } from '../http/context';
import { coll, loadTypesForGroups, PUBLIC_TYPES, wGroup, wType } from '../http/docs';
import { notFound } from '../http/errors';
import type { ParsedQuery } from '../http/query';
import * as t from '../schema';

/**
 * Handlers whose tickets are not for a session: a reserve may send `event_session_id: null` for them (a pass
 * carries its own validity instead, catalog/passes.ts).
 */
export const SESSIONLESS_HANDLERS: readonly string[] = [
  'donation',
  'ledger',
  'codes',
  'membership',
  'passes',
];

export async function ticketGroupDocument(
  ctx: AppCtx,
  sellerId: string,
  q: ParsedQuery,
  groupId: string,
): Promise<w.Document> {
  const [row] = await ctx.db
    .select({ group: t.ticketGroup, event: t.eventTemplate })
    .from(t.ticketGroup)
    .innerJoin(t.eventTemplate, eq(t.eventTemplate.id, t.ticketGroup.eventTemplateId))
    .where(and(eq(t.ticketGroup.id, groupId), eq(t.eventTemplate.sellerId, sellerId)))
    .limit(1);
  const handlers = q.in('handler') ?? (q.eq('handler') === null ? null : [q.eq('handler') as string]);
  if (
    !row ||
    !PUBLIC_TYPES.includes(row.event.hiddenType) ||
    !PUBLIC_TYPES.includes(row.group.hiddenType) ||
    (handlers !== null && !handlers.includes(row.group.handler))
  )
    throw notFound('ticket_group');
  const doc: w.Document = { ticket_group: coll([wGroup(row.group)]) };
  if (q.has('ticket_type')) doc.ticket_type = coll((await loadTypesForGroups(ctx.db, [groupId])).map(wType));
  return doc;
}
