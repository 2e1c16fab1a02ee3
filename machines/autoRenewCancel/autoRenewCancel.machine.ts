/**
 * Cancel auto-renew (spec 3 §2 "Cancel auto-renew page", §4 "Auto-renew", §8 "Auto-renew"): the order's
 * membership is loaded; enrolled (scheduled) shows the title, body text and a confirm-unenrolment button;
 * confirming unenrols it (DELETE ticket_order/{id}/auto_renew) and the confirmation names the level and its
 * valid-to date with Done; after success the member is reloaded when logged in. Any other state shows a
 * warning: 'not enrolled' when logged in, 'not authenticated' otherwise. Cancel goes back one step.
 *
 * No I/O: `loadMembership` and `cancelAutoRenew` are provided by the route; `goBack`, `finish` and
 * `reloadMember` are injected.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorOf } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import { autoRenewErrorMessage, autoRenewPage, isAuthError } from './rules';
import type {
  AutoRenewCancelContext,
  AutoRenewCancelEvent,
  AutoRenewCancelInput,
  CancelAutoRenewInput,
  LoadMembershipInput,
  LoadMembershipOutput,
} from './types';

/** What the load answered (nothing: no membership, not logged in). */
function loadedOf(event: AutoRenewCancelEvent): LoadMembershipOutput {
  assertEvent(event, 'xstate.done.actor.loadMembership');
  return event.output ?? { membership: null, loggedIn: false };
}

export function initialAutoRenewCancelContext({
  input,
}: {
  input: AutoRenewCancelInput;
}): AutoRenewCancelContext {
  return { ticketOrderId: input.ticketOrderId, membership: null, loggedIn: false, error: null };
}
export function ticketOrderInput({
  context,
}: {
  context: AutoRenewCancelContext;
}): LoadMembershipInput & CancelAutoRenewInput {
  return { ticketOrderId: context.ticketOrderId };
}

export const autoRenewCancelMachine = setup({
  types: {
    context: {} as AutoRenewCancelContext,
    events: {} as AutoRenewCancelEvent,
    input: {} as AutoRenewCancelInput,
  },
  actors: {
    loadMembership: fromPromise<LoadMembershipOutput, LoadMembershipInput>(notProvided('loadMembership')),
    cancelAutoRenew: fromPromise<unknown, CancelAutoRenewInput>(notProvided('cancelAutoRenew')),
  },
  actions: {
    /** Injected: back one step (history). */
    goBack: () => {},
    /** Injected: Done after the confirmation. */
    finish: () => {},
    /** Injected: the session reloads the member (GET my/user, GET my/membership). */
    reloadMember: () => {},
    storeMembership: assign(({ event }) => {
      const loaded = loadedOf(event);
      return { membership: loaded.membership, loggedIn: loaded.loggedIn, error: null };
    }),
    markCancelled: assign(({ context }) => ({
      membership: context.membership ? { ...context.membership, autoRenewState: 'cancelled' } : null,
      error: null,
    })),
    showError: assign({ error: ({ event }) => autoRenewErrorMessage(errorOf(event)) }),
    clearError: assign({ error: null }),
  },
  guards: {
    loadedEnrolled: ({ event }) => {
      const loaded = loadedOf(event);
      return autoRenewPage(loaded.membership, loaded.loggedIn) === 'enrolled';
    },
    loadedLoggedIn: ({ event }) => loadedOf(event).loggedIn,
    authError: ({ event }) => isAuthError(errorOf(event)),
    loggedIn: ({ context }) => context.loggedIn,
  },
}).createMachine({
  id: 'autoRenewCancel',
  description:
    "Cancel auto-renew: enrolled memberships confirm unenrolment; others warn 'not enrolled' or 'not authenticated'.",
  context: initialAutoRenewCancelContext,
  initial: 'loading',
  states: {
    loading: {
      description: 'The membership of the order is loaded (GET ticket_order/{ticketOrderId}).',
      invoke: {
        id: 'loadMembership',
        src: 'loadMembership',
        input: ticketOrderInput,
        onDone: [
          { guard: 'loadedEnrolled', target: 'enrolled', actions: 'storeMembership' },
          { guard: 'loadedLoggedIn', target: 'notEnrolled', actions: 'storeMembership' },
          { target: 'notAuthenticated', actions: 'storeMembership' },
        ],
        onError: [
          { guard: 'authError', target: 'notAuthenticated' },
          { target: 'loadFailed', actions: 'showError' },
        ],
      },
    },
    loadFailed: {
      description: 'The order could not be loaded: its message and a retry.',
      on: { retry: { target: 'loading', actions: 'clearError' }, cancel: { actions: 'goBack' } },
    },
    enrolled: {
      description: 'Title, body text and the confirm-unenrolment button; Cancel goes back one step.',
      on: {
        confirm: { target: 'cancelling', actions: 'clearError' },
        cancel: { actions: 'goBack' },
      },
    },
    cancelling: {
      description: 'Unenrolling (DELETE ticket_order/{ticketOrderId}/auto_renew); the buttons wait.',
      invoke: {
        id: 'cancelAutoRenew',
        src: 'cancelAutoRenew',
        input: ticketOrderInput,
        onDone: [
          { guard: 'loggedIn', target: 'cancelled', actions: ['markCancelled', 'reloadMember'] },
          { target: 'cancelled', actions: 'markCancelled' },
        ],
        onError: [
          { guard: 'authError', target: 'notAuthenticated', actions: 'showError' },
          { target: 'enrolled', actions: 'showError' },
        ],
      },
    },
    cancelled: {
      description: 'The confirmation names the level and its valid-to date (MMMM D, YYYY), with Done.',
      on: { done: { actions: 'finish' } },
    },
    notEnrolled: {
      description:
        "Logged in, not enrolled: the warning and 'Please contact us to enrol your membership for auto-renew.'",
      on: { cancel: { actions: 'goBack' } },
    },
    notAuthenticated: {
      description: 'Not logged in (or not this membership): the not-authenticated warning.',
      on: { cancel: { actions: 'goBack' } },
    },
  },
});

export type AutoRenewCancelMachine = typeof autoRenewCancelMachine;
