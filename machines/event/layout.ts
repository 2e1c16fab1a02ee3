/**
 * Which layout the event detail shows (spec 1 §2 "Event detail layouts (chosen by event kind)"). A pure
 * choice over the event, the cart and the site's settings; the route renders the chosen layout's lazy chunk.
 *
 * Order: no ticket groups and a missing anchor block the page before any form; then membership (placeholder
 * until the members issue), ledger/donation-only -> one-ticket picker, members-only (placeholder until the
 * members issue), event_type single -> single-event form, else meta reserve_flow, else the site default.
 */
import type { CartModel, EventDetail, ReserveFlow } from '../../api/models';
import { isOneTicketGroupSet } from '../../domain/one-ticket';

export type LayoutKind =
  /** Event with no ticket groups: a warning with a back button. */
  | 'noTicketGroups'
  /** Anchor-required event with no anchor item in the cart: 'Add an admission event to your cart first'. */
  | 'anchorRequired'
  /** Membership event: the buy-membership form (comes with the members issue). */
  | 'membership'
  /** Every group is ledger, donation or passes (reserved without a session): the one-ticket-only picker. */
  | 'oneTicket'
  /** Members-only event (hidden_type public_member_only): the members prompt (comes with the members issue). */
  | 'membersOnly'
  /** event_type single: the single-event form. */
  | 'single'
  | 'quantityFirst'
  | 'dateFirst';

export interface LayoutConfig {
  /** The site default reserve flow when the event's meta names none (spec: quantity_first). */
  defaultReserveFlow?: ReserveFlow;
}

export const DEFAULT_RESERVE_FLOW: ReserveFlow = 'quantity_first';

/** Event meta key that makes an event an add-on needing an admission ("anchor") item in the cart. */
export const ANCHOR_META_KEY = 'tickets_must_match_anchor_tickets';

const TRUE_WORDS = new Set(['1', 'on', 'enabled', 'true', 't', 'yes', 'y']);

/** Spec 1 §5 flag words: 1, on, enabled, true, t, yes, y are true; anything else is false. */
export function isFlagOn(value: string | undefined): boolean {
  return value !== undefined && TRUE_WORDS.has(value.trim().toLowerCase());
}

export type LayoutEvent = Pick<EventDetail, 'id' | 'eventType' | 'hiddenType' | 'reserveFlow' | 'meta'> & {
  ticketGroups: ReadonlyArray<Pick<EventDetail['ticketGroups'][number], 'handler'>>;
};

export type LayoutCart = Pick<CartModel, 'items'>;

export function isAnchorRequired(event: Pick<EventDetail, 'meta'>): boolean {
  return isFlagOn(event.meta[ANCHOR_META_KEY]);
}

/** An anchor item: tickets of another event (an admission) already in the cart. */
export function hasAnchorItem(event: Pick<EventDetail, 'id'>, cart: LayoutCart | null): boolean {
  return (cart?.items ?? []).some((item) => item.eventId !== event.id && item.lines.length > 0);
}

export function chooseLayout(
  event: LayoutEvent,
  cart: LayoutCart | null,
  config: LayoutConfig = {},
): LayoutKind {
  const groups = event.ticketGroups;
  // A members-only event shows a visitor no groups (the server serves them to members it allows): the prompt.
  if (groups.length === 0)
    return event.hiddenType === 'public_member_only' ? 'membersOnly' : 'noTicketGroups';
  if (isAnchorRequired(event) && !hasAnchorItem(event, cart)) return 'anchorRequired';
  if (groups.some((group) => group.handler === 'membership')) return 'membership';
  // The one rule of what the picker sells (domain/one-ticket.ts), which the picker's own rules ask too.
  if (isOneTicketGroupSet(groups)) return 'oneTicket';
  if (event.hiddenType === 'public_member_only') return 'membersOnly';
  if (event.eventType === 'single') return 'single';
  const flow = event.reserveFlow ?? config.defaultReserveFlow ?? DEFAULT_RESERVE_FLOW;
  return flow === 'date_first' ? 'dateFirst' : 'quantityFirst';
}

/** Event meta keys of the promo text and the membership promo text (seller HTML). */
export const PROMO_META_KEY = 'promo_text';
export const MEMBERSHIP_PROMO_META_KEY = 'membership_promo_text';

/** The promo texts event detail shows above its layout; blank values count as none. */
export function promoTextsOf(event: Pick<EventDetail, 'meta'>): {
  promo: string | null;
  membershipPromo: string | null;
} {
  const text = (key: string) => {
    const value = event.meta[key]?.trim();
    return value ? value : null;
  };
  return { promo: text(PROMO_META_KEY), membershipPromo: text(MEMBERSHIP_PROMO_META_KEY) };
}
