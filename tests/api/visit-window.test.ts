/**
 * The add-on's visit window (spec 1 §2, §3 "visit window (start, end, timezone)", §9 visit-time modes) and
 * all-day events (spec 1 §9 "An all-day event is a repeating event with one session longer than 5 hours"): the
 * rules in domain/visit-window.ts and domain/all-day.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_DAY_MIN_MS, allDaySessionId, isLongSession } from '../../domain/all-day';
import { daysInWindow, sessionsInWindow, startsInWindow, windowDays } from '../../domain/visit-window';

const NY = 'America/New_York';
// A 10:00 AM to 12:00 PM visit in New York on 2026-12-03 (UTC-5).
const visit = { start: '2026-12-03T15:00:00.000Z', end: '2026-12-03T17:00:00.000Z', timezone: NY };
const at = (hhmm: string, day = '2026-12-03') => ({ id: hhmm, start: `${day}T${hhmm}:00.000Z` });

describe('visit window', () => {
  it('offers the times that start inside it: its start included, its end excluded', () => {
    const sessions = ['14:30', '15:00', '15:30', '16:59', '17:00', '20:00'].map((t) => at(t));
    expect(sessionsInWindow(sessions, visit).map((s) => s.id)).toEqual(['15:00', '15:30', '16:59']);
    expect(startsInWindow({ start: 'not a time' }, visit)).toBe(false);
  });

  it('offers the venue days it touches', () => {
    const days = ['2026-12-02', '2026-12-03', '2026-12-04'].map((date) => ({ date }));
    expect(daysInWindow(days, visit)).toEqual([{ date: '2026-12-03' }]);
    // Until close: the venue's midnight ends it, and the next day is not touched.
    const untilClose = { ...visit, end: '2026-12-04T05:00:00.000Z' };
    expect(windowDays(untilClose)).toEqual({ first: '2026-12-03', last: '2026-12-03' });
    // A window past the venue's midnight touches two days.
    expect(windowDays({ ...visit, end: '2026-12-04T06:00:00.000Z' })).toEqual({
      first: '2026-12-03',
      last: '2026-12-04',
    });
  });

  it('property: a session is offered exactly when start <= its start < end', () => {
    const base = Date.parse('2026-12-03T00:00:00.000Z');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2880 }),
        fc.integer({ min: 0, max: 1440 }),
        fc.integer({ min: 0, max: 2880 }),
        (a, len, s) => {
          const window = {
            start: new Date(base + a * 60_000).toISOString(),
            end: new Date(base + (a + len) * 60_000).toISOString(),
            timezone: NY,
          };
          const session = { start: new Date(base + s * 60_000).toISOString() };
          expect(startsInWindow(session, window)).toBe(s >= a && s < a + len);
        },
      ),
    );
  });
});

describe('all-day events', () => {
  const session = (id: string, start: string, minutes: number) => ({
    id,
    start,
    end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  });
  it('a repeating event whose day has one session longer than 5 hours is all day', () => {
    expect(ALL_DAY_MIN_MS).toBe(5 * 60 * 60 * 1000);
    expect(allDaySessionId('repeating', [session('s', '2026-12-03T14:00:00Z', 8 * 60)])).toBe('s');
    // Exactly 5 hours is not longer than 5 hours.
    expect(allDaySessionId('repeating', [session('s', '2026-12-03T14:00:00Z', 5 * 60)])).toBeNull();
    expect(allDaySessionId('repeating', [session('s', '2026-12-03T14:00:00Z', 5 * 60 + 1)])).toBe('s');
    // A single event keeps its time; a day of several sessions offers their times.
    expect(allDaySessionId('single', [session('s', '2026-12-03T14:00:00Z', 8 * 60)])).toBeNull();
    expect(
      allDaySessionId('repeating', [
        session('a', '2026-12-03T14:00:00Z', 8 * 60),
        session('b', '2026-12-03T15:00:00Z', 60),
      ]),
    ).toBeNull();
    expect(allDaySessionId('repeating', [])).toBeNull();
    expect(isLongSession({ start: 'x', end: 'y' })).toBe(false);
  });
});
