/**
 * View-model selectors, on snapshots built by the machines themselves: what each view is told to show.
 * Oracles are the spec's numbers (8 day buttons, thresholds, 20/5/2 minutes), written here.
 */

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type {
  CalendarDayModel,
  CartModel,
  EventDetail,
  SessionModel,
  TicketGroupModel,
} from '../../api/models';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { selectCheckoutView } from '../../machines/checkout/view';
import { reserveIntoCartWith } from '../../machines/reserve/core/reserveIntoCart.machine';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import { selectDateFirstReserveView } from '../../machines/reserve/dateFirstReserve.view';
import {
  DEFAULT_TAB_THRESHOLDS,
  parseTabThresholds,
  splitIntoTabs,
  tabIndexOf,
} from '../../machines/reserve/session-tabs';
import { makeCart } from './checkout.fixtures';
import { flush } from './graph-helpers';
import { sendAsTheView } from './reserve-core-helpers';

const TZ = 'America/New_York';

const group: TicketGroupModel = {
  id: 'g',
  name: 'General',
  description: null,
  handler: 'tickets',
  hiddenType: 'public_browsable',
  minPerOrder: null,
  maxPerOrder: 10,
  remaining: null,
  excludeFromEventCapacity: false,
  soldOut: false,
  types: [
    {
      id: 't-adult',
      groupId: 'g',
      name: 'Adult',
      description: null,
      priceCents: 2000,
      originalPriceCents: null,
      feeCents: 100,
      rank: 0,
    },
  ],
};

function eventWith(config: Record<string, unknown> = {}): EventDetail {
  return {
    id: 'ev',
    name: 'Timed',
    subtitle: null,
    summary: null,
    category: null,
    eventType: 'repeating',
    venue: { id: 'v', name: 'Museum', timezone: TZ },
    image: null,
    description: null,
    reserveFlow: 'date_first',
    hiddenType: 'public_browsable',
    meta: {},
    config,
    ticketGroups: [group],
    cover: null,
  };
}

/** Ten days from Nov 21; the 23rd is sold out. */
const days: CalendarDayModel[] = Array.from({ length: 10 }, (_, i) => ({
  date: `2026-11-${21 + i}`,
  status: i === 2 ? 'sold_out' : 'available',
  minPriceCents: 2000,
  availability: 50,
}));

const at = (id: string, localTime: string, soldOut = false): SessionModel => {
  // New York is UTC-5 in November.
  const [h, m] = localTime.split(':').map(Number);
  const start = new Date(Date.UTC(2026, 10, 21, (h ?? 0) + 5, m ?? 0)).toISOString();
  return { id, eventId: 'ev', start, end: start, availableCapacity: soldOut ? 0 : 40, soldOut };
};
const sessions = [
  at('s-0930', '09:30'),
  at('s-1100', '11:00'),
  at('s-1300', '13:00'),
  at('s-1800', '18:00', true),
];

async function reserveSnapshot(config: Record<string, unknown> = {}, calendar = days) {
  const machine = dateFirstReserveMachine.provide({
    actors: {
      loadCalendar: fromPromise(async () => calendar),
      loadSessions: fromPromise(async () => sessions),
      loadSessionGroups: fromPromise(async () => [group]),
      reserveIntoCart: reserveIntoCartWith(async (): Promise<CartModel> => makeCart(2100)),
    },
  });
  const actor = createActor(machine, {
    input: { event: eventWith(config), now: Date.UTC(2026, 10, 21, 12) },
    clock: new SimulatedClock(),
  });
  actor.start();
  await flush();
  return actor;
}

