/**
 * Pure rules of the date-first screen: the query (spec 1 §2, §5: session, date, reserve mode, quantities),
 * what each calendar day shows (web.price_display, availability, badges) and the remaining-capacity rule.
 */

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import { selectFewTicketsMessage, selectSessions } from '../../machines/reserve/dateFirstReserve.selectors';
import { selectDateFirstReserveView } from '../../machines/reserve/dateFirstReserve.view';
import {
  dayBadges,
  dayPrice,
  parsePriceDisplay,
  parseRemainingThreshold,
  remainingToShow,
  showsFewTickets,
} from '../../machines/reserve/price-display';
import {
  parseReserveMode,
  planFromQuery,
  resolvePresetSession,
  resolveQueryQuantities,
} from '../../machines/reserve/query';
import {
  cart,
  day,
  days,
  event,
  family,
  flexibleEvent,
  flexibleGroup,
  general,
  NOW,
  s0930,
  s1100,
  s1300,
  sessionsByDate,
} from '../../stories/fixtures/dateFirstReserve';
import { flush } from './graph-helpers';
import { formContextOf, postTickets, sendAsTheView } from './reserve-core-helpers';

describe('reserve mode (flag words, spec 1 §5)', () => {
  it.each(['strict', 'STRICT', ' strict '])('%s is strict', (word) =>
    expect(parseReserveMode(word)).toBe('strict'),
  );
  it.each(['1', 'on', 'enabled', 'true', 't', 'yes', 'y', 'warn', undefined, '', 'whatever'])(
    '%s warns',
    (word) => expect(parseReserveMode(word)).toBe('warn'),
  );
  it.each(['0', 'off', 'disabled', 'false', 'f', 'no', 'n', 'NO'])('%s is off', (word) =>
    expect(parseReserveMode(word)).toBe('off'),
  );
});

describe('planFromQuery', () => {
  const names = (plan: ReturnType<typeof planFromQuery>) => plan.problems.map((p) => p.name);

  it('session and date together: the spec message, nothing preselected', () => {
    const plan = planFromQuery({ session: 's-0930', date: '2026-11-21' }, event, days, NOW);
    expect(names(plan)).toEqual(['sessionAndDate']);
    expect(plan).toMatchObject({ date: null, session: null });
  });

  it('date: YYYY-MM-DD only, and only an available day', () => {
    expect(planFromQuery({ date: '2026-11-22' }, event, days, NOW)).toMatchObject({
      date: '2026-11-22',
      problems: [],
    });
    for (const bad of [
      '2026-11-23',
      '2026-12-01',
      '2026-11-22T00:00',
      '22/11/2026',
      '2026-2-1',
      '2026-02-30',
    ])
      expect(names(planFromQuery({ date: bad }, event, days, NOW)), bad).toEqual(['dateUnavailable']);
  });

  it("session 'today' and 'next' pick a day; an id is looked up for its day (no date yet)", () => {
    expect(planFromQuery({ session: 'today' }, event, days, NOW)).toMatchObject({
      date: '2026-11-21',
      session: 'today',
    });
    const later = [day('2026-11-21', 'sold_out'), day('2026-11-25')];
    expect(planFromQuery({ session: 'today' }, event, later, NOW).problems[0]?.name).toBe('dateUnavailable');
    expect(planFromQuery({ session: 'next' }, event, later, NOW)).toMatchObject({
      date: '2026-11-25',
      session: 'next',
    });
    expect(
      planFromQuery({ session: 'next' }, event, [day('2026-11-21', 'sold_out')], NOW).problems[0]?.name,
    ).toBe('timeUnavailable');
    expect(planFromQuery({ session: 's-0930' }, event, days, NOW)).toMatchObject({
      date: null,
      session: 's-0930',
    });
  });

  it('quantities keyed by type id or name (any case); unknown keys: ticket types not found', () => {
    const plan = planFromQuery({ quantities: { 't-adult': '2', child: '1', Nope: '3' } }, event, days, NOW);
    expect(plan.quantities).toEqual({ 't-adult': 2, 't-child': 1 });
    expect(plan.problems).toEqual([
      { key: 'query.quantities', name: 'ticketTypesNotFound', params: { types: 'Nope' } },
    ]);
    expect(resolveQueryQuantities({ Adult: '0', Child: 'x' }, event)).toEqual({
      quantities: {},
      unknown: [],
    });
  });
});

