/**
 * The error catalogue against the spec: every code named in the three error catalogues (§8 of each document)
 * is in the one code table; each one's message in each flow is the spec's text (written here, verbatim, as
 * the oracle), with the context handling the spec describes, and it is logged or not as the spec says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessageFor } from '../../api/errors';
import { CODE_INFO, ErrorCode, isErrorCode } from '../../domain/codes';
import {
  type ErrorLike,
  type ErrorWhere,
  errorMessage,
  errorOutcome,
  isLoggedCode,
  isReported,
  type MessageParams,
} from '../../domain/error-messages';
// The catalogue writes times and days with ui/format.ts (every view showing one has loaded it).
import '../../ui/format';
import { createStrings, resolveMessage } from '../../ui/strings';

const specDir = join(__dirname, '../../../shared/spec');
const specs = ['1-discovery-reserve-cart.md', '2-checkout-orders.md', '3-members-shell.md'].map((f) =>
  readFileSync(join(specDir, f), 'utf8'),
);
const catalogueOf = (doc: string) => doc.slice(doc.indexOf('## 8.'), doc.indexOf('## 9.'));

/** Words of the catalogues that are not error codes: contexts, reasons, provider error types, fields. */
const NOT_CODES = new Set([
  'checkout_rules',
  'cart_remove_tickets',
  'event_calendar',
  'code_required',
  'party_role',
  'invalid_request_error',
]);

const strings = createStrings();
const text = (error: ErrorLike, where: ErrorWhere, params?: MessageParams) =>
  resolveMessage(strings, errorMessage(error, where, params));

describe('the code table covers the spec', () => {
  const named = new Set(
    specs
      .flatMap((doc) => catalogueOf(doc).match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? [])
      .filter((w) => !NOT_CODES.has(w)),
  );

  it('finds the catalogues (the spec layout this test reads is still there)', () => {
    expect(named.size).toBeGreaterThan(0);
    expect(named.has(ErrorCode.event_session_sold_out)).toBe(true);
  });

  it.each([...named])('%s is a constant of the code table', (code) => {
    expect(isErrorCode(code)).toBe(true);
    expect(ErrorCode[code as keyof typeof ErrorCode]).toBe(code);
  });

  it('every code the table says comes from the spec appears in the spec', () => {
    const all = specs.join('\n');
    for (const [code, info] of Object.entries(CODE_INFO))
      if (info.origin === 'spec') expect(all, code).toContain(code);
  });

  it('each constant is its own wire string', () => {
    for (const [key, value] of Object.entries(ErrorCode)) expect(value).toBe(key);
  });
});

