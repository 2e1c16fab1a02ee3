/**
 * What the reserve pickers show (issue 29), held to spec 1 §2 (time tabs in 2 or 3 time-of-day groups split at
 * configurable thresholds, web.session_picker_tabs; a tab with no sessions 'Not available', all sold out 'Sold
 * out'; remaining capacity shown only under show_remaining_session_capacity_threshold; each day's price prefix,
 * price and badges), §3 (web.price_display: primary and secondary type and prefix) and §9 (few-tickets warning
 * under 10 places when no threshold is configured), with boundaries and properties over the thresholds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarDayModel } from '../../api/models';
import {
  dayBadges,
  dayOptions,
  dayPrice,
  fewTicketsMessage,
  findType,
  parsePriceDisplay,
  parseRemainingThreshold,
  remainingToShow,
  sessionRemaining,
  showsFewTickets,
} from '../../machines/reserve/price-display';
import {
  DEFAULT_TAB_THRESHOLDS,
  initialTab,
  parseTabThresholds,
  sessionTabsView,
  splitIntoTabs,
  tabIndexOf,
} from '../../machines/reserve/session-tabs';
import { event } from '../../stories/fixtures/dateFirstReserve';

const UTC = 'UTC';
const at = (hhmm: string) => `2026-11-21T${hhmm}:00Z`;
const s = (hhmm: string, over: { soldOut?: boolean; disabled?: boolean; selected?: boolean } = {}) => ({
  start: at(hhmm),
  soldOut: false,
  disabled: false,
  selected: false,
  ...over,
});
const avail = (over: Partial<CalendarDayModel> = {}): CalendarDayModel => ({
  date: '2026-11-21',
  status: 'available',
  minPriceCents: 1500,
  availability: null,
  ...over,
});

describe('session tabs (spec 1 §2, web.session_picker_tabs)', () => {
  it('thresholds: one or two increasing times (hours or HH:mm), else noon and 5 pm', () => {
    expect(DEFAULT_TAB_THRESHOLDS).toEqual([720, 1020]);
    expect(parseTabThresholds([11])).toEqual([660]);
    expect(parseTabThresholds([10.5, '16:30'])).toEqual([630, 990]);
    expect(parseTabThresholds('{"thresholds": ["9", 13]}')).toEqual([540, 780]);
    expect(parseTabThresholds({ thresholds: [' 8:15 '] })).toEqual([495]);
    for (const bad of [
      [],
      [9, 10, 11],
      [13, 12],
      [12, 12],
      [0],
      [24],
      ['x'],
      'not json',
      null,
      12,
      { t: [1] },
    ])
      expect(parseTabThresholds(bad)).toBe(DEFAULT_TAB_THRESHOLDS);
    expect(parseTabThresholds(['23:59'])).toEqual([1439]);
  });

  it('a session belongs to the tab of the thresholds at or before its local time', () => {
    expect(tabIndexOf(at('11:59'), UTC, [720, 1020])).toBe(0);
    expect(tabIndexOf(at('12:00'), UTC, [720, 1020])).toBe(1);
    expect(tabIndexOf(at('17:00'), UTC, [720, 1020])).toBe(2);
    expect(tabIndexOf('2026-11-21T16:00:00Z', 'America/New_York', [720, 1020])).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 1438 }), (minute, t) => {
        const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
        expect(tabIndexOf(at(hhmm), UTC, [t])).toBe(minute >= t ? 1 : 0);
      }),
    );
  });

  it('2 or 3 tabs in order; empty: not available; all sold out: sold out', () => {
    const tabs = splitIntoTabs([s('09:00'), s('13:00', { soldOut: true }), s('10:00')], UTC, [720, 1020]);
    expect(tabs.map((t) => [t.id, t.sessions.map((x) => x.start.slice(11, 16)), t.unavailable])).toEqual([
      ['morning', ['09:00', '10:00'], null],
      ['afternoon', ['13:00'], 'soldOut'],
      ['evening', [], 'notAvailable'],
    ]);
    expect(splitIntoTabs([s('13:00')], UTC, [720]).map((t) => t.id)).toEqual(['morning', 'afternoon']);
    const mixed = splitIntoTabs([s('13:00', { soldOut: true }), s('14:00')], UTC, [720]);
    expect(mixed.map((t) => t.unavailable)).toEqual(['notAvailable', null]);
  });

  it('opens the tab of the chosen session, else the first with one to choose, else the first', () => {
    const tabs = splitIntoTabs(
      [s('09:00', { disabled: true }), s('13:00'), s('18:00', { selected: true })],
      UTC,
      [720, 1020],
    );
    expect(initialTab(tabs)).toBe('evening');
    expect(initialTab(splitIntoTabs([s('09:00', { disabled: true }), s('13:00')], UTC, [720, 1020]))).toBe(
      'afternoon',
    );
    expect(initialTab(splitIntoTabs([s('18:00', { disabled: true })], UTC, [720, 1020]))).toBe('morning');
    expect(initialTab([])).toBe('morning');
  });

  it('conflicting times are listed apart, an all-day session replaces the tabs; null while loading', () => {
    const venue = { config: { 'web.session_picker_tabs': [10] }, venue: { timezone: UTC } };
    const view = sessionTabsView(
      [s('09:00'), { ...s('11:00'), conflict: true }, { ...s('12:00'), allDay: true }],
      venue,
    );
    expect(view.sessionTabs?.map((t) => t.sessions.length)).toEqual([1, 1]);
    expect(view.conflictingTimes).toEqual([{ time: at('11:00'), zone: UTC }]);
    expect(view.allDaySession?.start).toBe(at('12:00'));
    expect(view.initialTab).toBe('morning');
    expect(sessionTabsView(null, venue)).toEqual({
      sessionTabs: null,
      initialTab: 'morning',
      conflictingTimes: [],
      allDaySession: null,
    });
  });
});

describe('places left and the few-tickets warning (spec 1 §2, §9)', () => {
  it('the threshold is a positive whole number (or its text), else none', () => {
    expect(parseRemainingThreshold(20)).toBe(20);
    expect(parseRemainingThreshold(' 15 ')).toBe(15);
    for (const bad of [0, -3, 2.5, 'x', '', null, undefined, true])
      expect(parseRemainingThreshold(bad)).toBeNull();
  });

  it('a count under the threshold; the warning under 10 only without a threshold', () => {
    fc.assert(
      fc.property(
        fc.option(fc.nat(30), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
        (left, threshold) => {
          expect(remainingToShow(left, threshold)).toBe(
            threshold !== null && left !== null && left < threshold ? left : null,
          );
          expect(showsFewTickets(left, threshold)).toBe(threshold === null && left !== null && left < 10);
        },
      ),
    );
    expect(fewTicketsMessage({ availableCapacity: 9 }, event)).toEqual({ key: 'fewTickets' });
    expect(fewTicketsMessage({ availableCapacity: 10 }, event)).toBeNull();
    expect(fewTicketsMessage(null, event)).toBeNull();
    const withThreshold = { ...event, config: { show_remaining_session_capacity_threshold: 20 } };
    expect(fewTicketsMessage({ availableCapacity: 3 }, withThreshold)).toBeNull();
    expect(sessionRemaining({ availableCapacity: 19, soldOut: false }, withThreshold)).toBe(19);
    expect(sessionRemaining({ availableCapacity: 20, soldOut: false }, withThreshold)).toBeNull();
    expect(sessionRemaining({ availableCapacity: 0, soldOut: true }, withThreshold)).toBeNull();
  });
});

describe('each day’s price and badges (spec 1 §2, §3 web.price_display)', () => {
  it('reads the setting (an object or its JSON), trimmed; anything else: defaults', () => {
    expect(
      parsePriceDisplay(
        '{"primary_ticket_type":" Adult ","primary_prefix":"From","show":"sessions_and_tickets"}',
      ),
    ).toEqual({
      primaryType: 'Adult',
      primaryPrefix: 'From',
      secondaryType: null,
      secondaryPrefix: null,
      show: 'sessions_and_tickets',
    });
    const none = {
      primaryType: null,
      primaryPrefix: null,
      secondaryType: null,
      secondaryPrefix: null,
      show: 'all',
    };
    for (const bad of ['{oops', null, [1], 5, { primary_prefix: '  ' }])
      expect(parsePriceDisplay(bad)).toEqual(none);
  });

  it('finds a type by id, else by name in any case', () => {
    expect(findType(event, 't-child')?.name).toBe('Child');
    expect(findType(event, 'ADULT')?.id).toBe('t-adult');
    expect(findType(event, 'nobody')).toBeNull();
    expect(findType(event, null)).toBeNull();
  });

  it('the primary type’s price with its prefix, else the lowest; none for sessions_and_tickets or unavailable days', () => {
    const all = parsePriceDisplay({});
    expect(dayPrice(avail(), event, all)).toEqual({ prefix: null, cents: 1500 });
    expect(dayPrice(avail({ minPriceCents: null }), event, all)).toBeNull();
    expect(
      dayPrice(avail(), event, parsePriceDisplay({ primary_ticket_type: 'Adult', primary_prefix: 'Adults' })),
    ).toEqual({
      prefix: 'Adults',
      cents: 2000,
    });
    expect(dayPrice(avail({ status: 'sold_out' }), event, all)).toBeNull();
    expect(dayPrice(avail(), event, parsePriceDisplay({ show: 'sessions_and_tickets' }))).toBeNull();
  });

  it('badges: the secondary price (its name without a prefix), then places left or few tickets', () => {
    const second = parsePriceDisplay({ secondary_ticket_type: 't-child' });
    expect(dayBadges(avail({ availability: 9 }), event, second, null)).toEqual([
      { kind: 'price', prefix: 'Child', cents: 1000 },
      { kind: 'fewTickets' },
    ]);
    expect(dayBadges(avail({ availability: 10 }), event, parsePriceDisplay({}), null)).toEqual([]);
    expect(dayBadges(avail({ availability: 4 }), event, parsePriceDisplay({}), 5)).toEqual([
      { kind: 'remaining', count: 4 },
    ]);
    expect(dayBadges(avail({ availability: 5 }), event, parsePriceDisplay({}), 5)).toEqual([]);
    expect(dayBadges(avail({ availability: 1, status: 'sold_out' }), event, second, null)).toEqual([]);
    const sessionsOnly = parsePriceDisplay({
      secondary_ticket_type: 't-child',
      secondary_prefix: 'Kids',
      show: 'sessions_and_tickets',
    });
    expect(dayBadges(avail(), event, sessionsOnly, null)).toEqual([]);
  });

  it('the days: selected and disabled as chosen and offered', () => {
    const options = dayOptions(
      [avail(), avail({ date: '2026-11-22', status: 'sold_out' })],
      event,
      '2026-11-22',
    );
    expect(options.map((d) => [d.date, d.selected, d.disabled, d.price])).toEqual([
      ['2026-11-21', false, false, { prefix: null, cents: 1500 }],
      ['2026-11-22', true, true, null],
    ]);
  });
});
