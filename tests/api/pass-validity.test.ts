/** The pass validity rule (domain/pass-validity.ts): ISO-8601 durations counted with their first day. */
import { describe, expect, it } from 'vitest';
import { lastDayOf, parseDuration, passDays } from '../../domain/pass-validity';

describe('pass validity', () => {
  it('reads ISO-8601 durations of calendar units only', () => {
    expect(parseDuration('P30D')).toEqual({ years: 0, months: 0, weeks: 0, days: 30 });
    expect(parseDuration('P1Y2M3W4D')).toEqual({ years: 1, months: 2, weeks: 3, days: 4 });
    for (const bad of ['P', 'P0D', '30', 'PT12H', 'P1.5D', 'p30d', ' P30D'])
      expect(parseDuration(bad)).toBeNull();
  });

  it('counts the first day: P1D is that day only, P30D ends on the 30th day, P1Y the day before a year on', () => {
    expect(lastDayOf('2026-11-21', { years: 0, months: 0, weeks: 0, days: 1 })).toBe('2026-11-21');
    expect(lastDayOf('2026-11-21', { years: 0, months: 0, weeks: 0, days: 30 })).toBe('2026-12-20');
    expect(lastDayOf('2026-11-21', { years: 1, months: 0, weeks: 0, days: 0 })).toBe('2027-11-20');
    expect(lastDayOf('2028-02-29', { years: 0, months: 1, weeks: 0, days: 0 })).toBe('2028-03-28');
  });

  it('gives each policy its days, and none once they are over', () => {
    const from = { start_policy: 'fixedfrom', start_policy_date: null, duration_new: 'P7D' } as const;
    expect(passDays(from, '2026-11-21')).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(passDays({ ...from, start_policy_date: '2026-11-15' }, '2026-11-21')).toEqual({
      from: '2026-11-15',
      to: '2026-11-21',
    });
    expect(passDays({ ...from, start_policy_date: '2026-11-14' }, '2026-11-21')).toBeNull();
    const to = { start_policy: 'fixedto', start_policy_date: '2026-11-21', duration_new: null } as const;
    expect(passDays(to, '2026-11-21')).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(passDays(to, '2026-11-22')).toBeNull();
    expect(passDays({ ...to, start_policy: null }, '2026-11-21')).toBeNull();
  });
});
