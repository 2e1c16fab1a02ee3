/**
 * Set email address's independent transition table (issue 29; setEmail.table.test.ts holds the machine to it),
 * written from spec 3 §2 "Set email address page" ('Update Email address': the new email and its re-entry,
 * 'Update & Continue'), §5 (the domain must contain a dot, else 'Email address is not valid.'; the addresses must
 * match case-insensitively, 'Email addresses must match.'; a 409 gives 'Another user account is using {email}.
 * …'), §9 (email max 254), spec 2 §5 (email: required, type email, max 254), §8 (the generic message) and issue
 * 18 (a new address takes effect only once the link mailed to it is opened), not read from the machine:
 *
 * - editing: Update & Continue checks both fields trimmed; with no error the address (trimmed) is saved, the last
 *   errors cleared; with any, every field's error is shown, nothing typed lost, and the refusal counted (the
 *   view's errorVersion refocuses on it).
 * - saving: the account's email after the save already is the typed one (case aside): done, the member goes on.
 *   Otherwise a link went to the new address: 'check your inbox' names it, and Continue goes on. A refusal goes
 *   back to the form with its message (409: the address named trimmed), counted.
 *
 * Where the spec is silent the table follows the code's documented reading: typing a field clears that field's
 * error only (the other's and the form's message stay until the next submit); a refused submit leaves the last
 * save's message as it was; typing, submit and Continue are ignored while saving; the texts of 'required', 'too
 * long', a member-ID login's limited session and too many attempts are ours (the domain's catalogue); another
 * refusal shows the server's description of a spec code, else the generic message.
 */
import { CODE_INFO, isErrorCode } from '../../domain/codes';
import type { SaveEmailOutput, SetEmailContext, SetEmailEvent } from '../../machines/setEmail/types';
import type { Message } from '../../machines/shared/messages';
import type { EventSample, Table, World } from './transition-table';

type C = SetEmailContext;
interface Err {
  code: string;
  status?: number;
  description?: string;
}
type E =
  | SetEmailEvent
  | { type: 'xstate.done.actor.saveEmail'; output?: SaveEmailOutput }
  | { type: 'xstate.error.actor.saveEmail'; error: unknown };
type S = 'editing' | 'saving' | 'sent' | 'saved';

// ---- the oracle (spec 3 §5, §9; spec 2 §5) -----------------------------------------------------------------

const MAX = 254;
const m = (key: string, params?: Record<string, string | number>): Message =>
  (params ? { key, params } : { key }) as Message;
const trim = (typed: string) => typed.replace(/^\s+|\s+$/g, '');
/** The HTML standard's valid e-mail address (what `type="email"` accepts). */
const HTML_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** Spec 3 §5: besides, the domain must contain a dot. */
const validEmail = (email: string) => HTML_EMAIL.test(email) && (email.split('@')[1] ?? '').includes('.');

/** Every field's error of a submit, as the spec states them. */
export function errorsOf(c: C): C['fieldErrors'] {
  const email = trim(c.email);
  const errors: C['fieldErrors'] = {};
  if (email === '') errors.email = m('emailRequired');
  else if (email.length > MAX) errors.email = m('emailTooLong', { max: MAX });
  else if (!validEmail(email)) errors.email = m('emailNotValid');
  if (email.toLowerCase() !== trim(c.confirm).toLowerCase()) errors.confirm = m('emailsMustMatch');
  return errors;
}
const valid = (c: C) => Object.keys(errorsOf(c)).length === 0;

const asErr = (error: unknown): Err =>
  typeof error === 'object' && error !== null && typeof (error as Err).code === 'string'
    ? (error as Err)
    : { code: 'unexpected' };
/**
 * Spec 3 §5: a 409 names the address (trimmed); with none typed, the same text naming no address (ours: never
 * 'is using .'); the rest ours or the generic message (spec 3 §8).
 */
export function saveMessage(error: unknown, typed: string): Message {
  const e = asErr(error);
  if (e.code === 'email_in_use' || e.status === 409)
    return trim(typed) ? m('emailInUse', { email: trim(typed) }) : m('emailInUseUnnamed');
  if (e.code === 'limited_session') return m('limitedSession');
  if (e.code === 'too_many_attempts') return m('tooManyAttempts');
  const description = typeof e.description === 'string' && trim(e.description) ? e.description : null;
  if (description && isErrorCode(e.code) && CODE_INFO[e.code].origin === 'spec')
    return m('errorDescription', { description });
  return m('errorUnexpectedLater');
}

