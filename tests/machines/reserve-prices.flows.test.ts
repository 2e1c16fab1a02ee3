/**
 * Flexible price through each ticket form (spec 1 §5 "Flexible price: number, step 0.01, between
 * currency_amount_min and currency_amount_max; a pattern allows an optional plus sign and up to 2 decimals;
 * message 'Value entered is outside min/max.'"; §2 the `price` query presets it): one transition table written
 * here from the spec, driven through the date-first, quantity-first and single-event machines with a
 * pay-what-you-wish type ($5.00 to $50.00). At each step the state reached is the table's, the input keeps what
 * was typed, the message shows only after a stopped submit, and a reserve sends the amount as face_value.
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, type EventObject, fromPromise, SimulatedClock } from 'xstate';
import type { SessionModel, TicketGroupModel } from '../../api/models';
import { selectDateFirstReserveView } from '../../machines/reserve/dateFirstReserve.view';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import { selectQuantityFirstReserveView } from '../../machines/reserve/quantityFirstReserve.view';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import { selectSingleEventView } from '../../machines/reserve/singleEventReserve.view';
import { cart, event, NOW, wishGroup } from '../../stories/fixtures/dateFirstReserve';
import { qfDays, qfSessionsByDate, qfWishEvent } from '../../stories/fixtures/quantityFirstReserve';
import { lectureSession, wishLecture } from '../../stories/fixtures/singleEventReserve';
import '../../ui/form-strings';
import { createStrings, resolveMessage } from '../../ui/strings';
import { flush } from './graph-helpers';
import {
  dateFirstOnFixtures,
  formContextOf,
  postTickets,
  sendAsTheView,
  type TicketsPost,
} from './reserve-core-helpers';

const T = createStrings();
const OUTSIDE = 'Value entered is outside min/max.';

/** Where the amount is typed and checked: the form, the stopping event, and the state a check lets through to. */
type Where = 'form' | 'next';

/**
 * The transition table (spec 1 §5): from the form, `price.change` stays in the form (the amount kept as typed);
 * the check (submit; quantity-first: Find tickets, as its amounts are typed beside the steppers) stays in the
 * form with the message when the chosen amount does not fit, and goes on when it does.
 */
function expected(event: { type: string }, amountFits: boolean): Where {
  if (event.type === 'price.change') return 'form';
  return amountFits ? 'next' : 'form';
}

const fits = (value: string) => {
  if (!/^\+?[0-9]+(\.[0-9]{1,2})?$/.test(value.trim())) return false;
  const cents = Math.round(Number.parseFloat(value) * 100);
  return cents >= 500 && cents <= 5000;
};

interface Flow {
  name: string;
  start: (posts: TicketsPost[], presetPriceCents?: number, wish?: TicketGroupModel) => Promise<AnyActorRef>;
  check: { type: string };
  inForm: (actor: AnyActorRef) => boolean;
  amount: (actor: AnyActorRef) => { value: string; error: string | null } | undefined;
  /** The form's total, fees included, in cents. */
  total: (actor: AnyActorRef) => number;
}

const reserve = (posts: TicketsPost[]) =>
  postTickets(
    (p) => posts.push(p),
    async () => cart,
  );
const pick = (types: { id: string; flexiblePrice: { value: string; error: unknown } | null }[]) => {
  const price = types.find((t) => t.id === 't-wish')?.flexiblePrice;
  return price
    ? { value: price.value, error: price.error ? resolveMessage(T, price.error as never) : null }
    : undefined;
};

async function send(actor: AnyActorRef, e: Record<string, unknown>) {
  sendAsTheView(actor, e as EventObject);
  await flush();
}

const FLOWS: Flow[] = [
  {
    name: 'date-first',
    async start(posts, presetPriceCents, wish = wishGroup) {
      const machine = dateFirstOnFixtures([wish], reserve(posts));
      const actor = createActor(machine, {
        input: {
          event: { ...event, ticketGroups: [...event.ticketGroups, wish] },
          now: NOW,
          presetPriceCents,
        },
        clock: new SimulatedClock(),
      }).start();
      await flush();
      await send(actor, { type: 'date.select', date: '2026-11-21' });
      await send(actor, { type: 'session.select', sessionId: 's-0930' });
      await send(actor, { type: 'quantity.increment', ticketTypeId: 't-wish' });
      return actor;
    },
    check: { type: 'submit' },
    inForm: (a) => a.getSnapshot().matches({ picking: { session: { loaded: { chosen: 'ready' } } } }),
    amount: (a) => pick((selectDateFirstReserveView(a.getSnapshot()).groups ?? []).flatMap((g) => g.types)),
    total: (a) => selectDateFirstReserveView(a.getSnapshot()).totalCents,
  },
  {
    name: 'quantity-first',
    async start(posts, presetPriceCents, wish = wishGroup) {
      const machine = quantityFirstReserveMachine.provide({
        actors: {
          loadCalendar: fromPromise(async () => qfDays),
          loadSessions: fromPromise(async ({ input }) => qfSessionsByDate[input.date] ?? []),
          reserveIntoCart: reserve(posts),
        },
      });
      const actor = createActor(machine, {
        input: {
          event: {
            ...qfWishEvent,
            ticketGroups: qfWishEvent.ticketGroups.map((g) => (g.id === wish.id ? wish : g)),
          },
          presetPriceCents,
        },
        clock: new SimulatedClock(),
      }).start();
      await send(actor, { type: 'quantity.increment', ticketTypeId: 't-wish' });
      return actor;
    },
    check: { type: 'tickets.find' },
    inForm: (a) => a.getSnapshot().matches('quantities'),
    amount: (a) => pick(selectQuantityFirstReserveView(a.getSnapshot()).groups.flatMap((g) => g.types)),
    total: (a) => selectQuantityFirstReserveView(a.getSnapshot()).totalCents,
  },
  {
    name: 'single event',
    async start(posts, presetPriceCents, wish = wishGroup) {
      const machine = singleEventReserveMachine.provide({
        actors: {
          loadSession: fromPromise<SessionModel | null, { eventId: string }>(async () => ({
            ...lectureSession,
            eventId: wishLecture.id,
          })),
          loadSessionGroups: fromPromise(async () => [wish]),
          reserveIntoCart: reserve(posts),
        },
      });
      const actor = createActor(machine, {
        input: { event: { ...wishLecture, ticketGroups: [wish] }, presetPriceCents },
        clock: new SimulatedClock(),
      }).start();
      await flush();
      await send(actor, { type: 'quantity.increment', ticketTypeId: 't-wish' });
      return actor;
    },
    check: { type: 'submit' },
    inForm: (a) => a.getSnapshot().matches('ready'),
    amount: (a) => pick(selectSingleEventView(a.getSnapshot()).groups.flatMap((g) => g.types)),
    total: (a) => selectSingleEventView(a.getSnapshot()).totalCents,
  },
];