describe('resolvePresetSession', () => {
  const day21 = sessionsByDate['2026-11-21'] ?? [];
  it('an id among the sessions; sold out: time unavailable; unknown: not found', () => {
    expect(resolvePresetSession('s-1300', day21, NOW)).toEqual({ sessionId: 's-1300' });
    expect(resolvePresetSession('s-1100', day21, NOW)).toMatchObject({
      problem: { name: 'timeUnavailable' },
    });
    expect(resolvePresetSession('s-nope', day21, NOW)).toMatchObject({
      problem: { name: 'sessionNotFound' },
    });
  });
  it("'today'/'next': the first open session from now on", () => {
    expect(resolvePresetSession('next', day21, NOW)).toEqual({ sessionId: s0930.id });
    expect(resolvePresetSession('today', day21, Date.parse(s0930.start) + 1)).toEqual({
      sessionId: s1300.id,
    });
    expect(resolvePresetSession('today', [s1100], NOW)).toMatchObject({
      problem: { name: 'timeUnavailable' },
    });
  });
});

describe('calendar days (web.price_display)', () => {
  const priced = {
    ...event,
    config: {
      'web.price_display': {
        primary_ticket_type: 'Adult',
        primary_prefix: 'Adults',
        secondary_ticket_type: 't-child',
        secondary_prefix: 'Kids',
      },
    },
  };

  it('reads the setting as an object or JSON text; anything else is the default', () => {
    expect(parsePriceDisplay('{"primary_ticket_type":"Adult","show":"sessions_and_tickets"}')).toMatchObject({
      primaryType: 'Adult',
      show: 'sessions_and_tickets',
    });
    expect(parsePriceDisplay('nope')).toEqual({
      primaryType: null,
      primaryPrefix: null,
      secondaryType: null,
      secondaryPrefix: null,
      show: 'all',
    });
  });

  it('the primary type gives the price and prefix, the secondary a badge; else the lowest price', () => {
    const display = parsePriceDisplay(priced.config['web.price_display']);
    expect(dayPrice(day('2026-11-21'), priced, display)).toEqual({ prefix: 'Adults', cents: 2000 });
    expect(dayBadges(day('2026-11-21'), priced, display, null)).toEqual([
      { kind: 'price', prefix: 'Kids', cents: 1000 },
    ]);
    expect(dayPrice(day('2026-11-21'), event, parsePriceDisplay(undefined))).toEqual({
      prefix: null,
      cents: 1000,
    });
    expect(dayPrice(day('2026-11-23', 'sold_out'), event, parsePriceDisplay(undefined))).toBeNull();
    expect(
      dayPrice(day('2026-11-21'), event, parsePriceDisplay({ show: 'sessions_and_tickets' })),
    ).toBeNull();
  });

  it('availability: places left under the threshold, else the few-tickets badge under 10', () => {
    const low = { ...day('2026-11-21'), availability: 6 };
    const display = parsePriceDisplay(undefined);
    expect(dayBadges(low, event, display, null)).toEqual([{ kind: 'fewTickets' }]);
    expect(dayBadges(low, event, display, 20)).toEqual([{ kind: 'remaining', count: 6 }]);
    expect(dayBadges({ ...low, availability: 25 }, event, display, 20)).toEqual([]);
    expect(dayBadges({ ...low, availability: null }, event, display, null)).toEqual([]);
  });

  it('remaining capacity shows under the threshold only; Hurry only without a threshold', () => {
    expect(parseRemainingThreshold('15')).toBe(15);
    expect(parseRemainingThreshold(0)).toBeNull();
    expect(parseRemainingThreshold('x')).toBeNull();
    expect(remainingToShow(5, 10)).toBe(5);
    expect(remainingToShow(10, 10)).toBeNull();
    expect(remainingToShow(5, null)).toBeNull();
    expect(showsFewTickets(9, null)).toBe(true);
    expect(showsFewTickets(10, null)).toBe(false);
    expect(showsFewTickets(5, 20)).toBe(false);
    expect(showsFewTickets(null, null)).toBe(false);
  });
});

// ---- flexible tickets and thresholds on the machine ------------------------------------------------------

