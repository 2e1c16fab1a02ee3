/**
 * Login (spec 3 §2 "Login screen", §4 "Login" and "Identity-provider login", §5, §8).
 *
 * One flow for every login method of the seller's configuration:
 * - the credential forms (`password`, `scan_code`, `scan_code_last_name`, `scan_code_password`): fields
 *   trimmed and required (limits in rules.ts); submit -> POST login -> the member is reloaded (GET my/user,
 *   GET my/membership) and handed to the app's session (systemId `session`); a member with no real email goes
 *   on to /user/set-email-address. `guest_account` requests a reset email, then shows its notice;
 *   `incorrect_password` shows its text with a forgot-password link; a 401 the configured text or the
 *   server's; cookies off block the form;
 * - the identity provider (`oidc`): submit redirects to the provider (the `startProviderLogin` port); on the
 *   callback route the flow starts in `provider.completing` (the `completeProviderLogin` port), exchanges the
 *   ID token for a login and goes to the saved path; an invalid state goes back after 5 s (named delay);
 * - `external`: submit goes to the external login URL; `none`: 'Login is disabled'.
 *
 * No I/O, no clock: the actors and the navigation actions are provided by the route.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { LoginCredentials } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import { outcomeMessage } from '../../domain/error-messages/base';
import { loginOutcome } from '../../domain/error-messages/login';
import type { LoadedMember, MemberSession } from '../session/types';
import { errorOf, message } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import {
  credentialsOf,
  EMPTY_FIELDS,
  INVALID_STATE_DELAY_MS,
  isFormMode,
  isFormValid,
  prefillFields,
} from './rules';
import type { LoginContext, LoginEvent, LoginInput, ProviderCallbackResult } from './types';

/* Named mappers (the config holds no inline functions). */
export function initialLoginContext({ input }: { input: LoginInput }): LoginContext {
  return {
    method: input.method,
    invalidCredentialsMessage: input.invalidCredentialsMessage,
    cookiesEnabled: input.cookiesEnabled,
    identify: input.identify,
    callback: input.callback,
    fields: prefillFields(input.method, input.prefill),
    error: null,
    forgotPasswordLink: false,
    failure: null,
    returnPath: input.returnPath,
    jwt: null,
    loaded: null,
  };
}

/** The POST login body: the form's credentials, or the identity provider's ID token. */
export function loginInput({ context }: { context: LoginContext }): LoginCredentials {
  if (context.jwt !== null) return { mode: 'oidc', jwt: context.jwt };
  return isFormMode(context.method)
    ? credentialsOf(context.method, context.fields)
    : { mode: 'oidc', jwt: context.jwt ?? '' };
}
export function resetRequestInput({ context }: { context: LoginContext }): { email: string } {
  return { email: context.fields.email.trim() };
}
export function providerLoginInput({ context }: { context: LoginContext }): { returnPath: string } {
  return { returnPath: context.returnPath };
}

