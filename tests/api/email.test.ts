/**
 * One email rule everywhere (issue 23): the forms' check (checkout, membership, email-submit, set email) and the
 * server's validation of the same fields accept exactly the same addresses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { emailBody, userBody } from '../../api/request-bodies';
import { EMAIL_PATTERN, isEmail } from '../../domain/email';
import { validateCheckout } from '../../machines/checkout/rules';
import { emailFieldError } from '../../machines/emailSubmit/rules';
import { looksLikeEmail } from '../../machines/membership/rules';
import { setEmailErrors } from '../../machines/setEmail/rules';

const serverAccepts = (email: string) => z.safeParse(emailBody, { email }).success;
const checkoutAccepts = (email: string) =>
  validateCheckout({ firstName: 'Ada', lastName: 'Lovelace', email, emailConfirm: email }, false, {
    identityFormShown: true,
    termsShown: false,
  }).email === undefined;
const formsAccept = (email: string) => [
  checkoutAccepts(email),
  emailFieldError(email) === null,
  looksLikeEmail(email),
  setEmailErrors(email, email).email === undefined,
];

const samples = [
  'ada@example.com',
  'a.b+c@sub.example.org',
  "o'brien@example.ie",
  'ada@localhost',
  'ada@-example.com',
  'ada@example..com',
  'ada example@example.com',
  'äda@example.com',
  'ada@@example.com',
  '@example.com',
  'ada@',
  'ada@example.c',
  `${'a'.repeat(242)}@example.com`,
  `${'a'.repeat(243)}@example.com`,
];

describe('the one email rule', () => {
  it('the forms and the server agree on every sample', () => {
    for (const email of samples) {
      const expected = isEmail(email);
      expect(formsAccept(email), email).toEqual([expected, expected, expected, expected]);
      expect(serverAccepts(email), email).toBe(expected);
      expect(z.safeParse(userBody, { first_name: 'A', last_name: 'B', email }).success, email).toBe(expected);
    }
    expect(samples.filter(isEmail)).toEqual([
      'ada@example.com',
      'a.b+c@sub.example.org',
      "o'brien@example.ie",
      'ada@example.c',
      `${'a'.repeat(242)}@example.com`,
    ]);
  });

  it('and on generated addresses', () => {
    const local = fc.stringMatching(/^[a-z0-9.+_-]{1,12}$/);
    const label = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
    const email = fc
      .tuple(local, fc.array(label, { minLength: 1, maxLength: 3 }))
      .map(([l, labels]) => `${l}@${labels.join('.')}`);
    fc.assert(
      fc.property(email, (value) => {
        const expected = EMAIL_PATTERN.test(value);
        expect(formsAccept(value)).toEqual([expected, expected, expected, expected]);
        expect(serverAccepts(value)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
