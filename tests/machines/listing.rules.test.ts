/** The listing's query rules (spec 1 §2 "Event listing", §7 GET events/available). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListingEvent } from '../../api/models';
import {
  categoriesOf,
  dayOfFilter,
  halfHourSteps,
  hasFilters,
  hasMetaFilters,
  type ListingFilters,
  type ListingScope,
  listingDay,
  listingRequest,
  listingSearch,
  NO_FILTERS,
  narrowByTime,
  narrowsListing,
  parseListingQuery,
  sameRequest,
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
    // A link typed with spaces after the commas (or an empty value between them) asks for the same values.
    expect(listingRequest({ ...NO_FILTERS, meta: { audience: ' family , all,, ' } }, guest)).toEqual({
      meta: { audience: ['family', 'all'] },
    });
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
    // An end AT the start moves too (not only one before it): a start on the chosen end pushes the end a step on,
    // an end on the chosen start pulls the start a step back.
    expect(withTime(set, steps, 'start', '10:30')).toMatchObject({ timeStart: '10:30', timeEnd: '11:00' });
    const later = { ...NO_FILTERS, timeStart: '10:30', timeEnd: '11:00' };
    expect(withTime(later, steps, 'end', '10:30')).toMatchObject({ timeStart: '10:00', timeEnd: '10:30' });
    // An end on the first step has no start before it: the time filter is cleared.
    expect(withTime(set, steps, 'end', '10:00')).toMatchObject({ timeStart: null, timeEnd: null });
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

// ---- properties (fast-check): the rules over their domains ---------------------------------------------------

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
/** Half hours of a day, as minutes. */
const halfHour = fc.integer({ min: 0, max: 47 }).map((i) => i * 30);
const metaKey = fc.constantFrom('audience', 'addon', 'zeta', 'level_2');
const value = fc
  .string({ minLength: 1, maxLength: 12 })
  .filter((v) => v.trim() === v && v.length > 0 && !v.includes('\u0000'));
const filters: fc.Arbitrary<ListingFilters> = fc
  .record({
    category: fc.option(value, { nil: null }),
    date: fc.constantFrom(null, 'today' as const, 'tomorrow' as const),
    time: fc.option(
      fc.tuple(halfHour, halfHour).filter(([a, b]) => a < b),
      { nil: null },
    ),
    meta: fc.dictionary(metaKey, value, { maxKeys: 3 }),
  })
  .map(({ time, ...f }) => ({
    ...f,
    timeStart: time ? hhmm(time[0]) : null,
    timeEnd: time ? hhmm(time[1]) : null,
  }));

