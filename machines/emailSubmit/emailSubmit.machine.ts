/**
 * The email-submit pages (spec 3 §2 "Email-submit pages", §8): `/resend`, `/user/forgot-membership` and
 * `/user/forgot-password`. The visitor types an email (kept as typed); a submit checks it (required, type
 * email, max 254), then the provided `submitEmail` actor sends it (the route picks the call: resend for a
 * guest or a member, membership-ID request, password-reset request). Success shows the page's sent text; a
 * 404 is resend's own message, and on the forgot pages counts as sent; other failures show the generic
 * message and keep the form.
 *
 * No I/O: `submitEmail` is provided by the route.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorOf } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import { countsAsSent, emailFieldError, submitErrorMessage } from './rules';
import type { EmailSubmitContext, EmailSubmitEvent, EmailSubmitInput, SubmitEmailInput } from './types';

/** Named mapper: the initial context. */
export function initialEmailSubmitContext({ input }: { input: EmailSubmitInput }): EmailSubmitContext {
  return { kind: input.kind, email: '', fieldError: null, formError: null, sentTo: null, refusals: 0 };
}

/** Named mapper: what `submitEmail` receives. */
export function submitEmailInput({ context }: { context: EmailSubmitContext }): SubmitEmailInput {
  return { kind: context.kind, email: context.email.trim() };
}

export const emailSubmitMachine = setup({
  types: {
    context: {} as EmailSubmitContext,
    events: {} as EmailSubmitEvent,
    input: {} as EmailSubmitInput,
  },
  actors: {
    submitEmail: fromPromise<unknown, SubmitEmailInput>(notProvided('submitEmail')),
  },
  actions: {
    changeEmail: assign(({ event }) => {
      assertEvent(event, 'email.change');
      return { email: event.value, fieldError: null };
    }),
    startSubmit: assign({ formError: null, fieldError: null }),
    refuseEmail: assign(({ context }) => ({
      fieldError: emailFieldError(context.email),
      // The last try's message goes: beside the new field error it would read as this address's answer.
      formError: null,
      refusals: context.refusals + 1,
    })),
    markSent: assign(({ context }) => ({ sentTo: context.email.trim() })),
    showError: assign(({ context, event }) => ({
      formError: submitErrorMessage(context.kind, errorOf(event)),
      refusals: context.refusals + 1,
    })),
  },
  guards: {
    emailIsValid: ({ context }) => emailFieldError(context.email) === null,
    countsAsSent: ({ context, event }) => countsAsSent(context.kind, errorOf(event)),
  },
}).createMachine({
  id: 'emailSubmit',
  description:
    'An email-submit page: type an email (required, type email, max 254), send it; sent, or a message with the form kept.',
  context: initialEmailSubmitContext,
  initial: 'editing',
  states: {
    editing: {
      description: 'The visitor types the email; the last error is shown and what was typed is kept.',
      on: {
        'email.change': { actions: 'changeEmail' },
        submit: [
          { guard: 'emailIsValid', target: 'submitting', actions: 'startSubmit' },
          { actions: 'refuseEmail' },
        ],
      },
    },
    submitting: {
      description: 'The email is on its way; further submits are ignored.',
      tags: ['submitting'],
      invoke: {
        id: 'submitEmail',
        src: 'submitEmail',
        input: submitEmailInput,
        onDone: { target: 'sent', actions: 'markSent' },
        onError: [
          { guard: 'countsAsSent', target: 'sent', actions: 'markSent' },
          { target: 'editing', actions: 'showError' },
        ],
      },
    },
    sent: {
      type: 'final',
      description:
        'Sent: resend says the tickets are on their way; forgot membership warns that the ID was sent; forgot password says a one-time link was sent.',
    },
  },
});

export type EmailSubmitMachine = typeof emailSubmitMachine;
