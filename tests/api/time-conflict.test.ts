/**
 * Time conflicts (spec 1 §5 "Time conflict", §9 "Conflict padding default 5 minutes"): the rule in
 * domain/time-conflict.ts, held to examples written from the spec and to properties over random times.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONFLICT_PAD_MINUTES,
  conflictingSessionIds,
  conflictSettings,
  type HeldVisit,
  markConflicts,
  TIME_CONFLICT_CONFIG_KEY,
} from '../../domain/time-conflict';

const at = (hhmm: string) => `2026-12-03T${hhmm}:00.000Z`;
const session = (id: string, start: string, end: string) => ({ id, start: at(start), end: at(end) });
const held = (
  sessionId: string,
  start: string,
  end: string,
  category: string | null = 'Shows',
): HeldVisit => ({
  sessionId,
  start: at(start),
  end: at(end),
  category,
});
const plain = { padPreMinutes: 5, padPostMinutes: 5, excludedCategories: [] };

describe('conflictSettings', () => {
  it('pads 5 minutes each side by default', () => {
    expect(conflictSettings({ meta: {}, config: {} })).toEqual({
      padPreMinutes: CONFLICT_PAD_MINUTES,
      padPostMinutes: CONFLICT_PAD_MINUTES,
      excludedCategories: [],
    });
    expect(CONFLICT_PAD_MINUTES).toBe(5);
  });

  it("reads the event's meta first, then the configured defaults, each pad on its own", () => {
    const config = {
      [TIME_CONFLICT_CONFIG_KEY]: {
        pad_pre_start: 20,
        pad_post_end: '30',
        excluded_categories: ['Admission'],
      },
    };
    expect(conflictSettings({ meta: { pad_pre_start: '15' }, config })).toEqual({
      padPreMinutes: 15,
      padPostMinutes: 30,
      excludedCategories: ['Admission'],
    });
    expect(conflictSettings({ meta: { pad_post_end: '0' }, config: {} })).toMatchObject({
      padPreMinutes: 5,
      padPostMinutes: 0,
    });
  });

  it('an unreadable pad (negative, fractional, over a day, not a number) falls back', () => {
    for (const bad of ['-5', '2.5', '1441', 'ten', '', ' '])
      expect(conflictSettings({ meta: { pad_pre_start: bad }, config: {} }).padPreMinutes).toBe(5);
    expect(
      conflictSettings({
        meta: {},
        config: { [TIME_CONFLICT_CONFIG_KEY]: { excluded_categories: ['Talks', 3, '', null] } },
      }).excludedCategories,
    ).toEqual(['Talks']);
  });
});

describe('conflictingSessionIds', () => {
  const sessions = [
    session('s-0900', '09:00', '09:40'),
    session('s-0915', '09:15', '09:55'),
    session('s-1000', '10:00', '10:40'),
    session('s-1045', '10:45', '11:25'),
    session('s-1050', '10:50', '11:30'),
  ];
  const cart = [held('h-1000', '10:00', '10:40')];

  it('a session overlapping a held one, or within the pads of it, is a conflict; one clear of both is not', () => {
    // 09:15–09:55 padded to 09:10–10:00 ends as the held visit starts: no overlap (half-open).
    // 10:45 padded starts 10:40 as the held visit ends: no overlap either; 10:00 overlaps outright.
    expect([...conflictingSessionIds(sessions, 'Talks', plain, cart)]).toEqual(['s-1000']);
    // Ten minutes' pad before: 10:45 → 10:35, inside the held 10:00–10:40.
    const wider = { ...plain, padPreMinutes: 10 };
    expect([...conflictingSessionIds(sessions, 'Talks', wider, cart)].sort()).toEqual(['s-1000', 's-1045']);
    // Ten minutes after: 09:15–09:55 → 10:05, inside.
    const after = { ...plain, padPostMinutes: 10 };
    expect([...conflictingSessionIds(sessions, 'Talks', after, cart)].sort()).toEqual(['s-0915', 's-1000']);
  });

  it('the held session itself is no conflict: more tickets for the same time', () => {
    const same = [held('s-1000', '10:00', '10:40')];
    expect(conflictingSessionIds(sessions, 'Talks', plain, same).size).toBe(0);
  });

  it('an exempt category neither conflicts nor blocks; a ticket without a session holds no time', () => {
    const exempt = { ...plain, excludedCategories: ['Admission'] };
    expect(conflictingSessionIds(sessions, 'Admission', exempt, cart).size).toBe(0);
    expect(
      conflictingSessionIds(sessions, 'Talks', exempt, [held('h-1', '09:00', '12:00', 'Admission')]).size,
    ).toBe(0);
    expect(
      conflictingSessionIds(sessions, 'Talks', plain, [{ sessionId: null, start: null, category: null }])
        .size,
    ).toBe(0);
    // Without the exemption the same admission blocks every session it spans.
    expect(
      conflictingSessionIds(sessions, 'Talks', plain, [held('h-1', '09:00', '12:00', 'Admission')]).size,
    ).toBe(5);
  });

  it('a held visit without an end holds its start instant', () => {
    const instant: HeldVisit = { sessionId: 'h-2', start: at('10:20'), category: 'Shows' };
    expect([...conflictingSessionIds(sessions, 'Talks', plain, [instant])]).toEqual(['s-1000']);
  });

  const minute = 60_000;
  const base = Date.parse(at('08:00'));
  const interval = fc
    .record({ start: fc.integer({ min: 0, max: 600 }), length: fc.integer({ min: 0, max: 180 }) })
    .map(({ start, length }) => ({ start: base + start * minute, end: base + (start + length) * minute }));
  const iso = (ms: number) => new Date(ms).toISOString();

  it('property: a conflict is exactly an overlap of the padded session with a held visit', () => {
    fc.assert(
      fc.property(
        interval,
        interval,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (candidate, visit, pre, post) => {
          const settings = { padPreMinutes: pre, padPostMinutes: post, excludedCategories: [] };
          const found = conflictingSessionIds(
            [{ id: 'c', start: iso(candidate.start), end: iso(candidate.end) }],
            null,
            settings,
            [{ sessionId: 'v', start: iso(visit.start), end: iso(visit.end), category: null }],
          ).has('c');
          const overlaps =
            candidate.start - pre * minute < visit.end && visit.start < candidate.end + post * minute;
          expect(found).toBe(overlaps);
        },
      ),
    );
  });

  it('property: more padding never offers a session that less padding hid', () => {
    fc.assert(
      fc.property(interval, interval, fc.nat(30), fc.nat(30), (candidate, visit, pad, more) => {
        const hidden = (p: number) =>
          conflictingSessionIds(
            [{ id: 'c', start: iso(candidate.start), end: iso(candidate.end) }],
            null,
            { padPreMinutes: p, padPostMinutes: p, excludedCategories: [] },
            [{ sessionId: 'v', start: iso(visit.start), end: iso(visit.end), category: null }],
          ).has('c');
        if (hidden(pad)) expect(hidden(pad + more)).toBe(true);
      }),
    );
  });
});

describe('markConflicts', () => {
  it('marks the overlapping sessions and leaves the others as loaded', () => {
    const loaded = [session('a', '10:00', '10:40'), session('b', '11:00', '11:40')];
    const marked = markConflicts(loaded, { category: 'Talks', meta: {}, config: {} }, [
      held('h', '10:30', '10:50'),
    ]);
    expect(marked).toEqual([{ ...loaded[0], conflict: true }, loaded[1]]);
    expect(marked[1]).toBe(loaded[1]);
  });
});
