/**
 * Verify email address (issue 18): the page an email verification link opens. The link's token is spent on
 * load: 'Email address confirmed' (the account's address is verified, or its new address takes effect); an
 * unknown, used or expired link is the invalid-link outcome; another account that verified the address
 * meanwhile is refused with the spec's 409 text; another failure offers a retry. After success the injected
 * `verified` action lets the route reload a logged-in member (their email may have changed).
 *
 * No I/O: `verifyToken` is provided by the route; `verified` is injected.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorOf } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import { isEmailInUse, isInvalidLink, verifyErrorMessage } from './rules';
import type { VerifyEmailContext, VerifyEmailEvent, VerifyEmailInput, VerifyTokenInput } from './types';

export function initialVerifyEmailContext({ input }: { input: VerifyEmailInput }): VerifyEmailContext {
  const token = input.token?.trim() ? input.token.trim() : null;
  return { token, formError: null };
}
export function verifyTokenInput({ context }: { context: VerifyEmailContext }): VerifyTokenInput {
  return { token: context.token ?? '' };
}

export const verifyEmailMachine = setup({
  types: {
    context: {} as VerifyEmailContext,
    events: {} as VerifyEmailEvent,
    input: {} as VerifyEmailInput,
  },
  actors: {
    verifyToken: fromPromise<unknown, VerifyTokenInput>(notProvided('verifyToken')),
  },
  actions: {
    /** Injected: the address is verified; the route reloads a logged-in member. */
    verified: () => {},
    showError: assign(({ event }) => ({
      formError: verifyErrorMessage(errorOf(event)),
    })),
    clearError: assign({ formError: null }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    invalidLink: ({ event }) => isInvalidLink(errorOf(event)),
    emailInUse: ({ event }) => isEmailInUse(errorOf(event)),
  },
}).createMachine({
  id: 'verifyEmail',
  description:
    'Verify email address: the link is spent on load; confirmed, an invalid link, the address in use, or a retry.',
  context: initialVerifyEmailContext,
  initial: 'checkingLink',
  states: {
    checkingLink: {
      description: 'Without a token in the link there is nothing to verify.',
      always: [{ guard: 'hasToken', target: 'verifying' }, { target: 'invalidLink' }],
    },
    verifying: {
      description: "'Confirming your email address…': the link's token is spent.",
      invoke: {
        id: 'verifyToken',
        src: 'verifyToken',
        input: verifyTokenInput,
        onDone: { target: 'verified' },
        onError: [
          { guard: 'invalidLink', target: 'invalidLink' },
          { guard: 'emailInUse', target: 'emailInUse', actions: 'showError' },
          { target: 'failed', actions: 'showError' },
        ],
      },
    },
    failed: {
      description:
        'The check failed for another reason (network, server, too many attempts): a message and a retry.',
      on: { retry: { target: 'verifying', actions: 'clearError' } },
    },
    verified: {
      type: 'final',
      description: "'Email address confirmed'.",
      entry: 'verified',
    },
    invalidLink: {
      description: "'Invalid Link': not valid, expired or used already; a way to ask for another.",
    },
    emailInUse: {
      description: "Another account verified the address meanwhile: the spec's 409 text.",
    },
  },
});

export type VerifyEmailMachine = typeof verifyEmailMachine;
