/**
 * Reset password's independent transition table (issue 29; passwordReset.table.test.ts holds the machine to it),
 * written from spec 3 §2 "Reset password page", §4 "Password reset", §5 "Password rules", §7 (POST
 * password_reset/validate with the token, answering the identity's email; POST password_reset/reset with the
 * token and the password), §8 "Reset link" and §9, not read from the machine:
 *
 * - the token is validated on load (a link without one, or a blank one, is the 'Invalid Reset Link' at once);
 *   not_found or validate_failed is the invalid link, another failure the generic message and a retry;
 * - 'Create New Password': typing keeps what was typed and drops that field's error; blur shows 'Invalid
 *   password' for a typed password that breaks the rules; submit checks both fields ('Invalid password',
 *   'Passwords must match.') and resets only with a password that passes both;
 * - the reset ends in 'Password Updated', or the invalid link when the token was used or expired meanwhile, or a
 *   message with the form kept.
 *
 * Where the spec is silent the table follows the code's documented reading, each said where it is written: a 404
 * of any code reads as the invalid link too; too many attempts has its own text; an empty password is not judged
 * on blur, and its error stays (a refused submit's 'Invalid password' is not hidden by tabbing on; ours, stop 42); a refused submit keeps the last reset's message; every
 * refusal (a refused submit, a failed reset) counts up the version the view refocuses on, a failed load does not.
 */

import type {
  PasswordResetContext,
  PasswordResetEvent,
  PasswordResetInput,
  ValidateTokenOutput,
} from '../../machines/passwordReset/types';
import type { Message } from '../../machines/shared/messages';
import type { EventSample, Row, Table, World } from './transition-table';

type C = PasswordResetContext;
interface Err {
  code?: string;
  status?: number;
}
type E =
  | PasswordResetEvent
  | { type: 'xstate.done.actor.validateToken'; output?: ValidateTokenOutput }
  | { type: 'xstate.error.actor.validateToken'; error?: Err }
  | { type: 'xstate.done.actor.resetPassword'; output?: unknown }
  | { type: 'xstate.error.actor.resetPassword'; error?: Err };
type S =
  | 'checkingLink'
  | 'validating'
  | 'validationFailed'
  | 'editing'
  | 'resetting'
  | 'updated'
  | 'invalidLink';

/* ---------------------------------------------------------------- the oracle, from spec 3 §5, §8, §9 */

const msg = (key: string): Message => ({ key }) as Message;

/** Spec 3 §5, §9: 8 to 254 characters, no edge whitespace, printable ASCII only, 3 of the 4 classes. */
export function specValid(p: string): boolean {
  if (p.length < 8 || p.length > 254) return false;
  if (p !== p.trim()) return false;
  for (const ch of p) if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) > 0x7e) return false;
  const classes = [/[A-Z]/.test(p), /[a-z]/.test(p), /[0-9]/.test(p), /[^A-Za-z0-9]/.test(p)];
  return classes.filter(Boolean).length >= 3;
}

/** Spec 3 §5: the submit's field errors. */
function submitErrors(c: C): C['fieldErrors'] {
  const errors: C['fieldErrors'] = {};
  if (!specValid(c.password)) errors.password = msg('invalidPassword');
  if (c.password !== c.confirm) errors.confirm = msg('passwordsMustMatch');
  return errors;
}
const formValid = (c: C) => specValid(c.password) && c.password === c.confirm;

/** Spec 3 §8: not_found or validate_failed is the invalid link (the code's reading: any 404 too). */
const invalidLink = (e: Err | undefined) =>
  e?.code === 'not_found' || e?.code === 'validate_failed' || e?.status === 404;
/** Spec 3 §8: the generic message (the domain catalogue's reading: too many attempts its own text). */
const failure = (e: Err | undefined) =>
  msg(e?.code === 'too_many_attempts' ? 'tooManyAttempts' : 'errorUnexpectedLater');

const validate = (c: C) => [{ invoke: 'validateToken', input: { token: c.token } }];
const reset = (c: C) => [{ invoke: 'resetPassword', input: { token: c.token, password: c.password } }];

