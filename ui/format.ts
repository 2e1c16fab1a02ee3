import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The spec's default formats. */
export const DATE_TIME_FORMAT = 'ddd, MMM D, YYYY [at] h:mm A';
export const DATE_FORMAT = 'ddd, MMM D, YYYY';
export const TIME_FORMAT = 'h:mm A';

/**
 * Time-zone conversion (dayjs `tz`, through `toLocaleString`) costs milliseconds per call on a phone, and the
 * cart widget re-renders every second for its countdown: zoned texts are remembered (a pure function of its
 * inputs; the memo is emptied past 500 entries).
 */
const zoned = new Map<string, string>();
function inZone(iso: string, tz: string, format: string): string {
  const key = `${format}|${tz}|${iso}`;
  let text = zoned.get(key);
  if (text === undefined) {
    text = dayjs(iso).tz(tz).format(format);
    if (zoned.size >= 500) zoned.clear();
    zoned.set(key, text);
  }
  return text;
}

export const formatDateTime = (iso: string, tz: string) => inZone(iso, tz, DATE_TIME_FORMAT);
export const formatTime = (iso: string, tz: string) => inZone(iso, tz, TIME_FORMAT);
/** A venue-zone calendar date (YYYY-MM-DD) in the long format. */
export const formatDay = (date: string) => dayjs(date, 'YYYY-MM-DD').format(DATE_FORMAT);
export const dayParts = (date: string) => {
  const d = dayjs(date, 'YYYY-MM-DD');
  return {
    weekday: d.format('ddd'),
    day: d.format('D'),
    month: d.format('MMM'),
    long: d.format('dddd, MMMM D, YYYY'),
  };
};
export const hourInZone = (iso: string, tz: string) => dayjs(iso).tz(tz).hour();

// Building an Intl.NumberFormat costs far more than formatting with one: keep one per locale and currency.
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, currency = 'USD', locale?: string): string {
  const key = `${locale ?? ''}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}
