import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import { dayRange, nextDay, parseDay, zonedParts } from '../../domain/zoned-day';

dayjs.extend(utc);
dayjs.extend(timezone);

// dayjs is the independent oracle here (it is no longer in the API client's first load).
const oracle = (date: string, zone: string) => {
  const next = dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD');
  return { gte: dayjs.tz(date, zone).toISOString(), lt: dayjs.tz(next, zone).toISOString() };
};

const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Pacific/Chatham',
];
const DAYS = [
  '2026-03-08', // US spring forward
  '2026-03-09',
  '2026-11-01', // US fall back
  '2026-03-29', // EU spring forward
  '2026-10-25', // EU fall back
  '2026-04-05', // Lord Howe half-hour change
  '2026-12-31', // year end
  '2028-02-29', // leap day
];

describe('dayRange', () => {
  for (const zone of ZONES) {
    it(`matches the oracle on change days and edges in ${zone}`, () => {
      for (const day of DAYS) expect(dayRange(day, zone)).toEqual(oracle(day, zone));
    });
  }

  it('a day in New York across the fall-back change lasts 25 hours', () => {
    const { gte, lt } = dayRange('2026-11-01', 'America/New_York');
    expect(gte).toBe('2026-11-01T04:00:00.000Z');
    expect(Date.parse(lt) - Date.parse(gte)).toBe(25 * 3600_000);
  });

  it('a midnight skipped by a forward change begins the day when the gap ends (Santiago, 2026-09-06)', () => {
    const { gte } = dayRange('2026-09-06', 'America/Santiago');
    // Clocks go from 00:00 -04 to 01:00 -03: the first instant of the day is 04:00 UTC.
    expect(gte).toBe('2026-09-06T04:00:00.000Z');
  });

  it('refuses anything but a real YYYY-MM-DD day', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '', '2026-01-01T00:00']) {
      expect(() => dayRange(bad, 'UTC')).toThrow(RangeError);
    }
    expect(parseDay('2028-02-29')).toEqual([2028, 2, 29]);
  });
});

describe('zonedParts and nextDay', () => {
  it('read the wall clock as dayjs does, every 97 minutes of a year, in four zones', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let t = start; t < start + 366 * 86_400_000; t += 97 * 60_000) {
      for (const zone of ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Pacific/Chatham']) {
        const d = dayjs.utc(t).tz(zone);
        expect(zonedParts(t, zone)).toEqual({
          date: d.format('YYYY-MM-DD'),
          hour: d.hour(),
          minute: d.minute(),
          second: d.second(),
        });
      }
    }
  });

  it('nextDay crosses months, years and leap days', () => {
    expect(nextDay('2026-01-31')).toBe('2026-02-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
  });
});