export const table: Table<C, E, S> = {
  initial: 'editing',
  states: {
    editing: {},
    saving: { entry: { calls: (c) => [{ invoke: 'saveEmail', input: { email: trim(c.email) } }] } },
    sent: {},
    saved: { final: true, entry: { calls: () => [{ action: 'continue' }] } },
  },
  on: {
    'field.change': {
      editing: [
        {
          target: null,
          effect: (c, e) => {
            const fieldErrors = { ...c.fieldErrors };
            delete fieldErrors[e.name];
            return { [e.name]: e.value, fieldErrors };
          },
        },
      ],
    },
    submit: {
      editing: [
        {
          label: 'valid: saved',
          when: (c) => valid(c),
          target: 'saving',
          effect: () => ({ fieldErrors: {}, formError: null }),
        },
        {
          label: 'refused: every error, nothing lost',
          target: null,
          // Ours (the spec is silent): the last save's message goes, as on the account pages (stop 42).
          effect: (c) => ({ formError: null, fieldErrors: errorsOf(c), refusals: c.refusals + 1 }),
        },
      ],
    },
    'xstate.done.actor.saveEmail': {
      saving: [
        {
          label: 'the account’s already: on',
          when: (c, e) =>
            typeof e.output?.email === 'string' &&
            e.output.email.toLowerCase() === trim(c.email).toLowerCase(),
          target: 'saved',
        },
        {
          label: 'a link sent: check your inbox',
          target: 'sent',
          effect: (c) => ({ sentTo: trim(c.email) }),
        },
      ],
    },
    'xstate.error.actor.saveEmail': {
      saving: [
        {
          target: 'editing',
          effect: (c, e) => ({ formError: saveMessage(e.error, c.email), refusals: c.refusals + 1 }),
        },
      ],
    },
    continue: { sent: [{ target: 'saved' }] },
  },
};

// ---- worlds and events ---------------------------------------------------------------------------------------

const base = (over: Partial<C>): C => ({
  email: '',
  confirm: '',
  fieldErrors: {},
  formError: null,
  refusals: 0,
  sentTo: null,
  ...over,
});
const long = `${'a'.repeat(243)}@example.com`; // 255 characters
const longest = long.slice(1); // 254

export const worlds: World<C>[] = [
  { name: 'nothing typed', context: base({}) },
  {
    name: 'good, in other case and spaces, after a refused try and a 409',
    context: base({
      email: ' Ada@Example.com ',
      confirm: '\tada@example.COM',
      fieldErrors: { confirm: m('emailsMustMatch') },
      formError: m('emailInUse', { email: 'ada@example.com' }),
      refusals: 2,
    }),
  },
  { name: 'the longest address (254)', context: base({ email: longest, confirm: longest.toUpperCase() }) },
  { name: 'one character too long (255)', context: base({ email: long, confirm: long }) },
  { name: 'a domain without a dot', context: base({ email: 'ada@localhost', confirm: 'ada@localhost' }) },
  {
    name: 'a space inside, the errors of both fields shown',
    context: base({
      email: 'ada lovelace@example.com',
      confirm: 'ada lovelace@example.com',
      fieldErrors: { email: m('emailRequired'), confirm: m('emailsMustMatch') },
    }),
  },
  { name: 'two at-signs', context: base({ email: 'ada@b@example.com', confirm: 'ada@b@example.com' }) },
  { name: 'addresses that differ', context: base({ email: 'ada@example.com', confirm: 'bob@example.com' }) },
  {
    name: 'addresses that differ, after a 409',
    context: base({
      email: 'ada@example.com',
      confirm: 'bob@example.com',
      formError: m('emailInUse', { email: 'ada@example.com' }),
      refusals: 1,
    }),
  },
  {
    name: 'only the re-entry typed',
    context: base({ email: '   ', confirm: 'ada@example.com', refusals: 1 }),
  },
  { name: 'only spaces in both', context: base({ email: '  ', confirm: ' ' }) },
  {
    name: 'a link sent to a new address',
    context: base({ email: 'new@example.com', confirm: 'NEW@example.com', sentTo: 'new@example.com' }),
  },
];

const err = (code: string, status?: number, description?: string): Err => ({
  code,
  ...(status === undefined ? {} : { status }),
  ...(description === undefined ? {} : { description }),
});
const saved = (output?: SaveEmailOutput): E => ({ type: 'xstate.done.actor.saveEmail', output });
const refused = (error: unknown): E => ({ type: 'xstate.error.actor.saveEmail', error });

export const events: EventSample<E>[] = [
  { name: 'email typed', event: { type: 'field.change', name: 'email', value: ' bob@example.com' } },
  { name: 'email cleared', event: { type: 'field.change', name: 'email', value: '' } },
  { name: 're-entry typed', event: { type: 'field.change', name: 'confirm', value: 'BOB@example.com ' } },
  { name: 'submit', event: { type: 'submit' } },
  { name: 'continue', event: { type: 'continue' } },
  {
    name: 'saved: the account has the typed address (in its case)',
    event: saved({ email: 'ada@example.com' }),
  },
  { name: 'saved: the account has the new one', event: saved({ email: 'new@example.com' }) },
  { name: 'saved: the account keeps its old address', event: saved({ email: 'old@example.com' }) },
  { name: 'saved: the account had no address', event: saved({ email: null }) },
  { name: 'saved: nothing said', event: saved() },
  { name: 'refused: email_in_use 409', event: refused(err('email_in_use', 409)) },
  { name: 'refused: a 409 of another code', event: refused(err('conflict', 409)) },
  { name: 'refused: email_in_use without a status', event: refused(err('email_in_use')) },
  { name: 'refused: limited session', event: refused(err('limited_session', 403)) },
  { name: 'refused: too many attempts', event: refused(err('too_many_attempts', 429)) },
  { name: 'refused: a spec code described', event: refused(err('not_found', 404, 'No such user.')) },
  { name: 'refused: a spec code, a blank description', event: refused(err('not_found', 404, ' ')) },
  { name: 'refused: an unknown code described', event: refused(err('boom', 500, 'Stack trace')) },
  { name: 'refused: a network error', event: refused(new TypeError('Failed to fetch')) },
];
