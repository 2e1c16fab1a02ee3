/**
 * Set email address (spec 3 §2 "Set email address page", §5): 'Update Email address' with the new email and
 * its re-entry, 'Update & Continue'. A submit checks both fields (what was typed is kept); the provided
 * `saveEmail` actor asks for the change; a 409 names the address another account uses. A new address takes
 * effect only when the link mailed to it is opened (issue 18): the page then says to check the inbox, and
 * 'Continue' goes on; an address that already is the account's goes on at once. Going on is the injected
 * `continue` action (the route decides where).
 *
 * No I/O: `saveEmail` is provided by the route; `continue` is injected.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { toFlowError } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import { saveErrorMessage, setEmailErrors } from './rules';
import type { SaveEmailInput, SaveEmailOutput, SetEmailContext, SetEmailEvent } from './types';

export function initialSetEmailContext(): SetEmailContext {
  return { email: '', confirm: '', fieldErrors: {}, formError: null, refusals: 0, sentTo: null };
}
export function saveEmailInput({ context }: { context: SetEmailContext }): SaveEmailInput {
  return { email: context.email.trim() };
}

export const setEmailMachine = setup({
  types: {
    context: {} as SetEmailContext,
    events: {} as SetEmailEvent,
  },
  actors: {
    saveEmail: fromPromise<SaveEmailOutput, SaveEmailInput>(notProvided('saveEmail')),
  },
  actions: {
    /** Injected: the email is saved; the route takes the member on. */
    continue: () => {},
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.name]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { [event.name]: event.value, fieldErrors };
    }),
    // The last save's message goes: the fields' errors are what is wrong now (as on the account pages).
    refuseForm: assign(({ context }) => ({
      formError: null,
      fieldErrors: setEmailErrors(context.email, context.confirm),
      refusals: context.refusals + 1,
    })),
    startSave: assign({ formError: null, fieldErrors: {} }),
    storeSentTo: assign(({ context }) => ({ sentTo: context.email.trim() })),
    showError: assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.saveEmail');
      return {
        formError: saveErrorMessage(toFlowError(event.error), context.email),
        refusals: context.refusals + 1,
      };
    }),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(setEmailErrors(context.email, context.confirm)).length === 0,
    /** The account's email already is the typed one (nothing to confirm). */
    alreadyTheAccounts: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.saveEmail');
      return event.output?.email?.toLowerCase() === context.email.trim().toLowerCase();
    },
  },
}).createMachine({
  id: 'setEmail',
  description:
    "Update Email address: new email and its re-entry, 'Update & Continue'; a 409 names the address in use.",
  context: initialSetEmailContext,
  initial: 'editing',
  states: {
    editing: {
      description:
        'The member types the new email twice; the last errors are shown and what was typed is kept.',
      on: {
        'field.change': { actions: 'changeField' },
        submit: [{ guard: 'formIsValid', target: 'saving', actions: 'startSave' }, { actions: 'refuseForm' }],
      },
    },
    saving: {
      description: 'The email is being saved on the account; further submits are ignored.',
      tags: ['submitting'],
      invoke: {
        id: 'saveEmail',
        src: 'saveEmail',
        input: saveEmailInput,
        onDone: [
          { guard: 'alreadyTheAccounts', target: 'saved' },
          { target: 'sent', actions: 'storeSentTo' },
        ],
        onError: { target: 'editing', actions: 'showError' },
      },
    },
    sent: {
      description:
        "A confirmation link went to the new address: 'check your inbox'; the email changes when it is opened.",
      on: { continue: { target: 'saved' } },
    },
    saved: {
      type: 'final',
      description: 'Done: the member goes on.',
      entry: 'continue',
    },
  },
});

export type SetEmailMachine = typeof setEmailMachine;