const loginSetup = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent, input: {} as LoginInput },
  delays: {
    /** An invalid provider state goes back after 5 s (spec 3 §4, spec 2 §9). */
    invalidStateDelay: INVALID_STATE_DELAY_MS,
  },
  actors: {
    /** POST login with the credentials (or the provider's jwt). */
    login: fromPromise<unknown, LoginCredentials>(notProvided('login')),
    /** POST password_reset/request { email } (a guest account without a password). */
    requestPasswordReset: fromPromise<unknown, { email: string }>(notProvided('requestPasswordReset')),
    /** GET my/user and GET my/membership. */
    loadMember: fromPromise<LoadedMember, void>(notProvided('loadMember')),
    /** The identity-provider port: redirect to the provider, saving the path to come back to. */
    startProviderLogin: fromPromise<unknown, { returnPath: string }>(notProvided('startProviderLogin')),
    /** The identity-provider port: complete the redirect (state check, code exchange): the ID token. */
    completeProviderLogin: fromPromise<ProviderCallbackResult, void>(notProvided('completeProviderLogin')),
  },
  actions: {
    /** Injected: hand the logged-in, reloaded member to the app's session (`session.loggedIn`). */
    memberLoggedIn: (_args, _params: { session: MemberSession }) => {},
    /** Injected: the member is logged in: close the login dialog, or go to the saved path (provider). */
    finished: (_args, _params: { returnPath: string; callback: boolean }) => {},
    /** Injected: a member without a real email goes to /user/set-email-address. */
    goSetEmail: () => {},
    /** Injected: an invalid provider state goes back (home) after the delay. */
    goBack: () => {},
    /** Injected: go to the seller's external login URL. */
    openExternalLogin: () => {},

    change: assign(({ context, event }) => {
      assertEvent(event, 'login.change');
      return { fields: { ...context.fields, [event.field]: event.value } };
    }),
    clearError: assign({ error: null, forgotPasswordLink: false, failure: null }),
    showFailure: assign(({ context, event }) => {
      const failure = errorOf(event);
      const outcome = loginOutcome(failure, {
        mode: context.method,
        ...(context.invalidCredentialsMessage
          ? { invalidCredentialsMessage: context.invalidCredentialsMessage }
          : {}),
      });
      return {
        failure,
        error: outcomeMessage(outcome, 'login'),
        forgotPasswordLink: failure.code === ErrorCode.incorrect_password,
      };
    }),
    showGuestAccount: assign({ error: () => message('guestAccount'), forgotPasswordLink: false }),
    recordFailure: assign({ failure: ({ event }) => errorOf(event) }),
    showProviderInitFailed: assign({ error: () => message('providerInitFailed') }),
    showProviderCookies: assign({ error: () => message('providerCookies') }),
    takeProviderResult: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.completeProviderLogin');
      return { jwt: event.output.jwt, returnPath: event.output.returnPath };
    }),
    takeLoaded: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadMember');
      return { loaded: event.output };
    }),
    forgetPassword: assign({ fields: ({ context }) => ({ ...context.fields, password: '' }) }),
    clearFields: assign({ fields: () => ({ ...EMPTY_FIELDS }) }),
  },
  guards: {
    isDisabled: ({ context }) => context.method === 'none',
    isExternal: ({ context }) => context.method === 'external',
    isProvider: ({ context }) => context.method === 'oidc',
    isCallback: ({ context }) => context.callback,
    cookiesOff: ({ context }) => !context.cookiesEnabled,
    identifyAtOnce: ({ context }) => context.identify && isFormValid(context.method, context.fields),
    formValid: ({ context }) => isFormValid(context.method, context.fields),
    isGuestAccount: ({ event }) => errorOf(event).code === ErrorCode.guest_account,
    viaProvider: ({ context }) => context.jwt !== null,
    needsEmail: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadMember');
      return event.output?.member.needsEmail === true;
    },
    isInvalidState: ({ event }) => errorOf(event).code === ErrorCode.provider_invalid_state,
    isProviderCookies: ({ event }) => errorOf(event).code === ErrorCode.cookies_disabled,
  },
});

