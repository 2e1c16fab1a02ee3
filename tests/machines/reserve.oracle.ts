/**
 * What the reserve flows' transition tables share (issue 29): the spec's reading of a reserve's answer, its
 * notices, the quantity, flexible price and request rules, written from spec 1 §4, §5, §8 and §9 with the
 * domain's catalogue (domain/ is not under test here), not with machines/reserve's own rules, so a wrong rule
 * there makes the tables disagree.
 */
import type {
  CalendarDayModel,
  CartModel,
  SessionModel,
  TicketGroupModel,
  TicketTypeModel,
} from '../../api/models';
import { outcomeMessage } from '../../domain/error-messages/base';
import { reserveOutcome } from '../../domain/error-messages/reserve';
import { amountCents, fitsBounds, isFlexiblePrice, moneyText } from '../../domain/flexible-price';
import type { SoldOutSession } from '../../machines/reserve/core/sold-out';
import type { ReserveIntoCartInput, ReserveNotice, ReserveRefusal } from '../../machines/reserve/core/types';
import type { Message, MessageParams } from '../../machines/shared/messages';
import type { Call, Row } from './transition-table';

type Raw = Record<string, unknown>;
export type Quantities = Readonly<Record<string, number>>;

export const hasCodeField = (error: unknown): error is Raw =>
  typeof error === 'object' && error !== null && typeof (error as Raw).code === 'string';

/** A rejection as the flows read it: its code, description, context, extra (and status); no code: unexpected. */
export function flowError(error: unknown): ReserveRefusal['error'] {
  if (!hasCodeField(error)) return { code: 'unexpected', description: null, context: null };
  return {
    code: error.code as string,
    description: typeof error.description === 'string' ? error.description : null,
    extra: error.extra,
    context: typeof error.context === 'string' ? error.context : null,
    ...(typeof error.status === 'number' ? { status: error.status } : {}),
  };
}

// ---- the child's answer, as the parent flow reads it ----------------------------------------------------

export type ChildDone = { type: 'xstate.done.actor.reserveIntoCart'; output: unknown };
export type ChildError = { type: 'xstate.error.actor.reserveIntoCart'; error: unknown };

export const reserved = (cart: CartModel) => ({ status: 'reserved' as const, cart });
/** A refusal as the child reads it (kind from the code: spec 1 §8). */
export function refused(error: unknown): { status: 'refused'; refusal: ReserveRefusal } {
  const e = flowError(error);
  const kind =
    e.code === 'event_session_sold_out'
      ? 'sessionSoldOut'
      : e.code === 'seat_unavailable'
        ? 'seatTaken'
        : e.code === 'rule_blocks_reserve' &&
            e.context === 'checkout_rules' &&
            (e.extra as Raw | undefined)?.reason === 'code_required'
          ? 'codeRequired'
          : 'other';
  return { status: 'refused', refusal: { kind, error: e } };
}

/** The cart of the child's done event, when it reserved. */
export function cartOf(e: { type: string }): CartModel | null {
  if (e.type !== 'xstate.done.actor.reserveIntoCart') return null;
  const output = (e as ChildDone).output as { status: string; cart?: CartModel };
  return output.status === 'reserved' ? (output.cart ?? null) : null;
}
/** The refused reserve's error: a done event's refusal, or the child's own failure (read as unexpected). */
export function refusedError(e: { type: string }): ReserveRefusal['error'] | null {
  if (e.type === 'xstate.done.actor.reserveIntoCart') {
    const output = (e as ChildDone).output as { status: string; refusal?: ReserveRefusal };
    return output.status === 'refused' ? (output.refusal?.error ?? null) : null;
  }
  if (e.type === 'xstate.error.actor.reserveIntoCart') return flowError((e as ChildError).error);
  return null;
}
/** The reserve's answer goes back to the variant's ticket form child. */
export const formRefused = (e: { type: string }): Call => ({
  sendTo: 'ticketForm',
  event: { type: 'form.refused', error: refusedError(e) },
});
/** The city-pass vouchers the form's request sent, per type (what a refusal naming one is matched against). */
export const sentVouchers = (c: {
  request: ReserveIntoCartInput | null;
}): Record<string, readonly string[]> => {
  const part = c.request?.request;
  return part?.kind === 'tickets' ? (part.tickets.vouchers?.byType ?? {}) : {};
};
/** The reserve went through (spec 1 §4): the flow is done with the cart, and tells the app (`reserved`). */
export function reservedRow<C extends { cart: CartModel | null }, E extends { type: string }>(): Row<C, E> {
  return {
    when: (_c, e) => cartOf(e) !== null,
    target: 'done',
    effect: (_c, e) => ({ cart: cartOf(e) }) as Partial<C>,
    calls: () => [{ action: 'reserved' }],
  };
}