describe('messages in each flow (spec 1 §8, spec 2 §8, spec 3 §8)', () => {
  const api = (code: string, extra: Partial<ErrorLike> = {}): ErrorLike => ({
    code,
    status: 400,
    description: 'Server says so.',
    ...extra,
  });

  it('reserve codes show as the API error', () => {
    for (const code of [
      ErrorCode.max_tickets_per_order_exceeded,
      ErrorCode.min_tickets_per_order_not_met,
      ErrorCode.member_limit_exceeded,
      ErrorCode.ticket_group_capacity_exceeded,
      ErrorCode.ticket_group_sold_out,
      ErrorCode.session_capacity_exceeded,
    ])
      expect(text(api(code), 'reserve'), code).toBe('Server says so.');
  });

  it('sold out: the session and the date messages, verbatim', () => {
    expect(text(api(ErrorCode.event_session_sold_out), 'reserve', { time: '10:30 AM' })).toBe(
      'Tickets have sold out for the session at 10:30 AM. Please select another session and try again.',
    );
    expect(text(api(ErrorCode.event_session_sold_out), 'reserve', { date: 'Sat, Nov 21, 2026' })).toBe(
      'Tickets have sold out for Sat, Nov 21, 2026. Please select another date and try again.',
    );
    // What the machines carry (issue 26): the session's start and zone, the day; written here in English.
    expect(
      text(api(ErrorCode.event_session_sold_out), 'reserve', {
        time: { time: '2026-11-21T15:30:00.000Z', zone: 'America/New_York' },
      }),
    ).toBe('Tickets have sold out for the session at 10:30 AM. Please select another session and try again.');
    expect(text(api(ErrorCode.event_session_sold_out), 'reserve', { date: { day: '2026-11-21' } })).toBe(
      'Tickets have sold out for Sat, Nov 21, 2026. Please select another date and try again.',
    );
    // The server's day renewing opens is carried as a day too; anything else is not named.
    const renewal = (day: string) => ({
      ...api(ErrorCode.renewal_not_open),
      extra: { renewal_opens_on: day },
    });
    expect(errorMessage(renewal('2026-06-30'), 'membership')).toEqual({
      key: 'renewNotYet',
      params: { date: { day: '2026-06-30' } },
    });
    expect(text(renewal('2026-06-30'), 'membership')).toBe(
      'Your membership can be renewed from Tue, Jun 30, 2026.',
    );
    expect(errorMessage(renewal('soon'), 'membership').key).not.toBe('renewNotYet');
  });

  it('rule_blocks_reserve in checkout_rules: code_required opens the code prompt, others are templated', () => {
    const required = api(ErrorCode.rule_blocks_reserve, {
      context: 'checkout_rules',
      extra: { reason: 'code_required' },
    });
    expect(errorOutcome(required, 'reserve')).toEqual({
      kind: 'codePrompt',
      message: { key: 'codeRequired' },
    });
    expect(resolveMessage(strings, errorMessage(required, 'reserve'))).toBe(
      'A code is required to continue with your order.',
    );
    expect(text(api(ErrorCode.rule_blocks_reserve, { context: 'checkout_rules' }), 'reserve')).toBe(
      'Server says so.',
    );
  });

  it('calendar: validation_failed in event_calendar is the 10-types message; others generic', () => {
    expect(text(api(ErrorCode.validation_failed, { context: 'event_calendar' }), 'calendar')).toBe(
      'You can only select up to 10 different types of tickets.',
    );
    expect(text(api(ErrorCode.validation_failed, { context: 'query' }), 'calendar')).toBe(
      'Sorry! Something unexpected happened. Please try again.',
    );
  });

  it('promo codes: displayable ones show, duplicate and unknown ones do not, the default names the code', () => {
    for (const code of [
      ErrorCode.code_exhausted,
      ErrorCode.code_not_found,
      ErrorCode.additional_info_validation_failed,
      ErrorCode.validation_failed,
      ErrorCode.invalid_citypass,
      ErrorCode.citypass_failure,
      ErrorCode.no_code_benefit,
    ])
      expect(text(api(code), 'promo'), code).toBe('Server says so.');
    expect(text(api(ErrorCode.duplicate_code), 'promo')).toBe('Sorry. Please try again later.');
    expect(text(api('made_up_code'), 'promo')).toBe('Sorry. Please try again later.');
    expect(text(api(ErrorCode.code_not_found, { description: null }), 'promo', { code: 'SAVE10' })).toBe(
      '"SAVE10" is not a valid promo code.',
    );
  });

  it('checkout: card errors are prefixed and suffixed, the provider message shows alone', () => {
    expect(text(api(ErrorCode.card_declined, { description: 'Your card was declined.' }), 'checkout')).toBe(
      'Your card has not been charged. Your card was declined. Please edit your payment details and try again.',
    );
    expect(
      text(
        api('expired_card', { extra: { type: 'card_error', message: 'Your card has expired.' } }),
        'checkout',
      ),
    ).toBe(
      'Your card has not been charged. Your card has expired. Please edit your payment details and try again.',
    );
    expect(text({ code: ErrorCode.payment_provider_unavailable }, 'checkout')).toBe(
      'Credit card payment can not be processed because the card payment provider was unable to load. Try disabling any privacy blockers and ad blockers, and reloading the page.',
    );
    expect(errorOutcome(api(ErrorCode.incorrect_cart_state), 'checkout')).toEqual({ kind: 'ignore' });
    expect(text(api('made_up_code'), 'checkout')).toBe(
      'Sorry, something unexpected happened. Please try again later.',
    );
  });

  it('checkout: a seller without a payment gateway and too many pay attempts have texts of their own', () => {
    expect(text(api(ErrorCode.payment_unavailable, { status: 409 }), 'checkout')).toBe(
      'This venue cannot take payments online at the moment.',
    );
    expect(text(api(ErrorCode.too_many_attempts, { status: 429 }), 'checkout')).toBe(
      'Your card has not been charged. There were too many payment attempts. Please wait a while and try again.',
    );
    expect(CODE_INFO.payment_unavailable).toMatchObject({ origin: 'server', expected: true, status: 409 });
  });

  it('accounts: guest_account and incorrect_password in checkout and login', () => {
    for (const where of ['checkout', 'login'] as const) {
      expect(text(api(ErrorCode.guest_account), where)).toBe(
        'Oops! You have not set a password yet. Please check your email inbox for instructions to set a password, then try again.',
      );
      expect(text(api(ErrorCode.incorrect_password, { status: 401 }), where)).toBe(
        'That is not the correct password. Please try again.',
      );
    }
  });

  it('orders, gift cards, resend, reset links and reschedule', () => {
    const missing = api(ErrorCode.not_found, { status: 404 });
    expect(text(missing, 'order')).toBe('We could not find that order.');
    expect(text(api(ErrorCode.validation_failed), 'order')).toBe(
      'Oops! Sorry, something went wrong. Please try again.',
    );
    expect(text(missing, 'giftCard')).toBe('Gift card not found.');
    expect(text(api(ErrorCode.validation_failed), 'giftCard')).toBe(
      'We are having trouble with that sorry. Please try again later.',
    );
    expect(text(missing, 'resend')).toBe('No orders could be found for this email address.');
    expect(text(api(ErrorCode.validation_failed), 'resend')).toBe(
      'Sorry, something unexpected happened. Please try again later.',
    );
    for (const code of [ErrorCode.not_found, ErrorCode.validate_failed])
      expect(text(api(code), 'resetLink')).toBe('This reset link is not valid. It may have expired.');
    for (const code of [
      ErrorCode.tickets_too_old,
      ErrorCode.ticket_state_incorrect,
      ErrorCode.ticket_not_found,
    ])
      expect(text(api(code, { context: 'cart_remove_tickets' }), 'reschedule')).toBe(
        'Server says so. Click here to start again.',
      );
    expect(text(api(ErrorCode.cart_expired, { status: 410 }), 'reschedule')).toBe(
      'Server says so. Click here to start again.',
    );
  });

  it('membership submit ignores rule_blocks_reserve (checkout_rules) and validate_not_email', () => {
    expect(
      errorOutcome(api(ErrorCode.rule_blocks_reserve, { context: 'checkout_rules' }), 'membership'),
    ).toEqual({
      kind: 'ignore',
    });
    expect(errorOutcome(api(ErrorCode.validate_not_email), 'membership')).toEqual({ kind: 'ignore' });
  });

  it('unknown codes never show the server text; no answer at all reads as unexpected', () => {
    expect(text(api('internal_detail_leak'), 'event')).toBe(
      'Sorry! Something unexpected happened. Please try again.',
    );
    expect(resolveMessage(strings, errorMessageFor(new Error('boom'), 'listing'))).toBe(
      'Sorry! Something unexpected happened. Please try again.',
    );
    expect(
      resolveMessage(
        strings,
        errorMessageFor(
          new ApiError({ code: ErrorCode.cart_expired, status: 410, description: 'Gone.' }),
          'cart',
        ),
      ),
    ).toBe('Gone.');
  });
});