describe('listing rules: properties', () => {
  it('the query written for any filters reads back as the same filters, other keys kept', () => {
    fc.assert(
      fc.property(filters, (f) => {
        const search = listingSearch('inspect=1', f);
        expect(parseListingQuery(search)).toEqual(f);
        expect(new URLSearchParams(search).get('inspect')).toBe('1');
        expect(hasFilters(f)).toBe(
          f.category !== null || f.date !== null || f.timeStart !== null || Object.keys(f.meta).length > 0,
        );
      }),
    );
  });

  it('a time filter is kept only on half hours, start before end, both given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 0, max: 1439 }), (a, b) => {
        const f = parseListingQuery(`time.start=${hhmm(a)}&time.end=${hhmm(b)}`);
        const kept = a % 30 === 0 && b % 30 === 0 && a < b;
        expect([f.timeStart, f.timeEnd]).toEqual(kept ? [hhmm(a), hhmm(b)] : [null, null]);
      }),
    );
  });

  it('the call: the category, the comma list of metadata values, a whole venue day for a date; members’ events for a member', () => {
    fc.assert(
      fc.property(filters, fc.boolean(), (f, isMember) => {
        const r = listingRequest(f, { ...guest, member: isMember });
        expect(r.withMemberEvents).toBe(isMember ? true : undefined);
        expect(r.categories).toEqual(f.category === null ? undefined : [f.category]);
        const meta = Object.entries(f.meta);
        expect(r.meta).toEqual(
          meta.length === 0
            ? undefined
            : Object.fromEntries(
                meta.map(([k, v]) => [
                  k,
                  v
                    .split(',')
                    .map((s) => s.trim())
                    .filter(Boolean),
                ]),
              ),
        );
        const day = f.date ?? (f.timeStart === null ? null : 'today');
        if (day === null)
          expect([r.sessionsFrom, r.sessionsTo, r.includeSessions]).toEqual([
            undefined,
            undefined,
            undefined,
          ]);
        else {
          const from = day === 'today' ? '2026-11-21T05:00:00.000Z' : '2026-11-22T05:00:00.000Z';
          const to = day === 'today' ? '2026-11-22T05:00:00.000Z' : '2026-11-23T05:00:00.000Z';
          expect([r.sessionsFrom, r.sessionsTo, r.includeSessions]).toEqual([from, to, true]);
        }
        expect(narrowsListing(r)).toBe(
          r.categories !== undefined || r.meta !== undefined || r.sessionsFrom !== undefined,
        );
        expect(sameRequest(r, listingRequest(f, { ...guest, member: isMember }))).toBe(true);
        expect(sameRequest(r, { ...r, withMemberEvents: !isMember })).toBe(false);
      }),
    );
  });

  it('narrowing: any one bound narrows; members’ events alone do not', () => {
    expect(narrowsListing({})).toBe(false);
    expect(narrowsListing({ withMemberEvents: true, includeSessions: true })).toBe(false);
    for (const r of [{ categories: [] }, { meta: {} }, { sessionsFrom: 'a' }, { sessionsTo: 'b' }])
      expect(narrowsListing(r), JSON.stringify(r)).toBe(true);
  });

  it('half-hour steps lie on half hours within the window, ascending, each one there', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 0, max: 59 }),
        (start, length, sec) => {
          const t0 = Date.parse('2026-11-22T00:00:00.000Z') + start * 60_000 + sec * 1000;
          const window = {
            start: new Date(t0).toISOString(),
            end: new Date(t0 + length * 60_000).toISOString(),
            timezone: 'UTC',
          };
          const steps = halfHourSteps(window);
          const first = Math.ceil((start + (sec > 0 ? 1 : 0)) / 30) * 30;
          const endMin = start + length < 1440 ? start + length : 23 * 60 + 30;
          const expected: string[] = [];
          for (let m = first; m <= Math.min(endMin, 1410); m += 30) expected.push(hhmm(m));
          expect(steps).toEqual(expected);
        },
      ),
    );
  });

  it('the time filter is shown for two steps or more, unless visits all start together', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constant('10:00'), { maxLength: 4 }),
        fc.constantFrom(null, 'timeslot', 'same_start', 'same_date', 'until_close'),
        (steps, mode) => {
          expect(timeFilterShown(steps, mode as never)).toBe(mode !== 'same_start' && steps.length >= 2);
        },
      ),
    );
  });

  it('narrowing by time keeps, in order, the events with a session starting within [start, end) venue time', () => {
    const utc = (m: number) => new Date(Date.parse('2026-11-22T00:00:00.000Z') + m * 60_000).toISOString();
    const ev = fc.array(fc.integer({ min: 0, max: 1439 }), { maxLength: 3 }).map((starts) => starts.map(utc));
    fc.assert(
      fc.property(fc.array(ev, { maxLength: 5 }), filters, (all, f) => {
        const list = all.map((starts, i) => event(`e${i}`, starts));
        const kept = narrowByTime(list, f, 'UTC');
        if (f.timeStart === null || f.timeEnd === null) expect(kept).toEqual(list);
        else {
          const within = (s: { start: string }) => {
            const m = minutes(s.start.slice(11, 16));
            return m >= minutes(f.timeStart as string) && m < minutes(f.timeEnd as string);
          };
          expect(kept).toEqual(list.filter((e) => e.sessions.some(within)));
        }
      }),
    );
  });

  it('the time window: the visit on an upsell step, else the span of the day’s sessions, none without a day', () => {
    const chain = {
      step: 0,
      filter: { categories: [], meta: {} },
      window: { start: 'a', end: 'b', timezone: TZ },
    };
    expect(timeWindow(NO_FILTERS, { ...guest, chain }, [])).toBe(chain.window);
    const f = parseListingQuery('date=today');
    expect(timeWindow(f, guest, [])).toBeNull();
    const a = event('a', ['2026-11-21T16:00:00.000Z', '2026-11-21T14:00:00.000Z']);
    const b = event('b', ['2026-11-21T15:00:00.000Z']);
    expect(timeWindow(f, guest, [a, b])).toEqual({
      start: '2026-11-21T14:00:00.000Z',
      end: '2026-11-21T17:00:00.000Z',
      timezone: TZ,
    });
  });

  it('categories: each once, in order of first appearance, none for an event without one', () => {
    const cat = fc.constantFrom('A', 'B', 'C', null, '');
    fc.assert(
      fc.property(fc.array(cat, { maxLength: 8 }), (cats) => {
        const expected = [...new Set(cats.filter((c) => typeof c === 'string' && c !== '') as string[])];
        expect(categoriesOf(cats.map((category) => ({ category })))).toEqual(expected);
      }),
    );
  });

  it('choosing one end of the time filter: the chosen end kept, the other while it leaves room, start before end, or no filter', () => {
    const steps = fc.tuple(halfHour, fc.integer({ min: 0, max: 8 })).map(([from, n]) =>
      Array.from({ length: n }, (_, i) => from + i * 30)
        .filter((m) => m < 1440)
        .map(hhmm),
    );
    fc.assert(
      fc.property(
        steps,
        filters,
        fc.constantFrom('start' as const, 'end' as const),
        halfHour,
        (s, f, which, v) => {
          const chosen = hhmm(v);
          const out = withTime(f, s, which, chosen);
          expect({ ...out, timeStart: null, timeEnd: null }).toEqual({
            ...f,
            timeStart: null,
            timeEnd: null,
          });
          if (!s.includes(chosen)) {
            expect([out.timeStart, out.timeEnd]).toEqual([null, null]);
            return;
          }
          // The chosen end is kept; the other end too while it leaves room, else the next step over.
          const i = s.indexOf(chosen);
          const expected =
            which === 'start'
              ? [chosen, minutes(f.timeEnd ?? (s.at(-1) as string)) > v ? (f.timeEnd ?? s.at(-1)) : s[i + 1]]
              : [minutes(f.timeStart ?? (s[0] as string)) < v ? (f.timeStart ?? s[0]) : s[i - 1], chosen];
          if (expected.includes(undefined)) expect([out.timeStart, out.timeEnd]).toEqual([null, null]);
          else {
            expect([out.timeStart, out.timeEnd]).toEqual(expected);
            expect(minutes(out.timeStart as string)).toBeLessThan(minutes(out.timeEnd as string));
          }
        },
      ),
    );
    // A two-step window: the last start or the first end leaves no room for the other end.
    expect(withTime(NO_FILTERS, ['10:00', '10:30'], 'start', '10:30')).toMatchObject({
      timeStart: null,
      timeEnd: null,
    });
    expect(withTime(NO_FILTERS, ['10:00', '10:30'], 'end', '10:00')).toMatchObject({
      timeStart: null,
      timeEnd: null,
    });
    expect(withTime(NO_FILTERS, ['10:00', '10:30'], 'end', '10:30')).toMatchObject({
      timeStart: '10:00',
      timeEnd: '10:30',
    });
    expect(withTime(NO_FILTERS, [], 'end', '10:00')).toMatchObject({ timeStart: null, timeEnd: null });
  });

  it('today and tomorrow are consecutive venue days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 86_400_000 }), (offset) => {
        const now = Date.parse('2026-01-01T00:00:00Z') + offset;
        const today = dayOfFilter('today', now, TZ);
        const next = new Date(`${today}T12:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        expect(dayOfFilter('tomorrow', now, TZ)).toBe(next.toISOString().slice(0, 10));
      }),
    );
  });
});

describe('listing query edges (spec 1 §2: filters in the query; anything else is left alone)', () => {
  it('metadata keys are plain names of up to 64 characters; shell, login and gift keys are not filters', () => {
    const k64 = `a${'b'.repeat(63)}`;
    expect(parseListingQuery(`${k64}=1&a${k64}=2&level_2=x&1abc=y&_x=z&aB=w&a-b=v&ab%0A=u`).meta).toEqual({
      [k64]: '1',
      level_2: 'x',
    });
    for (const key of ['expresscheckout', 'inspect', 'login', 'member_code', 'zip_code', 'gift_code'])
      expect(parseListingQuery(`${key}=1`), key).toEqual(NO_FILTERS);
  });

  it('values are trimmed, at most 200 characters, without NUL', () => {
    expect(parseListingQuery(`category=${' Shows '}&audience=${'v'.repeat(200)}`)).toMatchObject({
      category: 'Shows',
      meta: { audience: 'v'.repeat(200) },
    });
    expect(parseListingQuery('category=a%00b&audience=%20%20').category).toBeNull();
    expect(parseListingQuery('audience=%20%20').meta).toEqual({});
  });

  it('times are HH:mm on the hour or half hour, from 00:00 to 23:30, the end after the start', () => {
    const kept = (start: string, end: string) =>
      parseListingQuery(`time.start=${start}&time.end=${end}`).timeStart !== null;
    expect(kept('00:00', '23:30')).toBe(true);
    expect(kept('09:30', '19:00')).toBe(true);
    for (const [start, end] of [
      ['10:00', '10:00'],
      ['x10:00', '11:00'],
      ['10:00', '11:00x'],
      ['9:30', '11:00'],
      ['10:00', '24:00'],
      ['10:00', '11:15'],
      ['10:30', '10:00'],
    ])
      expect(kept(start as string, end as string), `${start} ${end}`).toBe(false);
  });

  it('writing filters drops the old filter keys and keeps the rest; odd metadata keys are not written', () => {
    expect(
      listingSearch(
        'time.start=10:00&time.end=11:00&date=today&category=A&audience=x&gift_code=Y&Bad=1&inspect',
        {
          ...NO_FILTERS,
          timeStart: '10:00',
          meta: { inspect: 'x', Bad: 'y', audience: '', zeta: 'z' },
        },
      ),
    ).toBe('gift_code=Y&Bad=1&inspect=&zeta=z');
  });

  it('one end of a time alone narrows nothing', () => {
    const events = [event('a', ['2026-11-22T15:00:00.000Z'])];
    expect(narrowByTime(events, { ...NO_FILTERS, timeStart: '11:00' }, TZ)).toEqual(events);
    expect(narrowByTime(events, { ...NO_FILTERS, timeEnd: '11:00' }, TZ)).toEqual(events);
  });
});
