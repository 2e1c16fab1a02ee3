/**
 * Reset password (spec 3 §2 "Reset password page", §4 "Password reset: the token is validated on load, then
 * the password is reset, then success", §5, §8). A link without a token, or one validation refuses
 * (not_found, validate_failed), is the 'Invalid Reset Link' outcome; another failure of the validation
 * offers a retry. 'Create New Password' checks the password on blur ('Invalid password') and both fields on
 * submit ('Passwords must match.'); the reset is 'Password Updated', or the invalid link when the token was
 * used or expired meanwhile, or a message with the form kept.
 *
 * No I/O: `validateToken` and `resetPassword` are provided by the route.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorOf } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import { blurError, isInvalidLink, passwordErrors, resetErrorMessage } from './rules';
import type {
  PasswordResetContext,
  PasswordResetEvent,
  PasswordResetInput,
  ResetPasswordInput,
  ValidateTokenInput,
  ValidateTokenOutput,
} from './types';

export function initialPasswordResetContext({ input }: { input: PasswordResetInput }): PasswordResetContext {
  const token = input.token?.trim() ? input.token.trim() : null;
  return { token, email: null, password: '', confirm: '', fieldErrors: {}, formError: null, refusals: 0 };
}
export function validateTokenInput({ context }: { context: PasswordResetContext }): ValidateTokenInput {
  return { token: context.token ?? '' };
}
export function resetPasswordInput({ context }: { context: PasswordResetContext }): ResetPasswordInput {
  return { token: context.token ?? '', password: context.password };
}

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    validateToken: fromPromise<ValidateTokenOutput, ValidateTokenInput>(notProvided('validateToken')),
    resetPassword: fromPromise<unknown, ResetPasswordInput>(notProvided('resetPassword')),
  },
  actions: {
    showLoadError: assign(({ event }) => ({
      formError: resetErrorMessage(errorOf(event)),
    })),
    storeEmail: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.validateToken');
      return { email: event.output?.email ?? null };
    }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.name]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { [event.name]: event.value, fieldErrors };
    }),
    // An empty field is left alone, its error too: the 'Invalid password' a refused submit showed stays until the
    // field changes (focus goes to it after the submit, so tabbing on must not hide the error unfixed).
    checkOnBlur: assign(({ context }) => {
      if (context.password === '') return {};
      const error = blurError(context.password);
      const { password: _cleared, ...rest } = context.fieldErrors;
      return { fieldErrors: error ? { ...rest, password: error } : rest };
    }),
    refuseForm: assign(({ context }) => ({
      fieldErrors: passwordErrors(context.password, context.confirm),
      refusals: context.refusals + 1,
    })),
    startReset: assign({ formError: null, fieldErrors: {} }),
    clearFormError: assign({ formError: null }),
    showError: assign(({ context, event }) => ({
      formError: resetErrorMessage(errorOf(event)),
      refusals: context.refusals + 1,
    })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    formIsValid: ({ context }) => Object.keys(passwordErrors(context.password, context.confirm)).length === 0,
    invalidLink: ({ event }) => isInvalidLink(errorOf(event)),
  },
}).createMachine({
  id: 'passwordReset',
  description:
    'Reset password: validate the link on load; Create New Password; Password Updated, or Invalid Reset Link.',
  context: initialPasswordResetContext,
  initial: 'checkingLink',
  states: {
    checkingLink: {
      description: 'Without a token in the link there is nothing to validate.',
      tags: ['loading'],
      always: [{ guard: 'hasToken', target: 'validating' }, { target: 'invalidLink' }],
    },
    validating: {
      description: 'The token is validated on load.',
      tags: ['loading'],
      invoke: {
        id: 'validateToken',
        src: 'validateToken',
        input: validateTokenInput,
        onDone: { target: 'editing', actions: 'storeEmail' },
        onError: [
          { guard: 'invalidLink', target: 'invalidLink' },
          { target: 'validationFailed', actions: 'showLoadError' },
        ],
      },
    },
    validationFailed: {
      description: 'Validation failed for another reason (network, server): the generic message and a retry.',
      on: { retry: { target: 'validating', actions: 'clearFormError' } },
    },
    editing: {
      description:
        "'Create New Password' with the requirements: 'Invalid password' on blur; 'Passwords must match.' on submit.",
      on: {
        'field.change': { actions: 'changeField' },
        'password.blur': { actions: 'checkOnBlur' },
        submit: [
          { guard: 'formIsValid', target: 'resetting', actions: 'startReset' },
          { actions: 'refuseForm' },
        ],
      },
    },
    resetting: {
      description: 'The new password is being saved; further submits are ignored.',
      tags: ['submitting'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: resetPasswordInput,
        onDone: { target: 'updated' },
        onError: [
          { guard: 'invalidLink', target: 'invalidLink' },
          { target: 'editing', actions: 'showError' },
        ],
      },
    },
    updated: {
      type: 'final',
      description: "'Password Updated' with a Login button.",
    },
    invalidLink: {
      description:
        "'Invalid Reset Link': 'This reset link is not valid. It may have expired.' with 'Send another reset link'.",
    },
  },
});

export type PasswordResetMachine = typeof passwordResetMachine;