export const loginMachine = loginSetup
  .extend({
    actions: {
      /** Hands the reloaded member to the app's session (the injected `memberLoggedIn`). */
      handToSession: loginSetup.enqueueActions(({ context, enqueue }) => {
        if (!context.loaded) return;
        const via: MemberSession['via'] = context.jwt !== null ? 'oidc' : 'credentials';
        enqueue({ type: 'memberLoggedIn', params: { session: { ...context.loaded, via } } });
      }),
      finish: loginSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'finished', params: { returnPath: context.returnPath, callback: context.callback } });
      }),
    },
  })
  .createMachine({
    id: 'login',
    description: "'Account login': the seller's login method, the form, the identity provider's round trip.",
    context: initialLoginContext,
    initial: 'starting',
    states: {
      starting: {
        description: 'Choose by the login method, the cookies and how the flow was opened.',
        always: [
          { guard: 'isCallback', target: 'provider.completing' },
          { guard: 'isDisabled', target: 'disabled' },
          { guard: 'isExternal', target: 'external' },
          { guard: 'isProvider', target: 'provider' },
          { guard: 'cookiesOff', target: 'cookiesDisabled' },
          { guard: 'identifyAtOnce', target: 'submitting' },
          { target: 'editing' },
        ],
      },
      disabled: { description: "'Login is disabled': no form." },
      cookiesDisabled: { description: "'Enable cookies and reload to login.': the form is blocked." },
      external: {
        description: "The seller's external login page: submit goes there.",
        on: { 'login.submit': { actions: 'openExternalLogin' } },
      },
      editing: {
        description: 'The form: fields trimmed and required; a failure is shown until the next submit.',
        on: {
          'login.change': { actions: 'change' },
          'login.submit': { guard: 'formValid', target: 'submitting', actions: 'clearError' },
        },
      },
      submitting: {
        description: 'POST login with the credentials (or the identity provider’s ID token).',
        invoke: {
          src: 'login',
          id: 'login',
          input: loginInput,
          onDone: { target: 'loadingMember' },
          onError: [
            { guard: 'isGuestAccount', target: 'requestingReset', actions: 'recordFailure' },
            { guard: 'viaProvider', target: 'provider.failed', actions: 'showFailure' },
            { target: 'editing', actions: ['showFailure', 'forgetPassword'] },
          ],
        },
      },
      requestingReset: {
        description: 'A guest account without a password: request the reset email, then say so.',
        invoke: {
          src: 'requestPasswordReset',
          id: 'requestPasswordReset',
          input: resetRequestInput,
          onDone: { target: 'editing', actions: ['showGuestAccount', 'forgetPassword'] },
          onError: { target: 'editing', actions: ['showGuestAccount', 'forgetPassword'] },
        },
      },
      loadingMember: {
        description: 'Logged in: reload the member (GET my/user, GET my/membership).',
        invoke: {
          src: 'loadMember',
          id: 'loadMember',
          onDone: [
            {
              guard: 'needsEmail',
              target: 'needsEmail',
              actions: ['takeLoaded', 'handToSession', 'clearFields', 'goSetEmail'],
            },
            { target: 'loggedIn', actions: ['takeLoaded', 'handToSession', 'clearFields', 'finish'] },
          ],
          onError: [
            { guard: 'viaProvider', target: 'provider.failed', actions: 'showFailure' },
            { target: 'editing', actions: ['showFailure', 'forgetPassword'] },
          ],
        },
      },
      needsEmail: {
        description: 'Logged in without a real email: on to /user/set-email-address.',
        type: 'final',
      },
      loggedIn: { description: 'Logged in and reloaded.', type: 'final' },
      provider: {
        description: "The identity provider's login (Auth0 in the spec; the sandbox provider offline).",
        initial: 'idle',
        states: {
          idle: {
            description: 'A button that starts the redirect.',
            on: {
              'login.submit': [
                { guard: 'cookiesOff', target: 'failed', actions: 'showProviderCookies' },
                { target: 'redirecting', actions: 'clearError' },
              ],
            },
          },
          redirecting: {
            description: 'Going to the provider (the page leaves).',
            invoke: {
              src: 'startProviderLogin',
              id: 'startProviderLogin',
              input: providerLoginInput,
              onError: { target: 'failed', actions: 'showProviderInitFailed' },
            },
          },
          completing: {
            description: 'Back from the provider: check the state and exchange the code for the ID token.',
            invoke: {
              src: 'completeProviderLogin',
              id: 'completeProviderLogin',
              onDone: { target: '#login.submitting', actions: 'takeProviderResult' },
              onError: [
                { guard: 'isInvalidState', target: 'invalidState', actions: 'recordFailure' },
                { guard: 'isProviderCookies', target: 'failed', actions: 'showProviderCookies' },
                { target: 'failed', actions: 'showProviderInitFailed' },
              ],
            },
          },
          invalidState: {
            description: 'The provider’s answer does not match a login started here: go back after 5 s.',
            after: { invalidStateDelay: { target: 'failed', actions: ['showProviderInitFailed', 'goBack'] } },
          },
          failed: {
            description: 'The provider login failed: the message, and the button to try again.',
            on: {
              'login.submit': [
                { guard: 'cookiesOff', target: 'failed', actions: 'showProviderCookies' },
                { target: 'redirecting', actions: 'clearError' },
              ],
            },
          },
        },
      },
    },
  });

export type LoginMachine = typeof loginMachine;
