import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatTime } from '../../ui/format';

describe('formatting helpers (memoised)', () => {
  it('formats zoned date-times and times the same on every call, per zone', () => {
    const iso = '2026-11-21T15:00:00.000Z';
    for (let i = 0; i < 2; i++) {
      expect(formatDateTime(iso, 'America/New_York')).toBe('Sat, Nov 21, 2026 at 10:00 AM');
      expect(formatDateTime(iso, 'Europe/Paris')).toBe('Sat, Nov 21, 2026 at 4:00 PM');
      expect(formatTime(iso, 'America/Los_Angeles')).toBe('7:00 AM');
      // The day in the zone, spec 2 §9's 'ddd, MMM D, YYYY' (a due date: never ISO).
      expect(formatDate(iso, 'Pacific/Auckland')).toBe('Sun, Nov 22, 2026');
      expect(formatDate(iso, 'America/New_York')).toBe('Sat, Nov 21, 2026');
    }
  });

  it('keeps formatting right past the memo size', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 600; i++) formatTime(new Date(start + i * 60_000).toISOString(), 'UTC');
    expect(formatTime('2026-01-01T09:30:00Z', 'UTC')).toBe('9:30 AM');
  });

  it('formats money per currency with one formatter each', () => {
    expect(formatMoney(2500, 'USD', 'en-US')).toBe('$25.00');
    expect(formatMoney(1250, 'EUR', 'en-US')).toBe('€12.50');
    expect(formatMoney(2500, 'USD', 'en-US')).toBe('$25.00');
  });
});

describe('zoned texts from Intl agree with dayjs (the oracle)', () => {
  it('every quarter hour of a year with two daylight-saving changes, in four zones', async () => {
    const { default: dayjs } = await import('dayjs');
    const { default: utc } = await import('dayjs/plugin/utc');
    const { default: timezone } = await import('dayjs/plugin/timezone');
    dayjs.extend(utc);
    dayjs.extend(timezone);
    const zones = ['America/New_York', 'Europe/Paris', 'Asia/Kolkata', 'UTC'];
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let t = start; t < start + 366 * 86_400_000; t += 3 * 3600_000 + 15 * 60_000) {
      const iso = new Date(t).toISOString();
      for (const tz of zones) {
        expect(formatDateTime(iso, tz)).toBe(dayjs(iso).tz(tz).format('ddd, MMM D, YYYY [at] h:mm A'));
        expect(formatTime(iso, tz)).toBe(dayjs(iso).tz(tz).format('h:mm A'));
      }
    }
  });
});
