/**
 * Cancel auto-renew's independent transition table (issue 29; autoRenewCancel.table.test.ts holds the machine
 * to it), written from spec 3 §2 "Cancel auto-renew page", §4 "Auto-renew" and §8, not read from the machine:
 * the order's membership loads; scheduled is enrolled (the confirm button), anything else 'not enrolled' for a
 * logged-in member and 'not authenticated' otherwise, as is a load refused for want of a session (a
 * login_required code, 401 or 403); another failure shows its message and a retry. Confirming unenrols it; the
 * member is reloaded when logged in; a refusal shows its message (back to the button, or not authenticated).
 * Cancel goes back one step wherever it is offered; Done finishes.
 */
import { outcomeMessage } from '../../domain/error-messages/base';
import { autoRenewOutcome } from '../../domain/error-messages/membership';
import type {
  AutoRenewCancelContext,
  AutoRenewCancelEvent,
  AutoRenewMembership,
  LoadMembershipOutput,
} from '../../machines/autoRenewCancel/types';
import type { EventSample, Table, World } from './transition-table';

type C = AutoRenewCancelContext;
interface Err {
  code: string;
  status?: number;
  description?: string;
}
type E =
  | AutoRenewCancelEvent
  | { type: 'xstate.done.actor.loadMembership'; output?: LoadMembershipOutput }
  | { type: 'xstate.error.actor.loadMembership'; error: Err }
  | { type: 'xstate.done.actor.cancelAutoRenew'; output?: unknown }
  | { type: 'xstate.error.actor.cancelAutoRenew'; error: Err };
type S =
  | 'loading'
  | 'loadFailed'
  | 'enrolled'
  | 'cancelling'
  | 'cancelled'
  | 'notEnrolled'
  | 'notAuthenticated';

const ORDER = 'order-42';
const goBack = { target: null, calls: () => [{ action: 'goBack' }] };
/** Spec 3 §4: refused for want of a session (or of the right one). */
const auth = (e: Err) => e.code === 'login_required' || e.status === 401 || e.status === 403;
/** Spec 3 §8: the auto-renew message of the error (the domain's catalogue, shared with every flow). */
const message = (e: Err) =>
  outcomeMessage(autoRenewOutcome({ code: e.code, description: e.description ?? null }), 'autoRenew');
const loaded = (o: LoadMembershipOutput | undefined) => o ?? { membership: null, loggedIn: false };
const stored = (o: LoadMembershipOutput | undefined) => ({
  membership: loaded(o).membership,
  loggedIn: loaded(o).loggedIn,
  error: null,
});
const unenrolled = (c: C) => ({
  membership: c.membership && { ...c.membership, autoRenewState: 'cancelled' },
  error: null,
});

export const table: Table<C, E, S> = {
  initial: 'loading',
  states: {
    loading: {
      entry: { calls: (c) => [{ invoke: 'loadMembership', input: { ticketOrderId: c.ticketOrderId } }] },
    },
    loadFailed: {},
    enrolled: {},
    cancelling: {
      entry: { calls: (c) => [{ invoke: 'cancelAutoRenew', input: { ticketOrderId: c.ticketOrderId } }] },
    },
    cancelled: {},
    notEnrolled: {},
    notAuthenticated: {},
  },
  on: {
    'xstate.done.actor.loadMembership': {
      loading: [
        {
          label: 'scheduled: enrolled',
          when: (_c, e) => loaded(e.output).membership?.autoRenewState === 'scheduled',
          target: 'enrolled',
          effect: (_c, e) => stored(e.output),
        },
        {
          label: 'logged in: not enrolled',
          when: (_c, e) => loaded(e.output).loggedIn,
          target: 'notEnrolled',
          effect: (_c, e) => stored(e.output),
        },
        { target: 'notAuthenticated', effect: (_c, e) => stored(e.output) },
      ],
    },
    'xstate.error.actor.loadMembership': {
      loading: [
        { when: (_c, e) => auth(e.error), target: 'notAuthenticated' },
        { target: 'loadFailed', effect: (_c, e) => ({ error: message(e.error) }) },
      ],
    },
    'xstate.done.actor.cancelAutoRenew': {
      cancelling: [
        {
          when: (c) => c.loggedIn,
          target: 'cancelled',
          effect: unenrolled,
          calls: () => [{ action: 'reloadMember' }],
        },
        { target: 'cancelled', effect: unenrolled },
      ],
    },
    'xstate.error.actor.cancelAutoRenew': {
      cancelling: [
        {
          when: (_c, e) => auth(e.error),
          target: 'notAuthenticated',
          effect: (_c, e) => ({ error: message(e.error) }),
        },
        { target: 'enrolled', effect: (_c, e) => ({ error: message(e.error) }) },
      ],
    },
    retry: { loadFailed: [{ target: 'loading', effect: () => ({ error: null }) }] },
    confirm: { enrolled: [{ target: 'cancelling', effect: () => ({ error: null }) }] },
    cancel: { loadFailed: [goBack], enrolled: [goBack], notEnrolled: [goBack], notAuthenticated: [goBack] },
    done: { cancelled: [{ target: null, calls: () => [{ action: 'finish' }] }] },
  },
};

