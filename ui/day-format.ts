import dayjs from 'dayjs';
import { formats } from './format';

/** The spec's default day format. */
export const DATE_FORMAT = 'ddd, MMM D, YYYY';

/**
 * A calendar day's text in a locale other than English (issue 26): Intl's words for that day. A calendar draws
 * dozens of days at once, and building a formatter costs far more than using one: one per locale and options.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayIn(locale: string, date: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
    dayFormats.set(key, f);
  }
  return f.format(new Date(`${date}T00:00:00Z`));
}

/** The visitor's formatting locale when it is not English, else null (the spec's English formats). */
const other = () => (formats.locale?.startsWith('en') === false ? formats.locale : null);

/** A venue-zone calendar date (YYYY-MM-DD) in the long format. */
export const formatDay = (date: string) => {
  const locale = other();
  return locale
    ? dayIn(locale, date, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
    : dayjs(date, 'YYYY-MM-DD').format(DATE_FORMAT);
};

/** The texts of a calendar day button (weekday, day, month) and its long label. */
export const dayParts = (date: string) => {
  const locale = other();
  if (locale)
    return {
      weekday: dayIn(locale, date, { weekday: 'short' }),
      day: dayIn(locale, date, { day: 'numeric' }),
      month: dayIn(locale, date, { month: 'short' }),
      long: dayIn(locale, date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    };
  const d = dayjs(date, 'YYYY-MM-DD');
  return {
    weekday: d.format('ddd'),
    day: d.format('D'),
    month: d.format('MMM'),
    long: d.format('dddd, MMMM D, YYYY'),
  };
};

/** A calendar month's title ('March 2026'; in another locale its own, 'marzo de 2026'). */
export const monthTitle = (date: string) => {
  const locale = other();
  return locale
    ? dayIn(locale, date, { month: 'long', year: 'numeric' })
    : dayjs(date, 'YYYY-MM-DD').format('MMMM YYYY');
};

/** A weekday column's short and full names ('Mo', 'Monday'; in another locale its own). */
export const weekdayNames = (date: string) => {
  const locale = other();
  if (locale)
    return {
      short: dayIn(locale, date, { weekday: 'short' }),
      long: dayIn(locale, date, { weekday: 'long' }),
    };
  const d = dayjs(date, 'YYYY-MM-DD');
  return { short: d.format('dd'), long: d.format('dddd') };
};

/**
 * Regions whose weeks start on Sunday (CLDR's `firstDay`, the platform's data where it has none): the fallback
 * when `Intl.Locale` gives no week information (Firefox). Regions not named here start on Monday.
 */
const SUNDAY_REGIONS = new Set(
  'AG AS BD BR BS BT BW BZ CA CN CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'.split(
    ' ',
  ),
);
/** A tag without a region reads as its language's usual one (en-US, pt-BR, ja-JP …; es is es-ES). */
const SUNDAY_LANGUAGES = new Set(['en', 'pt', 'ja', 'zh', 'he', 'ko', 'hi', 'th']);

/** The first day of the week of a locale from the table above: 0 Sunday, 1 Monday. */
export function tableWeekStart(tag: string): number {
  try {
    const l = new Intl.Locale(tag);
    if (l.region) return SUNDAY_REGIONS.has(l.region) ? 0 : 1;
    return SUNDAY_LANGUAGES.has(l.language) ? 0 : 1;
  } catch {
    return 0;
  }
}

type WeekInfo = { firstDay: number };

/**
 * The calendar's first weekday in the visitor's formatting locale (0 Sunday … 6 Saturday): `Intl.Locale`'s week
 * information where the browser has it (`getWeekInfo()`, earlier the `weekInfo` getter; its `firstDay` counts
 * Monday 1 to Sunday 7), else the table. Unset (an English storefront as the spec has it): Sunday.
 */
export function firstWeekday(tag: string | undefined = formats.locale): number {
  if (!tag) return 0;
  try {
    const l = new Intl.Locale(tag) as Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };
    const info = typeof l.getWeekInfo === 'function' ? l.getWeekInfo() : l.weekInfo;
    if (info && Number.isInteger(info.firstDay)) return info.firstDay % 7;
  } catch {
    return 0;
  }
  return tableWeekStart(tag);
}
