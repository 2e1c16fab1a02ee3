/**
 * The email-submit pages' independent transition table (issue 29; emailSubmit.table.test.ts holds the machine to
 * it), written from spec 3 §2 "Email-submit pages (resend, forgot membership, forgot password)", §7 (POST
 * ticket_order/resend, POST password_reset/request: a body of the email), §8 "Email-submit" and §9, not read
 * from the machine:
 *
 * - the email field is required, of type email and at most 254 characters; a submit that breaks a rule is
 *   refused with the field's error and nothing is sent; what was typed is kept (also after an error);
 * - a valid submit sends the address (the route picks the call by the page); sent shows the page's sent text;
 * - a 404 is resend's own 'No orders could be found for this email address.', and on the forgot pages counts as
 *   sent; any other failure the generic 'Sorry, something unexpected happened. Please try again later.' with the
 *   form kept.
 *
 * Where the spec is silent the table follows the code's documented reading, each said where it is written: the
 * address is judged and sent trimmed (and its length counted trimmed); type email is the HTML standard's valid
 * e-mail address with a dot in the domain (domain/email.ts: the server's rule too); the length error names its
 * limit; a 404 is a 404 status or a not_found code; the forgot pages have their own text for too many attempts;
 * a refused submit drops the last try's message; every refusal (a refused submit, a failed send) counts up the
 * version the view refocuses on; typing drops the field's error but keeps the last try's message.
 */
import type {
  EmailSubmitContext,
  EmailSubmitEvent,
  EmailSubmitInput,
} from '../../machines/emailSubmit/types';
import type { Message } from '../../machines/shared/messages';
import type { EventSample, Table, World } from './transition-table';

type C = EmailSubmitContext;
interface Err {
  code?: string;
  status?: number;
}
type E =
  | EmailSubmitEvent
  | { type: 'xstate.done.actor.submitEmail'; output?: unknown }
  | { type: 'xstate.error.actor.submitEmail'; error?: Err };
type S = 'editing' | 'submitting' | 'sent';

/* ---------------------------------------------------------------- the oracle, from spec 3 §2, §8, §9 */

const msg = (key: string, params?: Record<string, number>): Message =>
  (params ? { key, params } : { key }) as Message;

/** The HTML standard's valid e-mail address (type email), with at least one dot in the domain. */
const LABEL = '[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TYPE_EMAIL = new RegExp(`^[A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-]+@${LABEL}(\\.${LABEL})+$`);

/** Spec 3 §2, §9: required, at most 254, type email (judged trimmed). */
export function fieldErrorOf(typed: string): Message | null {
  const email = typed.trim();
  if (email === '') return msg('emailRequired');
  if (email.length > 254) return msg('emailTooLong', { max: 254 });
  return TYPE_EMAIL.test(email) ? null : msg('emailInvalid');
}

const notFound = (e: Err | undefined) => e?.status === 404 || e?.code === 'not_found';
/** Spec 3 §8: the page's message for a failed send that does not count as sent. */
function failure(c: C, e: Err | undefined): Message {
  if (c.kind === 'resend') return msg(notFound(e) ? 'resendNotFound' : 'errorUnexpectedLater');
  return msg(e?.code === 'too_many_attempts' ? 'tooManyAttempts' : 'errorUnexpectedLater');
}
const sentTo = (c: C) => ({ sentTo: c.email.trim() });

export const table: Table<C, E, S> = {
  initial: 'editing',
  states: {
    editing: {},
    submitting: {
      entry: { calls: (c) => [{ invoke: 'submitEmail', input: { kind: c.kind, email: c.email.trim() } }] },
    },
    sent: { final: true },
  },
  on: {
    'email.change': {
      editing: [{ target: null, effect: (_c, e) => ({ email: e.value, fieldError: null }) }],
    },
    submit: {
      editing: [
        {
          label: 'a valid address: sent',
          when: (c) => fieldErrorOf(c.email) === null,
          target: 'submitting',
          effect: () => ({ fieldError: null, formError: null }),
        },
        {
          label: 'refused: the field’s error',
          target: null,
          effect: (c) => ({ fieldError: fieldErrorOf(c.email), formError: null, refusals: c.refusals + 1 }),
        },
      ],
    },
    'xstate.done.actor.submitEmail': { submitting: [{ target: 'sent', effect: sentTo }] },
    'xstate.error.actor.submitEmail': {
      submitting: [
        {
          label: 'a forgot page’s 404: sent',
          when: (c, e) => c.kind !== 'resend' && notFound(e.error),
          target: 'sent',
          effect: sentTo,
        },
        {
          label: 'the form kept, a message',
          target: 'editing',
          effect: (c, e) => ({ formError: failure(c, e.error), refusals: c.refusals + 1 }),
        },
      ],
    },
  },
};