const errorRows = (fallback: S): Row<C, { error?: Err }>[] => [
  { label: 'the invalid link', when: (_c, e) => invalidLink(e.error), target: 'invalidLink' },
  fallback === 'validationFailed'
    ? { label: 'a retry', target: 'validationFailed', effect: (_c, e) => ({ formError: failure(e.error) }) }
    : {
        label: 'the form kept, a message',
        target: 'editing',
        effect: (c, e) => ({ formError: failure(e.error), refusals: c.refusals + 1 }),
      },
];

export const table: Table<C, E, S> = {
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [
        { label: 'a token: validate it', when: (c) => c.token !== null, target: 'validating' },
        { label: 'no token: invalid', target: 'invalidLink' },
      ],
    },
    validating: { entry: { calls: validate } },
    validationFailed: {},
    editing: {},
    resetting: { entry: { calls: reset } },
    updated: { final: true },
    invalidLink: {},
  },
  on: {
    'xstate.done.actor.validateToken': {
      validating: [{ target: 'editing', effect: (_c, e) => ({ email: e.output?.email ?? null }) }],
    },
    'xstate.error.actor.validateToken': { validating: errorRows('validationFailed') },
    retry: { validationFailed: [{ target: 'validating', effect: () => ({ formError: null }) }] },
    'field.change': {
      editing: [
        {
          target: null,
          effect: (c, e) => {
            const { [e.name]: _gone, ...fieldErrors } = c.fieldErrors;
            return { [e.name]: e.value, fieldErrors };
          },
        },
      ],
    },
    'password.blur': {
      editing: [
        {
          target: null,
          effect: (c) => {
            if (c.password === '') return {};
            const { password: _gone, ...rest } = c.fieldErrors;
            const judged = !specValid(c.password);
            return { fieldErrors: judged ? { ...rest, password: msg('invalidPassword') } : rest };
          },
        },
      ],
    },
    submit: {
      editing: [
        {
          label: 'both fields pass: reset',
          when: (c) => formValid(c),
          target: 'resetting',
          effect: () => ({ formError: null, fieldErrors: {} }),
        },
        {
          label: 'refused: the fields’ errors',
          target: null,
          effect: (c) => ({ fieldErrors: submitErrors(c), refusals: c.refusals + 1 }),
        },
      ],
    },
    'xstate.done.actor.resetPassword': { resetting: [{ target: 'updated' }] },
    'xstate.error.actor.resetPassword': { resetting: errorRows('editing') },
  },
};

/* ---------------------------------------------------------------- worlds and events */

export const STRONG = 'Sunflower-42';
const base = (over: Partial<C>): C => ({
  token: 'tok-1',
  email: null,
  password: '',
  confirm: '',
  fieldErrors: {},
  formError: null,
  refusals: 0,
  ...over,
});
/** A password of `n` characters meeting every rule but the length. */
const ofLength = (n: number) => `Aa1${'b'.repeat(n - 3)}`;

