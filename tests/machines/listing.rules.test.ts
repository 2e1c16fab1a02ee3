/** The listing's query rules (spec 1 §2 "Event listing", §7 GET events/available). */
import { describe, expect, it } from 'vitest';
import type { ListingEvent } from '../../api/models';
import {
  categoriesOf,
  dayOfFilter,
  halfHourSteps,
  hasMetaFilters,
  type ListingScope,
  listingDay,
  listingRequest,
  listingSearch,
  NO_FILTERS,
  narrowByTime,
  parseListingQuery,
  timeFilterShown,
  timeWindow,
  visitDay,
  withTime,
} from '../../machines/listing/rules';

const TZ = 'America/New_York';
const NOW = Date.parse('2026-11-21T15:00:00Z'); // 10:00 in New York
const guest: ListingScope = { now: NOW, timezone: TZ, member: false, chain: null };

const event = (id: string, starts: string[], category = 'Admission'): ListingEvent => ({
  id,
  name: id,
  subtitle: null,
  summary: null,
  category,
  eventType: 'repeating',
  venue: { id: 'v', name: 'Venue', timezone: TZ },
  image: null,
  hiddenType: 'public_browsable',
  meta: {},
  sessions: starts.map((start) => ({ start, end: new Date(Date.parse(start) + 3600_000).toISOString() })),
});

describe('parseListingQuery', () => {
  it('reads category, date, time and free metadata keys', () => {
    expect(
      parseListingQuery('?category=Shows&date=tomorrow&time.start=10:00&time.end=12:30&audience=family'),
    ).toEqual({
      category: 'Shows',
      date: 'tomorrow',
      timeStart: '10:00',
      timeEnd: '12:30',
      meta: { audience: 'family' },
    });
  });

  it('drops what is not a filter: other dates, odd times, reversed times, shell and login keys', () => {
    expect(parseListingQuery('date=2026-11-21&time.start=10:15&time.end=11:00')).toEqual(NO_FILTERS);
    expect(parseListingQuery('time.start=12:00&time.end=10:00')).toEqual(NO_FILTERS);
    expect(parseListingQuery('time.start=10:00')).toEqual(NO_FILTERS);
    expect(
      parseListingQuery(
        'expresscheckout&inspect=1&login=1&member_code=1&zip_code=2&login.x=1&Bad-Key=1&empty=',
      ),
    ).toEqual(NO_FILTERS);
    expect(parseListingQuery(`category=${'x'.repeat(201)}`).category).toBeNull();
  });
});

describe('listingSearch', () => {
  it('writes filters in a stable order and keeps other keys', () => {
    const filters = parseListingQuery(
      'zeta=2&audience=family&time.end=12:00&time.start=10:00&date=today&category=Shows',
    );
    expect(listingSearch('inspect=1&category=Old', filters)).toBe(
      'inspect=1&category=Shows&date=today&time.start=10%3A00&time.end=12%3A00&audience=family&zeta=2',
    );
  });

  it('round-trips through parse', () => {
    const filters = parseListingQuery('category=Guided+Tours&date=today&audience=family,all');
    expect(parseListingQuery(listingSearch('', filters))).toEqual(filters);
    expect(listingSearch('category=Shows&audience=x', NO_FILTERS)).toBe('');
  });
});