export const isSoldOut = (e: { type: string }) =>
  e.type === 'xstate.done.actor.reserveIntoCart' &&
  ((e as ChildDone).output as { refusal?: ReserveRefusal }).refusal?.kind === 'sessionSoldOut';

// ---- notices ------------------------------------------------------------------------------------------

export const RESERVE_ERROR = 'reserve.error';
/** The notices of the last submit, cleared by the next one. */
export const SUBMIT_NOTICES = ['reserve.error', 'reserve.sessionSoldOut', 'reserve.dateSoldOut'];

export const notice = (key: string, message: Message): ReserveNotice => ({ key, level: 'error', message });
/** A notice added, replacing one of the same key (one at a time per key). */
export const withNotice = (messages: readonly ReserveNotice[], n: ReserveNotice): ReserveNotice[] => [
  ...messages.filter((m) => m.key !== n.key),
  n,
];
export const without = (messages: readonly ReserveNotice[], keys: readonly string[]): ReserveNotice[] =>
  messages.filter((m) => !keys.includes(m.key));

/**
 * Spec 1 §8: what a failed reserve or load reads: a lost seat race shows the server's description; else the
 * reserve mapping (sold out with its time or date, the API's description, or the generic message).
 */
export function reserveText(error: ReserveRefusal['error'] | null, params: MessageParams = {}): Message {
  const description = error?.description?.trim();
  if (error?.code === 'seat_unavailable' && description)
    return { key: 'errorDescription', params: { description } };
  return outcomeMessage(reserveOutcome(error ?? { code: 'unexpected' }, params), 'reserve');
}

// ---- quantities (spec 1 §4 "Quantities", §9) -------------------------------------------------------------

export const count = (q: Quantities, id: string) => q[id] ?? 0;
export const groupOf = (groups: readonly TicketGroupModel[], id: string) =>
  groups.find((g) => g.types.some((t) => t.id === id));
const groupSum = (g: TicketGroupModel, q: Quantities) => g.types.reduce((s, t) => s + count(q, t.id), 0);

/** Spec 1 §9: the minimum of max per order, the group's capacity and the session's (unless excluded). */
export function room(
  g: TicketGroupModel,
  groups: readonly TicketGroupModel[],
  q: Quantities,
  session: SessionModel | null,
): number {
  if (g.soldOut) return 0;
  const limits = [Number.POSITIVE_INFINITY];
  if (g.maxPerOrder !== null) limits.push(g.maxPerOrder - groupSum(g, q));
  if (g.remaining !== null) limits.push(g.remaining - groupSum(g, q));
  if (!g.excludeFromEventCapacity && session?.availableCapacity != null) {
    const used = groups.filter((o) => !o.excludeFromEventCapacity).reduce((s, o) => s + groupSum(o, q), 0);
    limits.push(session.availableCapacity - used);
  }
  return Math.max(0, Math.min(...limits));
}

/** Spec 1 §4: from 0 to the group minimum (min per order when the group has one type, else 1). */
export const firstStep = (g: TicketGroupModel) =>
  g.types.length === 1 && g.minPerOrder !== null && g.minPerOrder > 1 ? g.minPerOrder : 1;
const typeMax = (g: TicketGroupModel, id: string) => {
  const limit = g.types.find((t) => t.id === id)?.maxCount;
  return limit === undefined ? 1000 : Math.max(0, Math.min(limit, 1000));
};
const put = (q: Quantities, id: string, n: number): Quantities => {
  if (count(q, id) === n) return q;
  const { [id]: _, ...rest } = q;
  return n > 0 ? { ...rest, [id]: n } : rest;
};

export interface Scope {
  groups: readonly TicketGroupModel[];
  session: SessionModel | null;
  quantities: Quantities;
}
export type StepperEvent =
  | { type: 'quantity.increment'; ticketTypeId: string }
  | { type: 'quantity.decrement'; ticketTypeId: string }
  | { type: 'quantity.set'; ticketTypeId: string; quantity: number };

/** The quantities after a stepper (spec 1 §4 "Quantities": minimum first, clamped to the room, 1000 per type). */
export function stepped(s: Scope, e: StepperEvent): Quantities {
  const g = groupOf(s.groups, e.ticketTypeId);
  const q = s.quantities;
  if (!g) return q;
  const now = count(q, e.ticketTypeId);
  const min = firstStep(g);
  const space = room(g, s.groups, q, s.session);
  const cap = (wanted: number) =>
    wanted <= now ? Math.max(0, wanted) : Math.min(wanted, now + space, typeMax(g, e.ticketTypeId));
  if (e.type === 'quantity.increment') {
    const step = now === 0 ? min : 1;
    if (now + step > typeMax(g, e.ticketTypeId) || space < step) return q;
    return put(q, e.ticketTypeId, cap(now + step));
  }
  if (e.type === 'quantity.decrement')
    return now === 0 ? q : put(q, e.ticketTypeId, now <= min ? 0 : now - 1);
  if (!Number.isFinite(e.quantity)) return q;
  let wanted = Math.max(0, Math.floor(e.quantity));
  if (wanted > 0 && wanted < min) wanted = min;
  const n = cap(wanted);
  return put(q, e.ticketTypeId, n < min ? 0 : n);
}