/** The amounts a visitor types, in order: the spec's boundaries, its pattern, and what is not an amount. */
const TYPED = ['4.99', '', 'ten', '12.345', '-10', '50.01', '99999999', '+5', '12.5', '50', '5.00'];

describe.each(FLOWS)('flexible price: $name', (flow) => {
  it('presets the amount from the price query, else the minimum', async () => {
    expect(flow.amount(await flow.start([]))).toEqual({ value: '5.00', error: null });
    expect(flow.amount(await flow.start([], 2500))).toEqual({ value: '25.00', error: null });
  });

  it('follows the transition table for every amount typed; a reserve carries it as face_value', async () => {
    for (const value of TYPED) {
      const posts: TicketsPost[] = [];
      const actor = await flow.start(posts);
      const change = { type: 'price.change', ticketTypeId: 't-wish', value };
      await send(actor, change);
      expect(flow.inForm(actor), `${value}: price.change stays`).toBe(
        expected(change, fits(value)) === 'form',
      );
      expect(flow.amount(actor), `${value}: kept as typed, no message yet`).toEqual({ value, error: null });
      await send(actor, flow.check);
      const where = expected(flow.check, fits(value));
      expect(flow.inForm(actor), `${value}: ${flow.check.type}`).toBe(where === 'form');
      if (where === 'form') {
        expect(flow.amount(actor), `${value}: the message, the text kept`).toEqual({ value, error: OUTSIDE });
        expect(posts).toEqual([]);
        continue;
      }
      if (flow.name === 'quantity-first') {
        await send(actor, { type: 'date.select', date: '2026-11-21' });
        await send(actor, { type: 'session.select', sessionId: 's-0930' });
        await send(actor, { type: 'submit' });
      }
      expect(posts).toHaveLength(1);
      const cents = Math.round(Number.parseFloat(value) * 100);
      expect(posts[0]?.request.faceValues, value).toEqual({ 't-wish': (cents / 100).toFixed(2) });
    }
  });
});

/**
 * The fee of a flexible price (spec 1 §3 ticket type outside_fees, fee_percent_outside): the percent is of the
 * amount the visitor chose, as the server charges it, not of the listed price. A pay-what-you-wish type with a
 * 50-cent fixed fee and 10 % (its listed fee, at the $5.00 minimum, is $1.00).
 */
const feeWish: TicketGroupModel = {
  ...wishGroup,
  types: wishGroup.types.map((type) => ({
    ...type,
    feeCents: 50 + 50,
    feeFixedCents: 50,
    feePercentHundredths: 1000,
  })),
};

/** The spec's sum for one ticket at an amount in cents: the amount, the fixed fee, 10 % of the amount. */
const withFees = (cents: number) => cents + 50 + Math.round(cents / 10);
/** How many pay-what-you-wish tickets the form holds (the single event starts at its default quantity). */
const wishCount = (actor: AnyActorRef): number => formContextOf(actor).quantities['t-wish'] ?? 0;

describe.each(FLOWS)('flexible price fees: $name', (flow) => {
  it('the total takes the percent fee of the chosen amount; an amount that does not fit counts at the minimum', async () => {
    const actor = await flow.start([], undefined, feeWish);
    const count = wishCount(actor);
    expect(count).toBeGreaterThan(0);
    expect(flow.total(actor), 'the preset minimum').toBe(count * withFees(500));
    for (const [value, cents] of [
      ['20', 2000],
      ['+33.35', 3335],
      ['50', 5000],
      ['50.01', 500],
    ] as const) {
      await send(actor, { type: 'price.change', ticketTypeId: 't-wish', value });
      expect(flow.total(actor), value).toBe(count * withFees(cents));
    }
  });
});
