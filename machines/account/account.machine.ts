/**
 * Register and edit profile (issue 26): one form, two ends. The seller's custom identity fields load first
 * (config row `identity_form`), with the account for a profile (GET my/user, the prefill). A submit checks every
 * field (the identity form of spec 3 §5, the password rules, the must-match rule for both re-entries); what was
 * typed is kept through every refusal. Register creates the account (POST user), then logs it in with the
 * credentials just typed (POST login: the server opens no session on POST user) and goes on (the injected
 * `continue`); a login refused (the seller logs members in otherwise) leaves the account created, to log in
 * later. A profile saves (PUT my/user), asks the session to reload the member and stays, saying it is saved.
 * A 409 on register says the address has an account.
 *
 * One machine for both: the same load, form, rules and view; they differ in two guarded rows (what a save is
 * followed by) and in the fields (the email and passwords only on register).
 *
 * No I/O: `loadAccount`, `saveAccount` and `logIn` are provided by the route; `continue` and `reloadMember` are
 * injected.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { toFlowError } from '../shared/flow-error';
import { message } from '../shared/messages';
import { notProvided } from '../shared/not-provided';
import {
  accountErrors,
  changeValue,
  isAccountValid,
  loadErrorMessage,
  prefillOf,
  saveErrorMessage,
  userInputOf,
} from './rules';
import type {
  AccountContext,
  AccountEvent,
  AccountInput,
  LoadAccountOutput,
  LogInInput,
  SaveAccountInput,
} from './types';

export function initialAccountContext({ input }: { input: AccountInput | undefined }): AccountContext {
  return {
    mode: input?.mode ?? 'register',
    form: [],
    values: {},
    email: null,
    fieldErrors: {},
    formError: null,
    notice: null,
    refusals: 0,
  };
}
export function loadAccountInput({ context }: { context: AccountContext }): AccountInput {
  return { mode: context.mode };
}
export function saveAccountInput({ context }: { context: AccountContext }): SaveAccountInput {
  return { mode: context.mode, user: userInputOf(context.mode, context.form, context.values, context.email) };
}
export function logInInput({ context }: { context: AccountContext }): LogInInput {
  return { email: (context.values.email ?? '').trim(), password: context.values.password ?? '' };
}

export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    input: {} as AccountInput,
  },
  actors: {
    loadAccount: fromPromise<LoadAccountOutput, AccountInput>(notProvided('loadAccount')),
    saveAccount: fromPromise<unknown, SaveAccountInput>(notProvided('saveAccount')),
    logIn: fromPromise<unknown, LogInInput>(notProvided('logIn')),
  },
  actions: {
    /** Injected: the new member is logged in; the route takes them on. */
    continue: () => {},
    /** Injected: the session reloads the member (their name and details changed). */
    reloadMember: () => {},
    storeLoaded: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadAccount');
      const output = event.output;
      return {
        form: output?.form ?? [],
        values: prefillOf(output?.member ?? null, context.mode, output?.form ?? []),
        email: output?.member?.email ?? null,
        formError: null,
      };
    }),
    showLoadError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadAccount');
      return { formError: loadErrorMessage(toFlowError(event.error)) };
    }),
    startLoad: assign({ formError: null }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.name]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { values: changeValue(context.values, event.name, event.value), fieldErrors, notice: null };
    }),
    refuseForm: assign(({ context }) => ({
      fieldErrors: accountErrors(context.mode, context.form, context.values),
      formError: null,
      notice: null,
      refusals: context.refusals + 1,
    })),
    startSave: assign({ formError: null, fieldErrors: {}, notice: null }),
    showSaveError: assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.saveAccount');
      return {
        formError: saveErrorMessage(toFlowError(event.error), context.values.email ?? ''),
        refusals: context.refusals + 1,
      };
    }),
    showSaved: assign({ notice: message('profileSaved') }),
    /** The passwords leave the context once the account no longer needs them. */
    forgetPasswords: assign(({ context }) => {
      const { password: _p, passwordConfirm: _c, ...values } = context.values;
      return { values };
    }),
  },
  guards: {
    formIsValid: ({ context }) => isAccountValid(context.mode, context.form, context.values),
    isRegister: ({ context }) => context.mode === 'register',
  },
}).createMachine({
  id: 'account',
  description:
    'Register (POST user, then logged in) or edit the profile (PUT my/user): the identity form with the seller’s custom fields.',
  context: initialAccountContext,
  initial: 'loading',
  states: {
    loading: {
      description: 'The seller’s custom identity fields load, and the account for a profile (GET my/user).',
      tags: ['loading'],
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: loadAccountInput,
        onDone: { target: 'editing', actions: 'storeLoaded' },
        onError: { target: 'loadFailed', actions: 'showLoadError' },
      },
    },
    loadFailed: {
      description: 'The form could not load: its message and a retry.',
      on: { retry: { target: 'loading', actions: 'startLoad' } },
    },
    editing: {
      description: 'The visitor types; the last errors are shown and what was typed is kept.',
      on: {
        'field.change': { actions: 'changeField' },
        submit: [{ guard: 'formIsValid', target: 'saving', actions: 'startSave' }, { actions: 'refuseForm' }],
      },
    },
    saving: {
      description: 'The account is created (register) or saved (profile); further submits are ignored.',
      tags: ['submitting'],
      invoke: {
        id: 'saveAccount',
        src: 'saveAccount',
        input: saveAccountInput,
        onDone: [
          { guard: 'isRegister', target: 'loggingIn' },
          { target: 'editing', actions: ['showSaved', 'reloadMember'] },
        ],
        onError: { target: 'editing', actions: 'showSaveError' },
      },
    },
    loggingIn: {
      description: 'The new account logs in with the credentials just typed.',
      tags: ['submitting'],
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: logInInput,
        onDone: { target: 'loggedIn', actions: 'forgetPasswords' },
        onError: { target: 'created', actions: 'forgetPasswords' },
      },
    },
    loggedIn: {
      tags: ['submitting'],
      type: 'final',
      description: 'Registered and logged in: the member goes on.',
      entry: 'continue',
    },
    created: {
      type: 'final',
      description:
        'The account exists but is not logged in (the seller logs members in otherwise): log in later.',
    },
  },
});

export type AccountMachine = typeof accountMachine;
