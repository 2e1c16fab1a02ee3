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

describe('in the visitor’s locale (issue 26: formats.locale, set by routes/app/locale.ts)', () => {
  it('dates, times, days and money in Spanish, in the venue’s zone; English again when unset', async () => {
    const { formats } = await import('../../ui/format');
    const { zonedTexts } = await import('../../ui/format-locale');
    const { dayParts, formatDay, monthTitle, weekdayNames } = await import('../../ui/day-format');
    const iso = '2026-11-21T15:00:00.000Z';
    const english = formatDateTime(iso, 'America/New_York');
    try {
      formats.locale = 'es-ES';
      formats.zoned = zonedTexts('es-ES');
      // Intl's Spanish (independent of our code): the same instant in the venue's zone.
      const spanish = new Intl.DateTimeFormat('es-ES', {
        timeZone: 'America/New_York',
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date(iso));
      expect(formatDateTime(iso, 'America/New_York')).toBe(spanish);
      expect(formatDateTime(iso, 'America/New_York')).toMatch(/^sáb, 21 nov 2026, 10:00$/);
      expect(formatTime(iso, 'Europe/Paris')).toBe('16:00');
      expect(formatDate(iso, 'Pacific/Auckland')).toMatch(/^dom, 22 nov 2026$/);
      expect(formatMoney(2500, 'USD')).toBe(
        new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'USD' }).format(25),
      );
      expect(formatMoney(1250, 'EUR')).toMatch(/^12,50\s€$/);
      expect(formatDay('2026-03-02')).toMatch(/^lun, 2 mar 2026$/);
      expect(dayParts('2026-03-02')).toEqual({
        weekday: 'lun',
        day: '2',
        month: 'mar',
        long: 'lunes, 2 de marzo de 2026',
      });
      // The calendar's month title and weekday columns.
      expect(monthTitle('2026-03-02')).toBe('marzo de 2026');
      expect(weekdayNames('2026-03-02')).toEqual({ short: 'lun', long: 'lunes' });
      // A regional English keeps the spec's English formats.
      formats.locale = 'en-GB';
      formats.zoned = undefined;
      expect(formatDateTime(iso, 'America/New_York')).toBe(english);
    } finally {
      formats.locale = undefined;
      formats.zoned = undefined;
    }
    expect(formatDateTime(iso, 'America/New_York')).toBe('Sat, Nov 21, 2026 at 10:00 AM');
    expect(dayParts('2026-03-02').long).toBe('Monday, March 2, 2026');
    expect(monthTitle('2026-03-02')).toBe('March 2026');
    expect(weekdayNames('2026-03-02')).toEqual({ short: 'Mo', long: 'Monday' });
  });
});

describe('what machines carry, written here in the visitor’s locale (issue 26)', () => {
  it('times of day, calendar days and message parameters: English as the spec has it, Spanish by Intl', async () => {
    const { formats, formatCalendarDay } = await import('../../ui/format');
    const { formatClock } = await import('../../ui/ListingFilters');
    const { zonedTexts } = await import('../../ui/format-locale');
    const { createStrings, text } = await import('../../ui/strings');
    await import('../../ui/reserve/strings');
    const strings = createStrings();
    const soldOut = { time: { time: '2026-11-21T15:00:00.000Z', zone: 'America/New_York' } };
    // The listing's half-hour steps ('HH:mm') and a day (YYYY-MM-DD), in English.
    expect(['12:30', '00:00', '09:30'].map(formatClock)).toEqual(['12:30 PM', '12:00 AM', '9:30 AM']);
    expect(formatCalendarDay('2026-11-21')).toBe('Sat, Nov 21, 2026');
    expect(text(strings, 'sessionSoldOut', soldOut)).toContain('10:00 AM');
    expect(text(strings, 'passValidity', { from: { day: '2026-11-21' }, to: { day: '2026-12-20' } })).toBe(
      'Valid from Sat, Nov 21, 2026 to Sun, Dec 20, 2026',
    );
    try {
      formats.locale = 'es-ES';
      formats.zoned = zonedTexts('es-ES');
      expect(['12:30', '00:00', '09:30'].map(formatClock)).toEqual(['12:30', '0:00', '9:30']);
      expect(formatCalendarDay('2026-11-21')).toMatch(/^sáb, 21 nov 2026$/);
      expect(text(strings, 'sessionSoldOut', soldOut)).toContain('10:00');
      expect(text(strings, 'sessionSoldOut', soldOut)).not.toContain('AM');
      expect(
        text(strings, 'passValidity', { from: { day: '2026-11-21' }, to: { day: '2026-12-20' } }),
      ).toMatch(/sáb, 21 nov 2026 to dom, 20 dic 2026$/);
    } finally {
      formats.locale = undefined;
      formats.zoned = undefined;
    }
  });
});
