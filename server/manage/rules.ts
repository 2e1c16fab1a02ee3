/**
 * The seller's self-edit rules (spec 2 §3 "Self-edit rules", §4, §6): config row `self_edit_rules` of the seller,
 * `{ enabled, anon_editing, horizon_days, horizon_hours, categories }`, and which tickets of an order may be
 * cancelled. No row (or an unreadable one): self-edit off, no horizon, every category.
 *
 * A ticket may be cancelled (spec 2 §4 "Cancel-free-order", §5 "Free ticket", "Upcoming ticket") when it is booked
 * (not cancelled, unbooked or redeemed), free (adjusted value 0 and no fee), of a session that starts after now
 * plus the horizon (horizon_days × 24 h + horizon_hours); with self-edit on, also of an event whose category is
 * one of `categories` (an empty list: any). Sessionless tickets (memberships, codes, donations) never are.
 */
import * as z from 'zod/mini';
import { sellerConfigValue } from '../catalog/seller-config';
import type { Q } from '../db';
import type { Row } from '../http/docs';
import type * as t from '../schema';

export const SELF_EDIT_KEY = 'self_edit_rules';

const count = (max: number) => z.optional(z.int().check(z.minimum(0), z.maximum(max)));
export const selfEditRulesSchema = z.object({
  enabled: z.optional(z.boolean()),
  anon_editing: z.optional(z.boolean()),
  horizon_days: count(365),
  horizon_hours: count(24 * 365),
  categories: z.optional(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(100))),
});

export interface SelfEditRules {
  enabled: boolean;
  anonEditing: boolean;
  horizonDays: number;
  horizonHours: number;
  categories: string[];
}

export const NO_SELF_EDIT: SelfEditRules = {
  enabled: false,
  anonEditing: false,
  horizonDays: 0,
  horizonHours: 0,
  categories: [],
};

export async function selfEditRulesOf(q: Q, sellerId: string): Promise<SelfEditRules> {
  const parsed = selfEditRulesSchema.safeParse(await sellerConfigValue(q, sellerId, SELF_EDIT_KEY));
  if (!parsed.success) return NO_SELF_EDIT;
  const v = parsed.data;
  return {
    enabled: v.enabled === true,
    anonEditing: v.anon_editing === true,
    horizonDays: v.horizon_days ?? 0,
    horizonHours: v.horizon_hours ?? 0,
    categories: v.categories ?? [],
  };
}

/** The rules as the wire shows them (the manage answer). */
export const wSelfEditRules = (r: SelfEditRules) => ({
  enabled: r.enabled,
  anon_editing: r.anonEditing,
  horizon_days: r.horizonDays,
  horizon_hours: r.horizonHours,
  categories: r.categories,
});

export const horizonMs = (r: SelfEditRules) => (r.horizonDays * 24 + r.horizonHours) * 3_600_000;

type Ticket = Row<typeof t.ticket>;
type TicketType = Row<typeof t.ticketType>;

/** Why a ticket may not be cancelled, or null when it may. */
export function cancelRefusal(
  ticket: Ticket,
  ctx: {
    rules: SelfEditRules;
    nowMs: number;
    sessionStart: Date | null;
    category: string | null;
    type: TicketType | undefined;
  },
): string | null {
  if (ticket.state !== 'booked') return 'state';
  const fees = (ctx.type?.feeFixedCents ?? 0) > 0;
  if (ticket.adjustedValueCents !== 0 || fees) return 'not_free';
  if (!ticket.eventSessionId || !ctx.sessionStart) return 'no_session';
  if (ctx.sessionStart.getTime() <= ctx.nowMs + horizonMs(ctx.rules)) return 'too_late';
  if (ctx.rules.enabled && ctx.rules.categories.length && !ctx.rules.categories.includes(ctx.category ?? ''))
    return 'category';
  return null;
}

/**
 * Why a booked ticket may not be rescheduled (spec 2 §2 "Edit-order page": Reschedule only for non-single events;
 * §4 "Edit order": editable tickets are of the self-edit categories), or null when it may: booked, of a session
 * that starts after now plus the horizon, of a repeating event (a single event has no other session), with
 * self-edit on and of a category in `categories` (empty: any). Paid tickets may be rescheduled: the price
 * difference is paid at the confirm step.
 */
export function rescheduleRefusal(
  ticket: Ticket,
  ctx: {
    rules: SelfEditRules;
    nowMs: number;
    sessionStart: Date | null;
    category: string | null;
    eventType: string | null;
  },
): string | null {
  if (!ctx.rules.enabled) return 'self_edit_off';
  if (ticket.state !== 'booked') return 'state';
  if (!ticket.eventSessionId || !ctx.sessionStart) return 'no_session';
  if (ctx.sessionStart.getTime() <= ctx.nowMs + horizonMs(ctx.rules)) return 'too_late';
  if (ctx.rules.categories.length && !ctx.rules.categories.includes(ctx.category ?? '')) return 'category';
  if (ctx.eventType === 'single') return 'single_event';
  return null;
}