/** Spec 1 §5: at least one ticket and every group's sum within its min and max per order. */
export function selectionValid(groups: readonly TicketGroupModel[], q: Quantities): boolean {
  const total = Object.values(q).reduce((a, b) => a + b, 0);
  return (
    total > 0 &&
    groups.every((g) => {
      const sum = groupSum(g, q);
      return (
        sum === 0 ||
        ((g.minPerOrder === null || sum >= g.minPerOrder) && (g.maxPerOrder === null || sum <= g.maxPerOrder))
      );
    })
  );
}

// ---- flexible prices (spec 1 §2 price query, §5) ----------------------------------------------------------

export interface PriceParts {
  prices: Readonly<Record<string, string>>;
  presetPriceCents: number | null;
}
/** What a flexible type's input holds: typed, else the price query, else the type's minimum. */
export function amountOf(c: PriceParts, t: TicketTypeModel): string {
  const typed = c.prices[t.id];
  if (typed !== undefined) return typed;
  const cents = c.presetPriceCents ?? t.amountMinCents ?? null;
  return cents === null ? '' : moneyText(cents);
}
const chosenFlexible = (groups: readonly TicketGroupModel[], q: Quantities) =>
  groups.flatMap((g) => g.types.filter((t) => isFlexiblePrice(t) && count(q, t.id) > 0));