describe('date-first reserve view model', () => {
  it('cuts the days to 8 buttons and offers more; the calendar keeps all of them', async () => {
    const actor = await reserveSnapshot();
    const view = selectDateFirstReserveView(actor.getSnapshot());
    expect(view.status).toBe('ready');
    expect(view.buttonDays.map((d) => d.date)).toEqual(days.slice(0, 8).map((d) => d.date));
    expect(view.days).toHaveLength(10);
    expect(view.hasMoreDates).toBe(true);
    expect(view.buttonDays.find((d) => d.date === '2026-11-23')?.disabled).toBe(true);
  });

  it('no more dates button when there are 8 days or fewer', async () => {
    const actor = await reserveSnapshot({}, days.slice(0, 8));
    expect(selectDateFirstReserveView(actor.getSnapshot()).hasMoreDates).toBe(false);
  });

  it('splits sessions into three time-of-day tabs at the default thresholds (noon, 5 pm, venue time)', async () => {
    const actor = await reserveSnapshot();
    actor.send({ type: 'date.select', date: '2026-11-21' });
    let view = selectDateFirstReserveView(actor.getSnapshot());
    expect(view.sessionTabs).toBeNull(); // loading
    await flush();
    view = selectDateFirstReserveView(actor.getSnapshot());
    expect(view.sessionTabs?.map((t) => [t.id, t.sessions.map((s) => s.id), t.unavailable])).toEqual([
      ['morning', ['s-0930', 's-1100'], null],
      ['afternoon', ['s-1300'], null],
      ['evening', ['s-1800'], 'soldOut'],
    ]);
    expect(view.initialTab).toBe('morning');
  });

  it('follows web.session_picker_tabs: one threshold makes two tabs; a tab with nothing reads Not available', async () => {
    const actor = await reserveSnapshot({ 'web.session_picker_tabs': ['10:00'] });
    actor.send({ type: 'date.select', date: '2026-11-21' });
    await flush();
    const tabs = selectDateFirstReserveView(actor.getSnapshot()).sessionTabs;
    expect(tabs?.map((t) => [t.id, t.sessions.map((s) => s.id)])).toEqual([
      ['morning', ['s-0930']],
      ['afternoon', ['s-1100', 's-1300', 's-1800']],
    ]);
    const early = await reserveSnapshot({ 'web.session_picker_tabs': [8, 9] });
    early.send({ type: 'date.select', date: '2026-11-21' });
    await flush();
    const earlyView = selectDateFirstReserveView(early.getSnapshot());
    expect(earlyView.sessionTabs?.map((t) => t.unavailable)).toEqual(['notAvailable', 'notAvailable', null]);
    expect(earlyView.initialTab).toBe('evening');
  });

  it('opens on the chosen session’s tab; totals include outside fees; submit follows the machine', async () => {
    const actor = await reserveSnapshot();
    actor.send({ type: 'date.select', date: '2026-11-21' });
    await flush();
    actor.send({ type: 'session.select', sessionId: 's-1300' });
    await flush();
    actor.send({ type: 'session.change' });
    let view = selectDateFirstReserveView(actor.getSnapshot());
    expect(view.initialTab).toBe('afternoon');
    actor.send({ type: 'session.select', sessionId: 's-1300' });
    await flush();
    expect(selectDateFirstReserveView(actor.getSnapshot()).canSubmit).toBe(false);
    sendAsTheView(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    view = selectDateFirstReserveView(actor.getSnapshot());
    expect(view.totalCents).toBe(2000 + 100);
    expect(view.canSubmit).toBe(true);
    expect(view.selectedSession?.id).toBe('s-1300');
  });
});

describe('session tabs rule', () => {
  it('reads thresholds as hours or HH:mm, as a list, an object or JSON; anything else is the default', () => {
    expect(parseTabThresholds(undefined)).toEqual([720, 1020]);
    expect(DEFAULT_TAB_THRESHOLDS).toEqual([12 * 60, 17 * 60]);
    expect(parseTabThresholds([11])).toEqual([660]);
    expect(parseTabThresholds(['11:30', '16:00'])).toEqual([690, 960]);
    expect(parseTabThresholds({ thresholds: [10, 15.5] })).toEqual([600, 930]);
    expect(parseTabThresholds('[12,18]')).toEqual([720, 1080]);
    for (const bad of ['nonsense', [17, 12], [1, 2, 3], [], [25], { thresholds: 'x' }, [0]])
      expect(parseTabThresholds(bad), JSON.stringify(bad)).toEqual(DEFAULT_TAB_THRESHOLDS);
  });

  it('a session at a threshold starts the next tab, in the venue’s zone (not the browser’s)', () => {
    expect(tabIndexOf('2026-11-21T17:00:00Z', TZ, [720, 1020])).toBe(1); // noon in New York
    expect(tabIndexOf('2026-11-21T16:59:00Z', TZ, [720, 1020])).toBe(0);
    expect(tabIndexOf('2026-11-21T17:00:00Z', 'Europe/Paris', [720, 1020])).toBe(2); // 6 pm in Paris
    const tabs = splitIntoTabs([], TZ, [720]);
    expect(tabs.map((t) => [t.id, t.unavailable])).toEqual([
      ['morning', 'notAvailable'],
      ['afternoon', 'notAvailable'],
    ]);
  });
});

describe('checkout view model', () => {
  it('needs a card only when something is due; the button answers while editing only', async () => {
    const free = createActor(checkoutMachine, {
      input: { cart: makeCart(0), identityFormShown: true, termsShown: false },
    });
    free.start();
    expect(selectCheckoutView(free.getSnapshot())).toMatchObject({
      totalCents: 0,
      cardNeeded: false,
      canSubmit: true,
    });
    const due = createActor(checkoutMachine, {
      input: { cart: makeCart(2100), identityFormShown: true, termsShown: false },
    });
    due.start();
    due.send({ type: 'submit' });
    const refused = selectCheckoutView(due.getSnapshot());
    expect(refused).toMatchObject({ totalCents: 2100, cardNeeded: true, canSubmit: true, errorVersion: 1 });
    expect(refused.formError).toEqual({ key: 'checkoutValidation' });
    expect(refused.fieldErrors.firstName).toEqual({ key: 'firstNameRequired' });
  });
});