describe('listingRequest', () => {
  it('sends category._in, meta values, and a whole venue day for today or tomorrow', () => {
    expect(
      listingRequest(parseListingQuery('category=Shows&audience=family,all&date=tomorrow'), guest),
    ).toEqual({
      categories: ['Shows'],
      meta: { audience: ['family', 'all'] },
      sessionsFrom: '2026-11-22T05:00:00.000Z',
      sessionsTo: '2026-11-23T05:00:00.000Z',
      includeSessions: true,
    });
    expect(listingRequest(NO_FILTERS, guest)).toEqual({});
    expect(listingRequest(NO_FILTERS, { ...guest, member: true })).toEqual({ withMemberEvents: true });
  });

  it('on an upsell step asks for the step and the visit window, whatever the query says', () => {
    const chain = {
      step: 1,
      filter: { categories: ['Family Workshops'], meta: { addon: ['workshop'] } },
      window: { start: '2026-11-22T15:00:00.000Z', end: '2026-11-22T17:00:00.000Z', timezone: TZ },
    };
    expect(listingRequest(parseListingQuery('category=Shows&date=today'), { ...guest, chain })).toEqual({
      categories: ['Family Workshops'],
      meta: { addon: ['workshop'] },
      sessionsFrom: chain.window.start,
      sessionsTo: chain.window.end,
      includeSessions: true,
    });
    expect(visitDay(chain.window)).toBe('2026-11-22');
  });

  it('a time alone is a time today: the call asks for today and the window spans its sessions', () => {
    const timeOnly = parseListingQuery('time.start=10:00&time.end=16:00');
    expect(listingDay(timeOnly)).toBe('today');
    expect(listingDay(NO_FILTERS)).toBeNull();
    expect(listingDay(parseListingQuery('date=tomorrow&time.start=10:00&time.end=16:00'))).toBe('tomorrow');
    expect(listingRequest(timeOnly, guest)).toEqual({
      sessionsFrom: '2026-11-21T05:00:00.000Z',
      sessionsTo: '2026-11-22T05:00:00.000Z',
      includeSessions: true,
    });
    const events = [event('a', ['2026-11-21T15:00:00.000Z']), event('b', ['2026-11-21T20:30:00.000Z'])];
    expect(timeWindow(timeOnly, guest, events)).toEqual({
      start: '2026-11-21T15:00:00.000Z',
      end: '2026-11-21T21:30:00.000Z',
      timezone: TZ,
    });
    const late = event('c', ['2026-11-21T21:30:00.000Z']); // 4:30 PM: after the visit
    expect(narrowByTime([...events, late], timeOnly, TZ).map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('today and tomorrow follow the venue day, not UTC', () => {
    const lateEvening = Date.parse('2026-11-22T03:00:00Z'); // 22:00 on the 21st in New York
    expect(dayOfFilter('today', lateEvening, TZ)).toBe('2026-11-21');
    expect(dayOfFilter('tomorrow', lateEvening, TZ)).toBe('2026-11-22');
  });
});

describe('time filter', () => {
  it('offers half-hour steps within the window, rounded inwards', () => {
    expect(
      halfHourSteps({ start: '2026-11-22T15:10:00.000Z', end: '2026-11-22T17:45:00.000Z', timezone: TZ }),
    ).toEqual(['10:30', '11:00', '11:30', '12:00', '12:30']);
  });

  it('is hidden for same_start visits and for windows under two steps', () => {
    expect(timeFilterShown(['10:00', '10:30'], 'timeslot')).toBe(true);
    expect(timeFilterShown(['10:00', '10:30'], 'same_start')).toBe(false);
    expect(timeFilterShown(['10:00'], null)).toBe(false);
  });

  it('spans the day of the chosen date from its sessions; none without a date', () => {
    const events = [event('a', ['2026-11-22T15:00:00.000Z']), event('b', ['2026-11-22T20:30:00.000Z'])];
    expect(timeWindow(parseListingQuery('date=tomorrow'), guest, events)).toEqual({
      start: '2026-11-22T15:00:00.000Z',
      end: '2026-11-22T21:30:00.000Z',
      timezone: TZ,
    });
    expect(timeWindow(NO_FILTERS, guest, events)).toBeNull();
  });

  it('narrows to events with a session starting within [start, end) in venue time', () => {
    const events = [
      event('ten', ['2026-11-22T15:00:00.000Z']),
      event('half-past-eleven', ['2026-11-22T16:30:00.000Z']),
      event('noon', ['2026-11-22T17:00:00.000Z']),
    ];
    const filters = parseListingQuery('date=tomorrow&time.start=11:30&time.end=12:00');
    expect(narrowByTime(events, filters, TZ).map((e) => e.id)).toEqual(['half-past-eleven']);
    expect(narrowByTime(events, NO_FILTERS, TZ)).toHaveLength(3);
  });

  it('choosing one end sets the other to the window edge, and keeps start before end', () => {
    const steps = ['10:00', '10:30', '11:00', '11:30'];
    expect(withTime(NO_FILTERS, steps, 'start', '10:30')).toMatchObject({
      timeStart: '10:30',
      timeEnd: '11:30',
    });
    expect(withTime(NO_FILTERS, steps, 'end', '10:30')).toMatchObject({
      timeStart: '10:00',
      timeEnd: '10:30',
    });
    const set = { ...NO_FILTERS, timeStart: '10:00', timeEnd: '10:30' };
    expect(withTime(set, steps, 'start', '11:00')).toMatchObject({ timeStart: '11:00', timeEnd: '11:30' });
    expect(withTime(set, steps, 'end', '')).toMatchObject({ timeStart: null, timeEnd: null });
    expect(withTime(set, steps, 'end', '23:00')).toMatchObject({ timeStart: null, timeEnd: null });
  });
});

describe('categories and metadata', () => {
  it('lists distinct categories in listing order; metadata filters read See all', () => {
    expect(
      categoriesOf([{ category: 'B' }, { category: null }, { category: 'A' }, { category: 'B' }]),
    ).toEqual(['B', 'A']);
    expect(hasMetaFilters(parseListingQuery('audience=family'))).toBe(true);
    expect(hasMetaFilters(parseListingQuery('category=Shows'))).toBe(false);
  });
});
