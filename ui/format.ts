import { paramWriter } from './strings';

/**
 * Date, time and money texts in the spec's default formats ('ddd, MMM D, YYYY [at] h:mm A', 'h:mm A'), built
 * from the platform's Intl data: the cart widget, which every screen shows, needs no date library. Calendar
 * day texts (dayParts) live in day-format.ts, loaded with the reserve layouts.
 */

/**
 * Time-zone conversion costs time per call on a phone, and the cart widget re-renders every second for its
 * countdown: zoned texts are remembered (a pure function of its inputs; the memo is emptied past 500 entries).
 */
const zoned = new Map<string, string>();
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The visitor's formatting locale (issue 26; routes/app/locale.ts sets it for a seller naming locales), and for a
 * locale other than English the zoned texts in its own words and order. Unset: the spec's English formats for
 * dates and the browser's own locale for money, as before locales existed.
 */
export const formats: {
  locale?: string;
  zoned?: (iso: string, tz: string, withDate: boolean, withTime: boolean) => string;
} = {};

function partsInZone(iso: string, tz: string): Record<string, string> {
  let f = zoneFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
    });
    zoneFormats.set(tz, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(iso))) parts[p.type] = p.value;
  return parts;
}

function inZone(iso: string, tz: string, withDate: boolean, withTime = true): string {
  const key = `${withDate ? 'd' : ''}${withTime ? 't' : ''}|${formats.locale}|${tz}|${iso}`;
  let text = zoned.get(key);
  if (text === undefined) {
    if (formats.zoned) text = formats.zoned(iso, tz, withDate, withTime);
    else {
      const p = partsInZone(iso, tz);
      const time = `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`;
      const date = `${p.weekday}, ${p.month} ${p.day}, ${p.year}`;
      text = withDate ? (withTime ? `${date} at ${time}` : date) : time;
    }
    if (zoned.size >= 500) zoned.clear();
    zoned.set(key, text);
  }
  return text;
}

export const formatDateTime = (iso: string, tz: string) => inZone(iso, tz, true);
export const formatTime = (iso: string, tz: string) => inZone(iso, tz, false);
/** The day of an instant in the zone, 'ddd, MMM D, YYYY' (spec 2 §9), e.g. a scheduled payment's due date. */
export const formatDate = (iso: string, tz: string) => inZone(iso, tz, true, false);

/**
 * A calendar day (YYYY-MM-DD, already the venue's) in the day format, 'ddd, MMM D, YYYY' ('Sat, Nov 21, 2026';
 * in Spanish 'sáb, 21 nov 2026'): noon UTC of that day, written in UTC, is that day in any locale.
 */
export const formatCalendarDay = (day: string) => inZone(`${day}T12:00:00.000Z`, 'UTC', true, false);

// Building an Intl.NumberFormat costs far more than formatting with one: keep one per locale and currency.
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, currency = 'USD', locale = formats.locale): string {
  const key = `${locale ?? ''}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}

// The catalogue writes the times and days messages carry with these (ui/strings.ts paramText).
paramWriter.write = (value) =>
  'time' in value ? formatTime(value.time, value.zone) : formatCalendarDay(value.day);
