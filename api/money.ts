/**
 * Money helpers. The wire carries decimal strings ("25.00"); view models carry integer cents.
 * Conversion is done on the digits, never through floating point, so "19.99" is exactly 1999.
 */

const MONEY_PATTERN = /^([+-])?(\d+)(?:\.(\d*))?$/;

/**
 * Decimal string to integer cents. Extra decimals beyond two are rounded half away from zero.
 * Throws a RangeError on anything that is not a plain decimal number.
 */
export function toCents(value: string): number {
  const match = MONEY_PATTERN.exec(value.trim());
  if (!match) throw new RangeError(`Not a money amount: ${JSON.stringify(value)}`);
  const sign = match[1] === '-' ? -1 : 1;
  const whole = match[2] ?? '0';
  const fraction = (match[3] ?? '').padEnd(3, '0');
  let cents = Number(whole) * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money amount out of range: ${value}`);
  return cents === 0 ? 0 : sign * cents;
}

/** Integer cents to a two-decimal string: 2500 → "25.00", -5 → "-0.05". */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Localised currency text for cents, e.g. formatMoney(2500) → "$25.00". Zero formats as a zero amount:
 * the caller decides whether to show the catalogue's 'Free' word instead.
 */
export function formatMoney(cents: number, currency = 'USD', locale?: string): string {
  // The wire always carries two decimals, so cents are hundredths whatever the currency.
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