/* ---------------------------------------------------------------- worlds and events */

const base = (over: Partial<C>): C => ({
  kind: 'resend',
  email: '',
  fieldError: null,
  formError: null,
  sentTo: null,
  refusals: 0,
  ...over,
});
/** 254 characters, a valid address. */
const LONGEST = `${'a'.repeat(242)}@example.com`;

export const worlds: World<C>[] = [
  { name: 'resend, nothing typed', context: base({}) },
  {
    name: 'resend, an address, the last try’s message',
    context: base({ email: 'visitor@example.com', formError: msg('resendNotFound'), refusals: 1 }),
  },
  {
    name: 'forgot membership, an address with spaces around it, a stale field error',
    context: base({
      kind: 'forgotMembership',
      email: '  ada@example.com  ',
      fieldError: msg('emailInvalid'),
    }),
  },
  {
    name: 'forgot membership, blank, the last try’s message',
    context: base({
      kind: 'forgotMembership',
      email: '   ',
      formError: msg('errorUnexpectedLater'),
      refusals: 4,
    }),
  },
  {
    name: 'forgot password, no dot in the domain',
    context: base({ kind: 'forgotPassword', email: 'ada@localhost' }),
  },
  { name: 'forgot password, two @', context: base({ kind: 'forgotPassword', email: 'ada@@example.com' }) },
  {
    name: 'forgot password, a space inside',
    context: base({ kind: 'forgotPassword', email: 'ada lovelace@x.org' }),
  },
  {
    name: 'forgot password, 254 characters and a space after',
    context: base({ kind: 'forgotPassword', email: `${LONGEST} `, refusals: 2 }),
  },
  { name: 'resend, 255 characters', context: base({ email: `a${LONGEST}` }) },
  {
    name: 'resend, 255 characters and not an address',
    context: base({ email: `${'a'.repeat(255)}`, fieldError: msg('emailRequired') }),
  },
];

const err = (code: string, status?: number): Err => (status === undefined ? { code } : { code, status });
const errors: [string, Err | undefined][] = [
  ['not_found (404)', err('not_found', 404)],
  ['not_found (no status)', err('not_found')],
  ['another code’s 404', err('no_orders', 404)],
  ['too many attempts (429)', err('too_many_attempts', 429)],
  ['unexpected (500)', err('unexpected', 500)],
  ['a 502 without a code', { status: 502 }],
  ['nothing', undefined],
];

export const events: EventSample<E>[] = [
  { name: 'an address typed', event: { type: 'email.change', value: 'grace@example.com' } },
  { name: 'spaces typed', event: { type: 'email.change', value: ' ' } },
  { name: 'the field cleared', event: { type: 'email.change', value: '' } },
  { name: 'submit', event: { type: 'submit' } },
  { name: 'sent', event: { type: 'xstate.done.actor.submitEmail', output: { ok: true } } },
  { name: 'sent, no answer', event: { type: 'xstate.done.actor.submitEmail' } },
  ...errors.map(([name, error]) => ({
    name: `failed: ${name}`,
    event: (error
      ? { type: 'xstate.error.actor.submitEmail', error }
      : { type: 'xstate.error.actor.submitEmail' }) as E,
  })),
];

/** The starts: each page with nothing typed. */
export const starts: { name: string; input: EmailSubmitInput; context: C }[] = (
  ['resend', 'forgotMembership', 'forgotPassword'] as const
).map((kind) => ({ name: kind, input: { kind }, context: base({ kind }) }));
