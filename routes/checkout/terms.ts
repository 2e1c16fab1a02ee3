/**
 * The seller's checkout settings, in one cached GET config: the terms and conditions (spec 2 §2 "Terms checkbox
 * only if the terms dialog content string is non-empty"; §3 configuration `terms_and_conditions_dialog_content`;
 * seller HTML, sanitised where shown; null when the seller has none) and `show_promo_codes_on_checkout` (spec 2
 * §2: the promo code box; off unless the row says true) and `zip_code_discount` (spec 2 §4: a member's zip code
 * applied as a discount code, wallets disabled; the spec names the option, not its key: ours; off unless true)
 * and `checkout_donation` (spec 2 §2: the donation form; the spec names no key: ours, `{ ticket_group_id }`,
 * server/README.md "Donations at checkout"; none: no form).
 */
import type { Api } from '../../api';
import { parseDocument } from '../../api/join';
import type * as ZipCode from './zip-code';

export const TERMS_CONFIG_KEY = 'terms_and_conditions_dialog_content';
export const PROMO_CODES_CONFIG_KEY = 'show_promo_codes_on_checkout';
export const ZIP_DISCOUNT_CONFIG_KEY = 'zip_code_discount';
/** Spec 2 §2, §3: `additional_payment_methods_enabled.gift_card` shows the gift card field. */
export const PAYMENT_METHODS_CONFIG_KEY = 'additional_payment_methods_enabled';
/** Issue 23: the donation group checkout offers (`{ ticket_group_id }`; ours). */
export const DONATION_CONFIG_KEY = 'checkout_donation';

export interface CheckoutSettings {
  termsHtml: string | null;
  showPromoCodes: boolean;
  /** The postcode-as-discount-code option (spec 2 §4). */
  zipCodeDiscount: boolean;
  /** With the option on, the zip-code rule and its once-per-cart memory (./zip-code, loaded only then); else null. */
  zipCodeRule: typeof ZipCode | null;
  /** `additional_payment_methods_enabled.gift_card` (spec 2 §2): the gift card field. */
  giftCards: boolean;
  /** `checkout_donation.ticket_group_id`: the donation group the donation form offers, or null (no form). */
  donationGroupId: string | null;
}

export async function loadCheckoutSettings(
  api: Pick<Api, 'request'>,
  sellerId: string,
  signal: AbortSignal,
): Promise<CheckoutSettings> {
  const raw = await api.request('GET', 'config', {
    query: {
      'resource_id._in': [sellerId],
      'key._in': [
        TERMS_CONFIG_KEY,
        PROMO_CODES_CONFIG_KEY,
        ZIP_DISCOUNT_CONFIG_KEY,
        PAYMENT_METHODS_CONFIG_KEY,
        DONATION_CONFIG_KEY,
      ],
    },
    cached: true,
    signal,
  });
  const rows = (parseDocument(raw).config?._data ?? []).filter((r) => r.resource_id === sellerId);
  const terms = rows.find((r) => r.key === TERMS_CONFIG_KEY)?.value;
  const isOn = (key: string) => {
    const value = rows.find((r) => r.key === key)?.value;
    return value === true || value === 'true';
  };
  const zipCodeDiscount = isOn(ZIP_DISCOUNT_CONFIG_KEY);
  const methods = rows.find((r) => r.key === PAYMENT_METHODS_CONFIG_KEY)?.value;
  const giftCards =
    typeof methods === 'object' &&
    methods !== null &&
    (methods as { gift_card?: unknown }).gift_card === true;
  const donationGroupId = (
    rows.find((r) => r.key === DONATION_CONFIG_KEY)?.value as { ticket_group_id?: unknown }
  )?.ticket_group_id;
  return {
    termsHtml: typeof terms === 'string' && terms.trim() !== '' ? terms : null,
    showPromoCodes: isOn(PROMO_CODES_CONFIG_KEY),
    zipCodeDiscount,
    giftCards,
    donationGroupId: typeof donationGroupId === 'string' && donationGroupId.trim() ? donationGroupId : null,
    zipCodeRule: zipCodeDiscount ? await import('./zip-code') : null,
  };
}