export const worlds: World<C>[] = [
  { name: 'nothing typed', context: base({}) },
  {
    name: 'strong and matching, stale errors, an earlier failure',
    context: base({
      token: 'tok-2',
      email: 'ada@example.com',
      password: STRONG,
      confirm: STRONG,
      fieldErrors: { confirm: msg('passwordsMustMatch'), password: msg('invalidPassword') },
      formError: msg('errorUnexpectedLater'),
      refusals: 2,
    }),
  },
  {
    name: 'strong, the re-entry differs only in case',
    context: base({
      password: STRONG,
      confirm: STRONG.toLowerCase(),
      fieldErrors: { password: msg('invalidPassword') },
    }),
  },
  {
    name: '8 characters, matching',
    context: base({ password: ofLength(8), confirm: ofLength(8), refusals: 1 }),
  },
  { name: '7 characters, matching', context: base({ password: ofLength(7), confirm: ofLength(7) }) },
  { name: '254 characters, matching', context: base({ password: ofLength(254), confirm: ofLength(254) }) },
  { name: '255 characters, matching', context: base({ password: ofLength(255), confirm: ofLength(255) }) },
  { name: 'a leading space, matching', context: base({ password: ' Abcd-1234', confirm: ' Abcd-1234' }) },
  { name: 'a trailing space, matching', context: base({ password: 'Abcd-1234 ', confirm: 'Abcd-1234 ' }) },
  { name: 'an inner space, matching', context: base({ password: 'Abcd 1234', confirm: 'Abcd 1234' }) },
  { name: 'not ASCII, matching', context: base({ password: 'Äbcd-1234', confirm: 'Äbcd-1234' }) },
  { name: 'a tab inside, matching', context: base({ password: 'Abcd\t1234x', confirm: 'Abcd\t1234x' }) },
  { name: 'two classes, matching', context: base({ password: 'abcdEFGH', confirm: 'abcdEFGH' }) },
  {
    name: 'lower, digit and special, matching',
    context: base({ password: 'abcd-123', confirm: 'abcd-123' }),
  },
  {
    name: 'upper, digit and special, matching',
    context: base({ password: 'ABCD-123', confirm: 'ABCD-123' }),
  },
  {
    name: 'upper, lower and special, matching',
    context: base({ password: 'abcd-EFG', confirm: 'abcd-EFG' }),
  },
  {
    name: 'nothing typed, the re-entry typed, errors shown',
    context: base({
      confirm: STRONG,
      fieldErrors: { password: msg('invalidPassword'), confirm: msg('passwordsMustMatch') },
      refusals: 3,
    }),
  },
];

const err = (code: string, status?: number): Err => (status === undefined ? { code } : { code, status });
const errors: [string, Err | undefined][] = [
  ['not_found (404)', err('not_found', 404)],
  ['not_found (no status)', err('not_found')],
  ['validate_failed (400)', err('validate_failed', 400)],
  ['another code’s 404', err('gone_elsewhere', 404)],
  ['too many attempts (429)', err('too_many_attempts', 429)],
  ['unexpected (502)', err('unexpected', 502)],
  ['a 500 without a code', { status: 500 }],
  ['nothing', undefined],
];

export const events: EventSample<E>[] = [
  {
    name: 'validated: an email',
    event: { type: 'xstate.done.actor.validateToken', output: { email: 'bo@example.com' } },
  },
  {
    name: 'validated: no email',
    event: { type: 'xstate.done.actor.validateToken', output: { email: null } },
  },
  { name: 'validated: no answer', event: { type: 'xstate.done.actor.validateToken' } },
  ...errors.map(([name, error]) => ({
    name: `validation failed: ${name}`,
    event: (error
      ? { type: 'xstate.error.actor.validateToken', error }
      : { type: 'xstate.error.actor.validateToken' }) as E,
  })),
  { name: 'retry', event: { type: 'retry' } },
  { name: 'password typed: strong', event: { type: 'field.change', name: 'password', value: STRONG } },
  { name: 'password typed: weak', event: { type: 'field.change', name: 'password', value: 'password' } },
  { name: 'password cleared', event: { type: 'field.change', name: 'password', value: '' } },
  { name: 'confirm typed', event: { type: 'field.change', name: 'confirm', value: STRONG } },
  { name: 'confirm cleared', event: { type: 'field.change', name: 'confirm', value: '' } },
  { name: 'blur', event: { type: 'password.blur' } },
  { name: 'submit', event: { type: 'submit' } },
  { name: 'reset', event: { type: 'xstate.done.actor.resetPassword', output: { ok: true } } },
  ...errors.map(([name, error]) => ({
    name: `reset failed: ${name}`,
    event: (error
      ? { type: 'xstate.error.actor.resetPassword', error }
      : { type: 'xstate.error.actor.resetPassword' }) as E,
  })),
];

/** The starts (spec 3 §2: the link's token query parameter, trimmed; none, empty or blank is no token). */
export const starts: { name: string; input: PasswordResetInput; context: C }[] = (
  [
    ['a link with a token', 'tok-1', 'tok-1'],
    ['a token with spaces around it (trimmed)', '  tok-9 ', 'tok-9'],
    ['a link without a token', null, null],
    ['an empty token', '', null],
    ['a blank token', '   ', null],
  ] as const
).map(([name, token, kept]) => ({ name, input: { token }, context: base({ token: kept }) }));
