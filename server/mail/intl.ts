/**
 * Intl's dates, times and money for the emails' texts (issue 26), one set of formatters per locale and zone: every
 * mail family's texts module (order-texts.ts, order-change-texts.ts, account-texts.ts) writes days, times and
 * amounts in the email's locale through these, in the venue's (or the seller's) time zone.
 */
import { money } from '../util';

/** The language of a BCP 47 tag, lower case (`es-MX` -> `es`); '' for none. */
export const languageOf = (tag: string | null | undefined): string =>
  (tag ?? '').toLowerCase().split('-')[0] ?? '';

export interface MailIntl {
  /** A short day with its weekday ('sáb, 5 dic 2026'). */
  day: (at: Date, timeZone: string) => string;
  /** A long day without the weekday ('5 de diciembre de 2026'). */
  longDay: (at: Date, timeZone: string) => string;
  /** The long day with its weekday and the time ('sábado, 5 de diciembre de 2026, 10:00'). */
  when: (start: Date, timeZone: string) => string;
  money: (cents: number, currency: string) => string;
}

const intls = new Map<string, MailIntl>();

/** The formatters of a locale (made once, kept). */
export function intl(locale: string): MailIntl {
  let found = intls.get(locale);
  if (!found) {
    found = intlOf(locale);
    intls.set(locale, found);
  }
  return found;
}

function intlOf(locale: string): MailIntl {
  const formatter = (options: Intl.DateTimeFormatOptions) => {
    const byZone = new Map<string, Intl.DateTimeFormat>();
    return (at: Date, timeZone: string) => {
      let f = byZone.get(timeZone);
      if (!f) {
        f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
        byZone.set(timeZone, f);
      }
      return f.format(at);
    };
  };
  return {
    day: formatter({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
    longDay: formatter({ day: 'numeric', month: 'long', year: 'numeric' }),
    when: formatter({
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
    money: (cents: number, currency: string) => {
      try {
        return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
      } catch {
        return `${money(cents)} ${currency}`.trim();
      }
    },
  };
}

/**
 * A mail family's texts by locale: `byLanguage` makes a language's texts for a tag (its dates and money in that
 * tag: `es-MX` keeps Mexico's formats); null, English or a language we have no words for reads `en`. Made once
 * per tag (tags come from the seller's offered locales).
 */
export function localized<T>(
  en: T,
  byLanguage: Record<string, (locale: string) => T>,
): (locale: string | null | undefined) => T {
  const made = new Map<string, T>();
  return (locale) => {
    const make = byLanguage[languageOf(locale)];
    if (!make || !locale) return en;
    let texts = made.get(locale);
    if (!texts) {
      texts = make(locale);
      made.set(locale, texts);
    }
    return texts;
  };
}