/** Every chosen flexible type's amount is one and fits its bounds. */
export function pricesFit(groups: readonly TicketGroupModel[], q: Quantities, c: PriceParts): boolean {
  return chosenFlexible(groups, q).every((t) => {
    const cents = amountCents(amountOf(c, t));
    return cents !== null && fitsBounds(t, cents);
  });
}
/** The face values the reserve sends (no sign, 2 decimals), or undefined when no chosen type asks one. */
export function faceValues(
  groups: readonly TicketGroupModel[],
  q: Quantities,
  c: PriceParts,
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const t of chosenFlexible(groups, q)) {
    const cents = amountCents(amountOf(c, t));
    if (cents !== null) out[t.id] = moneyText(cents);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Spec 1 §5: ticket-type requests send only quantities above 0. */
export const above0 = (q: Quantities) => Object.fromEntries(Object.entries(q).filter(([, n]) => n > 0));

/** The message.dismiss row every flow has at its root. */
export const dismissRow = {
  target: null,
  effect: (c: { messages: ReserveNotice[] }, e: { key: string }) => ({
    messages: c.messages.filter((m) => m.key !== e.key),
  }),
};

// ---- seats (spec 1 §2 seat selection block, §3, §5 "Seats") ----------------------------------------------

export type Seats = Readonly<Record<string, readonly string[]>>;
const seatedTickets = (groups: readonly TicketGroupModel[], q: Quantities) =>
  groups.filter((g) => g.handler === 'seated').map((g) => [g, groupSum(g, q)] as const);
/** Spec 1 §5: one seat per seated ticket in every seated group, and no seats for groups without tickets. */
export function seatsFit(groups: readonly TicketGroupModel[], q: Quantities, seats: Seats): boolean {
  const needed = new Map(
    seatedTickets(groups, q)
      .filter(([, n]) => n > 0)
      .map(([g, n]) => [g.id, n]),
  );
  for (const [id, n] of needed) if ((seats[id]?.length ?? 0) !== n) return false;
  return Object.entries(seats).every(([id, ids]) => ids.length === 0 || needed.has(id));
}
/** The request's seats per ticket type (the group's seats handed to its types in order), when any are chosen. */
export function seatsPart(groups: readonly TicketGroupModel[], q: Quantities, seats: Seats) {
  if (Object.keys(seats).length === 0) return {};
  const out: Record<string, { seat_template_id: string; ticket_group_id: string }[]> = {};
  for (const [g] of seatedTickets(groups, q)) {
    const ids = seats[g.id] ?? [];
    let from = 0;
    for (const t of g.types) {
      const n = Math.floor(count(q, t.id));
      const take = ids.slice(from, from + Math.max(0, n));
      from += take.length;
      if (take.length > 0) out[t.id] = take.map((id) => ({ seat_template_id: id, ticket_group_id: g.id }));
    }
  }
  return { seats: out };
}
/** A lost seat race drops the seats the server names (all when it names none); other refusals keep them. */
export function seatsAfter(seats: Seats, error: ReserveRefusal['error'] | null): Seats {
  if (error?.code !== 'seat_unavailable') return seats;
  const named = (error.extra as Raw | null | undefined)?.seat_template_ids;
  if (!Array.isArray(named)) return {};
  const taken = new Set(named.map(String));
  return Object.fromEntries(Object.entries(seats).map(([g, ids]) => [g, ids.filter((id) => !taken.has(id))]));
}

// ---- city-pass vouchers (spec 1 §5, §8: invalid_citypass and code_exhausted beside the voucher field) ----

export type Vouchers = Readonly<Record<string, readonly string[]>>;
/** The refusal shown beside the field: it names (in `_extra.code`) a voucher the visitor typed. */
export function besideTheField(error: ReserveRefusal['error'] | null, vouchers: Vouchers) {
  if (!error || !['invalid_citypass', 'code_exhausted'].includes(error.code)) return null;
  const code = (error.extra as Raw | null | undefined)?.code;
  if (typeof code !== 'string' || code.trim() === '') return null;
  const key = (v: string) => v.trim().toUpperCase();
  if (!Object.values(vouchers).some((list) => list.some((v) => key(v) === key(code)))) return null;
  const description = error.description?.trim();
  return {
    code,
    message: description
      ? ({ key: 'errorDescription', params: { description } } as Message)
      : ({ key: 'citypassFormat' } as Message),
  };
}
/** The vouchers after typing into a field that exists (else unchanged). */
export function vouchersTyped(
  v: Vouchers,
  e: { ticketTypeId: string; index: number; value: string },
): Vouchers {
  const list = v[e.ticketTypeId];
  if (!list || e.index < 0 || e.index >= list.length) return v;
  return { ...v, [e.ticketTypeId]: list.map((x, i) => (i === e.index ? e.value : x)) };
}
/** The surveys after answering one question. */
export const surveysTyped = (
  s: Readonly<Record<string, Readonly<Record<string, string>>>>,
  e: { ticketGroupId: string; question: string; value: string },
) => ({ ...s, [e.ticketGroupId]: { ...s[e.ticketGroupId], [e.question]: e.value } });

/** A required text question (spec 1 §5 "Survey fields"), for the tables' groups that ask one. */
export const requiredQuestion = (name: string) => ({
  name,
  title: name,
  description: null,
  input: 'text' as const,
  choices: null,
  integer: false,
  minimum: null,
  maximum: null,
  maxLength: null,
  required: true,
});

// ---- days and sessions (the date-first and quantity-first pickers) ---------------------------------------

/** Spec 1 §4: the days of the calendar that can be chosen. */
export const availableDays = (days: readonly CalendarDayModel[]) =>
  days.filter((d) => d.status === 'available');
/** Spec 1 §4: a session can be chosen when it is not sold out, has capacity and does not conflict. */
export const selectable = (s: SessionModel) => !s.soldOut && s.availableCapacity !== 0 && s.conflict !== true;

interface SoldOutScope {
  soldOut: SoldOutSession | null;
  messages: ReserveNotice[];
  event: { venue: { timezone: string } };
}

/**
 * Spec 1 §4, a session sold out while reserving: the day's sessions load again. Another session of the day can
 * be chosen: they show (`sessionsTarget`) with 'the session is sold out'; none: the calendar loads again
 * (`calendarTarget`), the day sold out. Either way the sessions are those just loaded.
 */
export function afterSoldOutRows<C extends SoldOutScope, E extends { output: SessionModel[] }>(
  sessionsTarget: string,
  calendarTarget: string,
): Row<C, E>[] {
  return [
    {
      label: 'after sold out, another session remains',
      when: (c, e) =>
        c.soldOut !== null && e.output.some((s) => s.id !== c.soldOut?.sessionId && selectable(s)),
      target: sessionsTarget,
      effect: (c, e) =>
        ({
          sessions: e.output,
          soldOut: null,
          messages: withNotice(
            c.messages,
            notice('reserve.sessionSoldOut', {
              key: 'sessionSoldOut',
              params: { time: { time: c.soldOut?.start ?? '', zone: c.event.venue.timezone } },
            }),
          ),
        }) as unknown as Partial<C>,
    },
    {
      label: 'after sold out, nothing left that day',
      when: (c) => c.soldOut !== null,
      target: calendarTarget,
      effect: (_c, e) => ({ sessions: e.output }) as unknown as Partial<C>,
    },
  ];
}
