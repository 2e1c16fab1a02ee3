/**
 * Reschedule's rules and view model (issue 29), written from spec 2 §2 "Reschedule page" (up to 8 day buttons then
 * 'Show more dates' with the 'Choose date' calendar; sessions as tabs by time of day; Update disabled until a date
 * and a session are chosen or while submitting; a warning of a cost increase) and "Edit-order page" (Reschedule only
 * for non-single events), §4 (the self-edit categories and horizon) and §5 ("Reschedule Update needs a date and a
 * session"): examples, and fast-check properties for the money and the counts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ManageAccess, ManageTicket } from '../../api/models';
import { rescheduleMachine } from '../../machines/reschedule/reschedule.machine';
import {
  canUpdate,
  costIncreaseCents,
  DAYS_SHOWN,
  isReschedulable,
  quantitiesOf,
  ticketsToMove,
} from '../../machines/reschedule/rules';
import type { RescheduleContext, RescheduleSession } from '../../machines/reschedule/types';
import { selectRescheduleView } from '../../machines/reschedule/view';
import {
  ACCESS,
  FREE_ADULT,
  FREE_CHILD,
  NOW_MS,
  ORDER,
  PAID_ADULT,
} from '../../stories/fixtures/cancelFreeOrder';
import { DAYS, LATE_DAY, OPEN_DAY, SESSIONS } from '../../stories/fixtures/reschedule';

const HOUR = 3_600_000;
const t = (over: Partial<ManageTicket> & Pick<ManageTicket, 'id'>): ManageTicket => ({
  ...FREE_ADULT,
  ...over,
});
const rules = (over: Partial<ManageAccess['rules']>): ManageAccess => ({
  ...ACCESS,
  rules: { ...ACCESS.rules, ...over },
});

describe('reschedule rules (spec 2 §2, §4, §5)', () => {
  it('shows 8 day buttons', () => {
    expect(DAYS_SHOWN).toBe(8);
  });

  it('a ticket may move: booked, of a repeating event, beyond the horizon, in the categories, with self-edit on', () => {
    expect(isReschedulable(FREE_ADULT, NOW_MS, ACCESS)).toBe(true);
    expect(isReschedulable(PAID_ADULT, NOW_MS, ACCESS)).toBe(true);
    for (const state of ['cancelled', 'unbooked', 'redeemed', 'in_cart'])
      expect(isReschedulable(t({ id: 'x', state }), NOW_MS, ACCESS), state).toBe(false);
    expect(isReschedulable(t({ id: 'x', eventType: 'single' }), NOW_MS, ACCESS)).toBe(false);
    expect(isReschedulable(t({ id: 'x', eventType: 'other' }), NOW_MS, ACCESS)).toBe(true);
    expect(isReschedulable(t({ id: 'x', category: 'Talks' }), NOW_MS, ACCESS)).toBe(false);
    expect(isReschedulable(t({ id: 'x', category: null }), NOW_MS, ACCESS)).toBe(false);
    expect(isReschedulable(t({ id: 'x', category: 'Talks' }), NOW_MS, rules({ categories: [] }))).toBe(true);
    expect(isReschedulable(FREE_ADULT, NOW_MS, rules({ enabled: false }))).toBe(false);
    expect(isReschedulable(FREE_ADULT, NOW_MS, null)).toBe(false);
    expect(isReschedulable(t({ id: 'x', start: null }), NOW_MS, ACCESS)).toBe(false);
    const start = Date.parse(FREE_ADULT.start as string);
    expect(isReschedulable(FREE_ADULT, start - 2 * HOUR - 1, ACCESS)).toBe(true);
    expect(isReschedulable(FREE_ADULT, start - 2 * HOUR, ACCESS)).toBe(false);
    const days = rules({ horizonDays: 2, horizonHours: 1 });
    expect(isReschedulable(FREE_ADULT, start - 49 * HOUR - 1, days)).toBe(true);
    expect(isReschedulable(FREE_ADULT, start - 49 * HOUR, days)).toBe(false);
  });

  it("the tickets that move: the session's that may", () => {
    const order = { ...ORDER, tickets: [...ORDER.tickets, t({ id: 'single', eventType: 'single' })] };
    expect(ticketsToMove(order, 'session-a', NOW_MS, ACCESS).map((x) => x.id)).toEqual([
      FREE_ADULT.id,
      PAID_ADULT.id,
    ]);
    expect(ticketsToMove(order, 'session-b', NOW_MS, ACCESS)).toEqual([FREE_CHILD]);
    expect(ticketsToMove(order, 'session-z', NOW_MS, ACCESS)).toEqual([]);
    expect(ticketsToMove(null, 'session-a', NOW_MS, ACCESS)).toEqual([]);
  });

  it('counts the moving tickets per type', () => {
    expect(quantitiesOf([])).toEqual({});
    expect(quantitiesOf([FREE_ADULT, PAID_ADULT, FREE_CHILD])).toEqual({ 'type-adult': 2, 'type-child': 1 });
    fc.assert(
      fc.property(fc.array(fc.constantFrom('type-a', 'type-b', 'type-c'), { maxLength: 20 }), (types) => {
        const q = quantitiesOf(types.map((ticketTypeId, i) => t({ id: `t${i}`, ticketTypeId })));
        expect(Object.values(q).reduce((a, b) => a + b, 0)).toBe(types.length);
        for (const [type, n] of Object.entries(q)) expect(n).toBe(types.filter((x) => x === type).length);
      }),
    );
  });

  it('the cost increase: what the moving tickets cost there less what they cost, never below 0', () => {
    const moving = [FREE_ADULT, PAID_ADULT];
    const at = (prices: Record<string, number>): RescheduleSession => ({
      id: 's',
      start: '2026-12-06T16:00:00Z',
      soldOut: false,
      prices,
    });
    expect(costIncreaseCents(moving, at({ 'type-adult': 3000 }))).toBe(3000 + 500);
    expect(costIncreaseCents(moving, at({ 'type-adult': 0 }))).toBe(0);
    expect(costIncreaseCents(moving, at({ 'type-adult': 2000 }))).toBe(2000 - 500);
    expect(costIncreaseCents(moving, at({ 'type-adult': 1250 }))).toBe(0);
    expect(costIncreaseCents(moving, at({ 'type-adult': 1500 }))).toBe(500);
    // A type the schedule does not price costs what it did.
    expect(costIncreaseCents(moving, at({}))).toBe(0);
    expect(costIncreaseCents([t({ id: 'x', adjustedValue: '19.99' })], at({ 'type-adult': 2000 }))).toBe(1);
    expect(costIncreaseCents([t({ id: 'x', adjustedValue: 'n/a' })], at({ 'type-adult': 700 }))).toBe(700);
    expect(costIncreaseCents(moving, null)).toBe(0);
    fc.assert(
      fc.property(
        fc.array(fc.record({ paid: fc.nat(50_000), there: fc.nat(50_000) }), { maxLength: 6 }),
        (lines) => {
          const ts = lines.map((l, i) =>
            t({ id: `t${i}`, ticketTypeId: `type-${i}`, adjustedValue: (l.paid / 100).toFixed(2) }),
          );
          const prices = Object.fromEntries(lines.map((l, i) => [`type-${i}`, l.there]));
          const diff = lines.reduce((n, l) => n + l.there - l.paid, 0);
          expect(costIncreaseCents(ts, at(prices))).toBe(Math.max(0, diff));
        },
      ),
    );
  });

  it('Update needs a date and a session (spec 2 §5)', () => {
    expect(canUpdate(OPEN_DAY, 'session-c')).toBe(true);
    expect(canUpdate(null, 'session-c')).toBe(false);
    expect(canUpdate(OPEN_DAY, null)).toBe(false);
    expect(canUpdate(null, null)).toBe(false);
    expect(canUpdate('', '')).toBe(true);
  });
});

// ---- the view model, from snapshots the machine resolves ---------------------------------------------------------

const ctx = (over: Partial<RescheduleContext> = {}): RescheduleContext => ({
  orderId: 'order-24',
  sessionId: 'session-a',
  token: 'tok-24',
  order: ORDER,
  access: ACCESS,
  nowMs: NOW_MS,
  days: DAYS,
  selectedDate: null,
  sessions: null,
  selectedSessionId: null,
  cartId: null,
  error: null,
  startAgain: false,
  ...over,
});
const view = (value: string, over: Partial<RescheduleContext> = {}) =>
  selectRescheduleView(rescheduleMachine.resolveState({ value, context: ctx(over) }));

describe('the reschedule view (spec 2 §2)', () => {
  it('loaded, nothing chosen: the session the tickets leave, 8 day buttons with prices, Show more dates', () => {
    const v = view('choosing');
    expect(v).toMatchObject({
      phase: 'choosing',
      orderNumber: 'ABCD-1234',
      eventName: FREE_ADULT.eventName,
      from: FREE_ADULT.start,
      timezone: 'America/New_York',
      ticketCount: 2,
      moreDates: true,
      selectedDate: null,
      sessionsLoading: false,
      sessionTabs: null,
      selectedSessionId: null,
      costIncreaseCents: 0,
      updateDisabled: true,
      submitting: false,
      error: null,
      startAgain: false,
    });
    expect(v.days.map((d) => d.date)).toEqual(DAYS.slice(0, 8).map((d) => d.date));
    expect(v.days[0]).toEqual({ date: '2026-12-02', disabled: false, price: { prefix: null, cents: 0 } });
    expect(v.days[5]).toEqual({ date: '2026-12-07', disabled: true, price: null });
    expect(v.calendarDays).toHaveLength(10);
    expect(v.calendarDays[9]).toEqual({
      date: LATE_DAY,
      disabled: false,
      price: { prefix: null, cents: 3000 },
    });
  });

  it('eight days or fewer: no Show more dates; a later day chosen in the calendar joins the buttons', () => {
    expect(view('choosing', { days: DAYS.slice(0, 8) }).moreDates).toBe(false);
    expect(view('choosing', { days: DAYS.slice(0, 9) }).moreDates).toBe(true);
    const later = view('choosing', { selectedDate: LATE_DAY });
    expect(later.days.map((d) => d.date)).toEqual([...DAYS.slice(0, 8).map((d) => d.date), LATE_DAY]);
    expect(view('choosing', { selectedDate: OPEN_DAY }).days).toHaveLength(8);
  });

  it('a sold-out day is disabled and shows no price, whatever its price line', () => {
    const days = [{ date: OPEN_DAY, soldOut: true, price: { prefix: 'Only', cents: 100 } }];
    const v = view('choosing', { days });
    expect(v.days).toEqual([{ date: OPEN_DAY, disabled: true, price: null }]);
    expect(v.calendarDays).toEqual(v.days);
  });

  it('the day’s sessions as tabs: the current session and sold-out ones disabled, the chosen one open', () => {
    const v = view('choosing', {
      selectedDate: OPEN_DAY,
      sessions: SESSIONS,
      selectedSessionId: 'session-e',
    });
    const all = (v.sessionTabs ?? []).flatMap((tab) => tab.sessions);
    expect(all.map((s) => [s.id, s.disabled, s.selected])).toEqual([
      ['session-c', false, false],
      ['session-a', true, false],
      ['session-e', false, true],
      ['session-d', true, false],
    ]);
    expect(v.sessionTabs?.map((tab) => [tab.id, tab.sessions.length])).toEqual([
      ['morning', 2],
      ['afternoon', 2],
      ['evening', 0],
    ]);
    expect(v.initialTab).toBe('afternoon');
    expect(v.updateDisabled).toBe(false);
    expect(v.costIncreaseCents).toBe(0);
    const dearer = view('choosing', {
      selectedDate: OPEN_DAY,
      sessions: SESSIONS,
      selectedSessionId: 'session-c',
    });
    expect(dearer.costIncreaseCents).toBe(3500);
    expect(dearer.initialTab).toBe('morning');
  });

  it('no tabs until a day is chosen and while its sessions load', () => {
    expect(view('choosing', { sessions: SESSIONS }).sessionTabs).toBeNull();
    const loading = view('loadingSessions', { selectedDate: OPEN_DAY, sessions: SESSIONS });
    expect(loading).toMatchObject({ phase: 'choosing', sessionsLoading: true, sessionTabs: null });
  });

  it('without moving tickets: the session’s first ticket tells the event; none: UTC', () => {
    const late = view('unavailable', { nowMs: Date.parse('2026-12-04T15:30:00Z') });
    expect(late).toMatchObject({ phase: 'unavailable', ticketCount: 0, eventName: FREE_ADULT.eventName });
    expect(late.from).toBe(FREE_ADULT.start);
    const none = view('loading', { order: null, access: null, days: [] });
    expect(none).toMatchObject({
      phase: 'loading',
      eventName: null,
      from: null,
      timezone: 'UTC',
      orderNumber: null,
    });
    // A ticket without a zone: UTC, and the tabs split at UTC hours.
    const zoneless = { ...ORDER, tickets: [{ ...FREE_ADULT, timezone: null }] };
    const utc = view('choosing', { order: zoneless, selectedDate: OPEN_DAY, sessions: SESSIONS });
    expect(utc.timezone).toBe('UTC');
    expect(utc.sessionTabs?.map((tab) => tab.sessions.length)).toEqual([0, 2, 2]);
  });

  it('Update is disabled until a date and a session are chosen, and while submitting (spec 2 §2)', () => {
    const chosen = { selectedDate: OPEN_DAY, sessions: SESSIONS, selectedSessionId: 'session-c' };
    expect(view('choosing', chosen).updateDisabled).toBe(false);
    expect(view('choosing', { ...chosen, selectedDate: null }).updateDisabled).toBe(true);
    expect(view('choosing', { ...chosen, selectedSessionId: null }).updateDisabled).toBe(true);
    expect(view('updating', chosen)).toMatchObject({
      phase: 'updating',
      updateDisabled: true,
      submitting: true,
    });
    expect(view('loadingSessions', chosen).updateDisabled).toBe(true);
    expect(view('failed', chosen).updateDisabled).toBe(true);
  });

  it('the phases, the error and the start-again link', () => {
    const error = { key: 'rescheduleStartAgain', params: { description: 'Expired.' } } as const;
    expect(view('failed', { error, startAgain: true })).toMatchObject({
      phase: 'choosing',
      error,
      startAgain: true,
    });
    for (const state of ['loadFailed', 'refused', 'logOut', 'unavailable', 'done'])
      expect(view(state).phase, state).toBe(state);
  });
});
