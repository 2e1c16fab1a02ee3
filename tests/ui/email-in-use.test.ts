/**
 * Spec 3 §5's 409 text names the address another account uses: 'Another user account is using {email}. …'. A page
 * that does not know the address (the verify link's page when the server sends no text; a set-email answer with
 * no typed address) says so without one, never 'is using .' with a hole where the address goes.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/codes';
import { setEmailOutcome, verifyEmailOutcome } from '../../domain/error-messages/account';
import type { ErrorOutcome } from '../../domain/error-messages/base';
import '../../ui/account/strings';
import { createStrings, resolveMessage, type UiMessage } from '../../ui/strings';

const strings = createStrings();
const said = (outcome: ErrorOutcome): string => {
  if (outcome.kind === 'ignore') throw new Error('the refusal says nothing');
  return resolveMessage(strings, outcome.message as UiMessage);
};

describe('the address already in use (spec 3 §5)', () => {
  it('names the address when the page knows it, as the spec writes it', () => {
    expect(
      said(setEmailOutcome({ code: ErrorCode.email_in_use, status: 409 }, { email: 'ada@example.com' })),
    ).toBe(
      'Another user account is using ada@example.com. Please contact us if you need to merge multiple user accounts.',
    );
  });

  it('without an address it reads as a whole sentence, with no hole and no placeholder', () => {
    for (const outcome of [
      verifyEmailOutcome({ code: ErrorCode.email_in_use, status: 409 }),
      verifyEmailOutcome({ code: ErrorCode.unexpected, status: 409, description: '  ' }),
      setEmailOutcome({ code: ErrorCode.unexpected, status: 409 }, { email: '' }),
      setEmailOutcome({ code: ErrorCode.unexpected, status: 409 }, { email: '   ' }),
      setEmailOutcome({ code: ErrorCode.unexpected, status: 409 }),
    ]) {
      const sentence = said(outcome);
      expect(sentence).toBe(
        'Another user account is using this email address. Please contact us if you need to merge multiple user accounts.',
      );
      expect(sentence).not.toMatch(/using \.|\{email\}/);
    }
  });

  it("the server's own text still wins on the verify page", () => {
    expect(
      said(
        verifyEmailOutcome({
          code: ErrorCode.unexpected,
          status: 409,
          description: 'In use by another account.',
        }),
      ),
    ).toBe('In use by another account.');
  });
});
