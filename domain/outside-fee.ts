/**
 * Outside fees (spec 1 §3 ticket type `outside_fees`: fee_fixed_outside or fee_percent_outside with fee): what
 * one ticket adds on top of its price. The percent fee is taken of the price the ticket is charged at: for a
 * flexible price (currency_amount_min / _max), the amount the visitor chose, as the server charges it.
 */

/**
 * The percent fee of one ticket in cents, rounded half away from zero to whole cents. The percent is in
 * hundredths of a percent ("5.00" % is 500): integer maths, no float drift.
 */
export function percentFeeCents(priceCents: number, percentHundredths: number): number {
  const product = priceCents * percentHundredths;
  const fee = Math.sign(product) * Math.floor((Math.abs(product) + 5000) / 10000);
  return fee === 0 ? 0 : fee;
}
