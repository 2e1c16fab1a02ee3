/**
 * Locale negotiation (issue 26): which of the seller's offered locales a visitor sees. Pure: the caller reads
 * the query (`?lang=`), the stored choice and `navigator.languages`; the server validates the seller's list.
 *
 * Order: the query's `lang`, then the stored choice, then the browser's languages in their order of
 * preference, then the seller's default. A tag matches an offered locale exactly (case-insensitive), else by
 * its language (`es-ES` picks `es`; `es` picks `es-MX` when that is the only Spanish offered).
 */

export interface SellerLocales {
  /** The seller's default locale (one of `offered`). */
  default: string;
  /** Every locale the seller offers, the default among them. */
  offered: readonly string[];
}

export interface LocaleRequest {
  /** The query's `lang` (a visitor's link or the switcher's choice). */
  query?: string | null;
  /** The choice kept from an earlier visit. */
  stored?: string | null;
  /** `navigator.languages`, most preferred first. */
  browser?: readonly string[];
}

export interface NegotiatedLocale {
  /** The offered locale whose catalogue and portal strings apply. */
  locale: string;
  /**
   * The locale dates and money are formatted in: the browser's own tag when it names the same language
   * (`es-MX` for an `es` storefront), so a visitor sees their region's conventions; else `locale`.
   */
  format: string;
}

const language = (tag: string) => tag.toLowerCase().split('-')[0] ?? '';

/** The offered locale a requested tag selects, or null. */
export function matchLocale(tag: string | null | undefined, offered: readonly string[]): string | null {
  if (!tag) return null;
  const wanted = tag.trim().toLowerCase();
  if (!wanted) return null;
  const exact = offered.find((o) => o.toLowerCase() === wanted);
  if (exact) return exact;
  return offered.find((o) => language(o) === language(wanted)) ?? null;
}

export function negotiateLocale(seller: SellerLocales, request: LocaleRequest = {}): NegotiatedLocale {
  const offered = seller.offered.includes(seller.default)
    ? seller.offered
    : [seller.default, ...seller.offered];
  const browser = request.browser ?? [];
  let locale = matchLocale(request.query, offered) ?? matchLocale(request.stored, offered);
  if (!locale) {
    for (const tag of browser) {
      locale = matchLocale(tag, offered);
      if (locale) break;
    }
  }
  locale ??= seller.default;
  const regional = browser.find((tag) => language(tag) === language(locale) && isTag(tag));
  return { locale, format: regional ?? locale };
}

/** A well-formed BCP 47 tag (what `Intl` accepts). */
export function isTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}
