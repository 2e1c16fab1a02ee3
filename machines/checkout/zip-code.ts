/**
 * Zip-code discount (spec 2 §4: "A zip code from the member identity is matched against a discount pattern and
 * applied as a code (US five digits; UK postcode pattern; country taken from the first two letters of the
 * default currency code)"). Pure rules, apart from ./rules so that checkout's first load carries them only for a
 * seller with the option on (routes/checkout/terms.ts loads them with the settings).
 */

/** The country of the seller's default currency: its first two letters (USD → US, GBP → GB). */
export const currencyCountry = (currency: string): string => currency.trim().slice(0, 2).toUpperCase();

/** A US zip code: five digits. */
const US_ZIP = /^\d{5}$/;
/**
 * A UK postcode without its space, upper case: the outward code (A9, A99, AA9, AA99, A9A, AA9A, with the letters
 * each position allows) and the inward code (9AA), or the special GIR 0AA.
 */
const UK_POSTCODE =
  /^(?:GIR0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y])\d[ABD-HJLNP-UW-Z]{2})$/;

/**
 * The code a member's zip code stands for, or null when it does not match the pattern of the currency's country
 * (or the country has none). US: the five digits as written (trimmed). UK: the postcode in capitals with one
 * space before the inward code ("sw1a1aa" → "SW1A 1AA"), however it was spaced.
 */
export function zipDiscountCode(zip: string, currency: string): string | null {
  const country = currencyCountry(currency);
  if (country === 'US') {
    const code = zip.trim();
    return US_ZIP.test(code) ? code : null;
  }
  if (country === 'GB') {
    const compact = zip.replace(/\s+/g, '').toUpperCase();
    return UK_POSTCODE.test(compact) ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : null;
  }
  return null;
}

/**
 * What checkout applies for a member's zip code: with the seller's option on, a logged-in member's identity
 * zip (meta zip_code) that matches the pattern, unless the cart holds that code already; else null.
 */
export function zipCodeToApply(options: {
  optionOn: boolean;
  zip: string | null | undefined;
  currency: string;
  appliedCodes?: readonly string[];
}): string | null {
  if (!options.optionOn || !options.zip) return null;
  const code = zipDiscountCode(options.zip, options.currency);
  if (code === null) return null;
  const held = (options.appliedCodes ?? []).some((c) => c.toLowerCase() === code.toLowerCase());
  return held ? null : code;
}
