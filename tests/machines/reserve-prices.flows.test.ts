/**
 * Flexible price through each ticket form (spec 1 §5 "Flexible price: number, step 0.01, between
 * currency_amount_min and currency_amount_max; a pattern allows an optional plus sign and up to 2 decimals;
 * message 'Value entered is outside min/max.'"; §2 the `price` query presets it): one transition table written
 * here from the spec, driven through the date-first, quantity-first and single-event machines with a
 * pay-what-you-wish type ($5.00 to $50.00). At each step the state reached is the table's, the input keeps what
 * was typed, the message shows only after a stopped submit, and a reserve sends the amount as face_value.
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SessionModel } from '../../api/models';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import { selectQuantityFirstReserveView } from '../../machines/reserve/quantityFirstReserve.view';
import { selectSingleEventView } from '../../machines/reserve/single-event-view';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import { selectDateFirstReserveView } from '../../machines/reserve/view';
import { cart, event, NOW, wishGroup } from '../../stories/fixtures/dateFirstReserve';
import { qfDays, qfSessionsByDate, qfWishEvent } from '../../stories/fixtures/quantityFirstReserve';
import { lectureSession, wishLecture } from '../../stories/fixtures/singleEventReserve';
import '../../ui/form-strings';
import { createStrings, resolveMessage } from '../../ui/strings';
import { flush } from './graph-helpers';
import { dateFirstOnFixtures, postTickets, type TicketsPost } from './reserve-core-helpers';

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
  start: (posts: TicketsPost[], presetPriceCents?: number) => Promise<AnyActorRef>;
  check: { type: string };
  inForm: (actor: AnyActorRef) => boolean;
  amount: (actor: AnyActorRef) => { value: string; error: string | null } | undefined;
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
  actor.send(e as never);
  await flush();
}

const FLOWS: Flow[] = [
  {
    name: 'date-first',
    async start(posts, presetPriceCents) {
      const machine = dateFirstOnFixtures([wishGroup], reserve(posts));
      const actor = createActor(machine, {
        input: {
          event: { ...event, ticketGroups: [...event.ticketGroups, wishGroup] },
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
  },
  {
    name: 'quantity-first',
    async start(posts, presetPriceCents) {
      const machine = quantityFirstReserveMachine.provide({
        actors: {
          loadCalendar: fromPromise(async () => qfDays),
          loadSessions: fromPromise(async ({ input }) => qfSessionsByDate[input.date] ?? []),
          reserveIntoCart: reserve(posts),
        },
      });
      const actor = createActor(machine, {
        input: { event: qfWishEvent, presetPriceCents },
        clock: new SimulatedClock(),
      }).start();
      await send(actor, { type: 'quantity.increment', ticketTypeId: 't-wish' });
      return actor;
    },
    check: { type: 'tickets.find' },
    inForm: (a) => a.getSnapshot().matches('quantities'),
    amount: (a) => pick(selectQuantityFirstReserveView(a.getSnapshot()).groups.flatMap((g) => g.types)),
  },
  {
    name: 'single event',
    async start(posts, presetPriceCents) {
      const machine = singleEventReserveMachine.provide({
        actors: {
          loadSession: fromPromise<SessionModel | null, { eventId: string }>(async () => ({
            ...lectureSession,
            eventId: wishLecture.id,
          })),
          loadSessionGroups: fromPromise(async () => [wishGroup]),
          reserveIntoCart: reserve(posts),
        },
      });
      const actor = createActor(machine, {
        input: { event: wishLecture, presetPriceCents },
        clock: new SimulatedClock(),
      }).start();
      await flush();
      await send(actor, { type: 'quantity.increment', ticketTypeId: 't-wish' });
      return actor;
    },
    check: { type: 'submit' },
    inForm: (a) => a.getSnapshot().matches('ready'),
    amount: (a) => pick(selectSingleEventView(a.getSnapshot()).groups.flatMap((g) => g.types)),
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
