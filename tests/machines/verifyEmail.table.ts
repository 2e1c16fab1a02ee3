/**
 * Verify email address's independent transition table (issue 29; verifyEmail.table.test.ts holds the machine to
 * it), written from issue 18 (an account's email counts only once verified by a link sent to it, single-use and
 * expiring; an email change takes effect when the new address confirms), spec 3 §5 (a 409: 'Another user
 * account is using {email}. …', the text the server sends), §8 (reset links: not_found or validate_failed read
 * as a link that is not valid; the generic message) and §4 (after a change the member is reloaded), not read
 * from the machine:
 *
 * - On load the link's token is spent (no token, or a blank one: an invalid link at once, nothing called).
 * - Spent: 'Email address confirmed', and the route is told (it reloads a logged-in member).
 * - Refused: an unknown, used or expired link (not_found, validate_failed, or any 404) is the invalid link; an
 *   address another account verified meanwhile (email_in_use, or any 409) shows the server's text; anything
 *   else a message and a retry, which spends the link again with the message gone.
 *
 * Where the spec is silent the table follows the code's documented reading (machines/verifyEmail, the domain's
 * verifyEmailOutcome): the invalid link keeps no message of its own (its page has its text); a 409 without a
 * description falls back to the in-use text that names no address (ours: the spec's names one, which this page
 * does not know, and 'is using .' read as a broken sentence); too many attempts have their own text (ours);
 * the invalid link and the address in use are the end of the page (no event leaves them).
 */

import type { Message } from '../../machines/shared/messages';
import type { VerifyEmailContext, VerifyEmailEvent } from '../../machines/verifyEmail/types';
import type { EventSample, Table, World } from './transition-table';

type C = VerifyEmailContext;
interface Err {
  code: string;
  status?: number;
  description?: unknown;
}
type E =
  | VerifyEmailEvent
  | { type: 'xstate.done.actor.verifyToken'; output?: unknown }
  | { type: 'xstate.error.actor.verifyToken'; error: unknown };
type S = 'checkingLink' | 'verifying' | 'failed' | 'verified' | 'invalidLink' | 'emailInUse';

const m = (key: string, params?: Record<string, string>): Message =>
  (params ? { key, params } : { key }) as Message;
const asErr = (error: unknown): Err =>
  typeof error === 'object' && error !== null && typeof (error as Err).code === 'string'
    ? (error as Err)
    : { code: 'unexpected' };
const invalidLink = (error: unknown) => {
  const e = asErr(error);
  return e.code === 'not_found' || e.code === 'validate_failed' || e.status === 404;
};
const inUse = (error: unknown) => {
  const e = asErr(error);
  return e.code === 'email_in_use' || e.status === 409;
};
/** Spec 3 §5: the server's 409 text (it names the address); without one, the in-use text. */
export function inUseMessage(error: unknown): Message {
  const { description } = asErr(error);
  return typeof description === 'string' && description.trim() !== ''
    ? m('errorDescription', { description })
    : m('emailInUseUnnamed');
}
/** Too many attempts (ours), else spec 3 §8's generic message. */
export const failureMessage = (error: unknown): Message =>
  asErr(error).code === 'too_many_attempts' ? m('tooManyAttempts') : m('errorUnexpectedLater');

export const table: Table<C, E, S> = {
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [
        { label: 'a token: spend it', when: (c) => c.token !== null, target: 'verifying' },
        { label: 'no token: invalid', target: 'invalidLink' },
      ],
    },
    verifying: { entry: { calls: (c) => [{ invoke: 'verifyToken', input: { token: c.token } }] } },
    failed: {},
    verified: { final: true, entry: { calls: () => [{ action: 'verified' }] } },
    invalidLink: {},
    emailInUse: {},
  },
  on: {
    'xstate.done.actor.verifyToken': { verifying: [{ target: 'verified' }] },
    'xstate.error.actor.verifyToken': {
      verifying: [
        { label: 'invalid link', when: (_c, e) => invalidLink(e.error), target: 'invalidLink' },
        {
          label: 'the address in use',
          when: (_c, e) => inUse(e.error),
          target: 'emailInUse',
          effect: (_c, e) => ({ formError: inUseMessage(e.error) }),
        },
        { label: 'a retry', target: 'failed', effect: (_c, e) => ({ formError: failureMessage(e.error) }) },
      ],
    },
    retry: { failed: [{ target: 'verifying', effect: () => ({ formError: null }) }] },
  },
};

export const IN_USE =
  'Another user account is using ada@example.com. Please contact us if you need to merge multiple user accounts.';

export const worlds: World<C>[] = [
  { name: 'a link, nothing wrong yet', context: { token: 'tok-1', formError: null } },
  {
    name: 'another link, after a failure',
    context: { token: 'tok-2', formError: m('errorUnexpectedLater') },
  },
];

const refused = (error: unknown): E => ({ type: 'xstate.error.actor.verifyToken', error });

export const events: EventSample<E>[] = [
  { name: 'spent', event: { type: 'xstate.done.actor.verifyToken', output: undefined } },
  { name: 'spent, an answer', event: { type: 'xstate.done.actor.verifyToken', output: { email: 'a@b.co' } } },
  { name: 'refused: not_found (400)', event: refused({ code: 'not_found', status: 400 }) },
  { name: 'refused: validate_failed (400)', event: refused({ code: 'validate_failed', status: 400 }) },
  { name: 'refused: a 404 of another code', event: refused({ code: 'unexpected', status: 404 }) },
  {
    name: 'refused: a 404 of email_in_use (the link first)',
    event: refused({ code: 'email_in_use', status: 404, description: IN_USE }),
  },
  {
    name: 'refused: email_in_use 409, the server’s text',
    event: refused({ code: 'email_in_use', status: 409, description: IN_USE }),
  },
  { name: 'refused: email_in_use (400), no text', event: refused({ code: 'email_in_use', status: 400 }) },
  {
    name: 'refused: a 409 of another code, a blank text',
    event: refused({ code: 'conflict', status: 409, description: '  ' }),
  },
  { name: 'refused: too many attempts', event: refused({ code: 'too_many_attempts', status: 429 }) },
  {
    name: 'refused: a 502, described',
    event: refused({ code: 'unexpected', status: 502, description: 'Bad gateway' }),
  },
  { name: 'refused: no status', event: refused({ code: 'unexpected' }) },
  { name: 'refused: a network error', event: refused(new TypeError('Failed to fetch')) },
  { name: 'retry', event: { type: 'retry' } },
];