function startActor(input: Parameters<typeof createActor<typeof dateFirstReserveMachine>>[1]['input']) {
  const reserves: unknown[] = [];
  const machine = dateFirstReserveMachine.provide({
    actors: {
      loadCalendar: fromPromise(async () => days),
      loadSessions: fromPromise(async ({ input: i }) => sessionsByDate[i.date] ?? []),
      loadSessionGroups: fromPromise(async () => [general, family, flexibleGroup]),
      reserveIntoCart: postTickets(
        (i) => reserves.push(i),
        async () => cart,
      ),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, reserves };
}

describe('flexible (any-date) tickets', () => {
  it('choosing flexible clears the date and session; its groups only; reserve without a session', async () => {
    const { actor, reserves } = startActor({ event: flexibleEvent, now: NOW });
    await flush();
    actor.send({ type: 'date.select', date: '2026-11-21' });
    await flush();
    actor.send({ type: 'session.select', sessionId: 's-0930' });
    await flush();
    // The session's groups leave the flexible group out.
    expect(actor.getSnapshot().context.groups.map((g) => g.id)).toEqual(['g-general', 'g-family']);
    sendAsTheView(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    actor.send({ type: 'flexible.select' });
    let snap = actor.getSnapshot();
    expect(snap.matches({ picking: 'flexible' })).toBe(true);
    expect(snap.context).toMatchObject({ selectedDate: null, selectedSessionId: null });
    expect(formContextOf(actor).quantities).toEqual({});
    expect(snap.context.groups.map((g) => g.id)).toEqual(['g-flex']);
    const view = selectDateFirstReserveView(snap);
    expect(view).toMatchObject({
      hasFlexible: true,
      flexibleChosen: true,
      dateListOpen: true,
      canSubmit: false,
    });
    sendAsTheView(actor, { type: 'quantity.increment', ticketTypeId: 't-flex' });
    expect(selectDateFirstReserveView(actor.getSnapshot()).canSubmit).toBe(true);
    sendAsTheView(actor, { type: 'submit' });
    await flush();
    expect(reserves).toEqual([
      { newCart: false, request: { eventId: 'ev-1', sessionId: null, quantities: { 't-flex': 1 } } },
    ]);
    snap = actor.getSnapshot();
    expect(snap.status).toBe('done');
  });

  it('back to a single date: the day list; choosing a day leaves flexible', async () => {
    const { actor } = startActor({ event: flexibleEvent, now: NOW });
    await flush();
    actor.send({ type: 'flexible.select' });
    actor.send({ type: 'flexible.clear' });
    expect(actor.getSnapshot().matches({ picking: 'date' })).toBe(true);
    expect(actor.getSnapshot().context.flexible).toBe(false);
    actor.send({ type: 'flexible.select' });
    actor.send({ type: 'date.select', date: '2026-11-22' });
    expect(actor.getSnapshot().context).toMatchObject({ flexible: false, selectedDate: '2026-11-22' });
  });

  it('an event without flexible tickets ignores flexible.select', async () => {
    const { actor } = startActor({ event, now: NOW });
    await flush();
    actor.send({ type: 'flexible.select' });
    expect(actor.getSnapshot().matches({ picking: 'date' })).toBe(true);
    expect(selectDateFirstReserveView(actor.getSnapshot()).hasFlexible).toBe(false);
  });
});

describe('remaining capacity in the session list', () => {
  it('without a threshold: no counts, Hurry under 10; with one: counts under it and no Hurry', async () => {
    const plain = startActor({ event, now: NOW });
    await flush();
    plain.actor.send({ type: 'date.select', date: '2026-11-21' });
    await flush();
    plain.actor.send({ type: 'session.select', sessionId: 's-1300' });
    await flush();
    expect(selectSessions(plain.actor.getSnapshot()).map((s) => s.remaining)).toEqual([null, null, null]);
    expect(selectFewTicketsMessage(plain.actor.getSnapshot())).toEqual({ key: 'fewTickets' });

    const withThreshold = startActor({
      event: { ...event, config: { show_remaining_session_capacity_threshold: 20 } },
      now: NOW,
    });
    await flush();
    withThreshold.actor.send({ type: 'date.select', date: '2026-11-21' });
    await flush();
    withThreshold.actor.send({ type: 'session.select', sessionId: 's-1300' });
    await flush();
    // 9:30 has 50 left (not shown), 11:00 is sold out, 1:00 PM has 5 left.
    expect(selectSessions(withThreshold.actor.getSnapshot()).map((s) => s.remaining)).toEqual([
      null,
      null,
      5,
    ]);
    expect(selectFewTicketsMessage(withThreshold.actor.getSnapshot())).toBeNull();
  });
});