const level = (autoRenewState: string): AutoRenewMembership => ({
  levelName: 'Family',
  validTo: '2027-06-30T23:59:59-04:00',
  autoRenewState,
});
const oldError = outcomeMessage(autoRenewOutcome({ code: 'unexpected', description: null }), 'autoRenew');

export const worlds: World<C>[] = [
  {
    name: 'enrolled, logged in',
    context: { ticketOrderId: ORDER, membership: level('scheduled'), loggedIn: true, error: null },
  },
  {
    name: 'enrolled, a guest, an earlier error',
    context: { ticketOrderId: ORDER, membership: level('scheduled'), loggedIn: false, error: oldError },
  },
  {
    name: 'nothing loaded',
    context: { ticketOrderId: ORDER, membership: null, loggedIn: false, error: null },
  },
  {
    name: 'not enrolled, logged in, an error',
    context: { ticketOrderId: 'order-7', membership: level('active'), loggedIn: true, error: oldError },
  },
];

const err = (code: string, status?: number): Err => (status === undefined ? { code } : { code, status });
const errors: [string, Err][] = [
  ['login required (500)', err('login_required', 500)],
  ['a 401', err('session_gone', 401)],
  ['a 403', err('forbidden', 403)],
  ['not enrolled (400)', err('auto_renew_not_enrolled', 400)],
  ['unexpected (500)', err('unexpected', 500)],
];

export const events: EventSample<E>[] = [
  ...(
    [
      ['scheduled, logged in', { membership: level('scheduled'), loggedIn: true }],
      ['scheduled, a guest', { membership: level('scheduled'), loggedIn: false }],
      ['cancelled, logged in', { membership: level('cancelled'), loggedIn: true }],
      ['active, a guest', { membership: level('active'), loggedIn: false }],
      ['no membership, a guest', { membership: null, loggedIn: false }],
    ] as const
  ).map(([name, output]) => ({
    name: `loaded: ${name}`,
    event: { type: 'xstate.done.actor.loadMembership', output } as E,
  })),
  { name: 'loaded: nothing', event: { type: 'xstate.done.actor.loadMembership' } },
  ...errors.map(([name, error]) => ({
    name: `load failed: ${name}`,
    event: { type: 'xstate.error.actor.loadMembership', error } as E,
  })),
  { name: 'unenrolled', event: { type: 'xstate.done.actor.cancelAutoRenew', output: undefined } },
  ...errors.map(([name, error]) => ({
    name: `unenrol failed: ${name}`,
    event: { type: 'xstate.error.actor.cancelAutoRenew', error } as E,
  })),
  { name: 'retry', event: { type: 'retry' } },
  { name: 'confirm', event: { type: 'confirm' } },
  { name: 'cancel', event: { type: 'cancel' } },
  { name: 'done', event: { type: 'done' } },
];