describe('what is logged (spec 1 §8 "unexpected 4xx codes are logged"; spec 2 §8 expected card errors)', () => {
  it('expected card codes are not logged; other provider codes are', () => {
    for (const code of [
      ErrorCode.card_declined,
      ErrorCode.incorrect_zip,
      ErrorCode.incorrect_cvc,
      ErrorCode.invalid_cvc,
      ErrorCode.payment_intent_authentication_failure,
      ErrorCode.invalid_bank_account,
      ErrorCode.invalid_bank_account_account_number,
    ])
      expect(isLoggedCode(code), code).toBe(false);
    expect(isLoggedCode(ErrorCode.expired_card)).toBe(true);
  });

  it('every spec code is expected; unknown codes and the server’s own failures are logged', () => {
    for (const [code, info] of Object.entries(CODE_INFO))
      if (info.origin === 'spec') expect(isLoggedCode(code), code).toBe(false);
    expect(isLoggedCode('weird_new_code')).toBe(true);
    expect(isLoggedCode(ErrorCode.missing_app_header)).toBe(true);
  });

  it('the error-reporting filter ignores 402, 404, 409, 410 and 422', () => {
    for (const status of [402, 404, 409, 410, 422]) expect(isReported({ code: 'weird', status })).toBe(false);
    for (const status of [400, 401, 403]) expect(isReported({ code: 'weird', status })).toBe(true);
  });
});
