import { ErrorCode } from '../../domain/codes';
import { type CardError, cardError } from './types';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * Sandbox tokenisation with Stripe's test-card semantics: validates the card like a card element would
 * (Luhn, future expiry, CVC) and maps test numbers to the sandbox gateway's payment-method tokens.
 */
export const SANDBOX_TOKENS: Record<string, string> = {
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000002500003155': 'pm_card_authenticationRequired',
};
export const SANDBOX_DEFAULT_TOKEN = 'pm_card_visa';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function tokeniseSandboxCard(card: CardInput, now: Date): { source: string } | CardError {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    return cardError(ErrorCode.incorrect_number, 'Your card number is invalid.');
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12)
    return cardError(ErrorCode.invalid_expiry, "Your card's expiration date is incomplete.");
  const yearText = expiry[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  if (endOfMonth.getTime() <= now.getTime())
    return cardError(ErrorCode.expired_card, "Your card's expiration date is in the past.");
  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    return cardError(ErrorCode.invalid_cvc, "Your card's security code is incomplete.");
  return { source: SANDBOX_TOKENS[digits] ?? SANDBOX_DEFAULT_TOKEN };
}
