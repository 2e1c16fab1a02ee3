/**
 * The member session and its watch (spec 3 §4 "Session end", §6; spec 1 §3 "member state is kept in local
 * storage and shared across tabs").
 *
 * The app-wide actor (systemId `session`, owned by the app root) holding the logged-in member, restored from
 * local storage by the route (versioned, validated). While a member is logged in it checks the readable
 * session-expiry cookie every second (the named delay `sessionCheck` on the injected clock, then the provided
 * `checkSession` actor, which reads the cookie): when it has vanished (expired, or logged out in another
 * tab) the member state is cleared, the membership modal closes (the header menu goes with the member) and
 * the visitor goes home. `session.logout` calls the provided `logout` actor (POST logout, or the external
 * logout URL, identity-provider aware), then clears the member the same way.
 *
 * No I/O and no clock: `checkSession`, `loadMember` and `logout` are provided by the route, and so are the
 * actions `persist` (local storage) and `goHome` (navigation).
 */
import { assertEvent, assign, type EventObject, fromPromise, setup } from 'xstate';
import { toFlowError } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import { SESSION_CHECK_MS } from './rules';
import type { LoadedMember, MemberSession, SessionContext, SessionEvent, SessionInput } from './types';

/** Events for the app's modal stack (machines/modals), sent by system id. */
const CLOSE_MEMBERSHIP_MODAL: EventObject = { type: 'modal.close', name: 'membershipDetails' } as EventObject;

export function initialSessionContext({ input }: { input: SessionInput }): SessionContext {
  return { current: input?.stored ?? null };
}

/** Named input mapper: how the member logged in (the provider's session ends too). */
export function logoutInput({ context }: { context: SessionContext }): { via: MemberSession['via'] | null } {
  return { via: context.current?.via ?? null };
}

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  delays: {
    /** The session-expiry cookie is checked every second (spec 3 §9). */
    sessionCheck: SESSION_CHECK_MS,
  },
  actors: {
    /** Reads the session-expiry cookie: true while the session is on. */
    checkSession: fromPromise<boolean, void>(notProvided('checkSession')),
    /** GET my/user and GET my/membership. */
    loadMember: fromPromise<LoadedMember, void>(notProvided('loadMember')),
    /** POST logout, or the external logout URL; the identity provider's session too when it was used. */
    logout: fromPromise<unknown, { via: MemberSession['via'] | null }>(notProvided('logout')),
  },
  actions: {
    /** Injected: save the member session in local storage (null removes it). */
    persist: (_args, _params: { session: MemberSession | null }) => {},
    /** Injected: go to the home page (the session ended). */
    goHome: () => {},
    takeSession: assign(({ event }) => {
      assertEvent(event, 'session.loggedIn');
      return { current: event.session };
    }),
    takeReloaded: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadMember');
      const fresh = event.output;
      const known = typeof fresh === 'object' && fresh !== null;
      return { current: known && context.current ? { ...context.current, ...fresh } : context.current };
    }),
    clearMember: assign({ current: null }),
  },
  guards: {
    hasMember: ({ context }) => context.current !== null,
    sessionAlive: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.checkSession');
      return event.output === true;
    },
    /** The server says there is no session (401): the session is over. */
    isNoSession: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadMember');
      return toFlowError(event.error).status === 401;
    },
  },
});

export const sessionMachine = sessionSetup
  .extend({
    actions: {
      persistCurrent: sessionSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'persist', params: { session: context.current } });
      }),
      /** The membership modal closes on session end (spec 3 §2 "Modals"). */
      closeMemberModals: sessionSetup.enqueueActions(({ system, enqueue }) => {
        const modals = system.get('modals');
        if (modals) enqueue.sendTo(modals, CLOSE_MEMBERSHIP_MODAL);
      }),
    },
  })
  .createMachine({
    id: 'session',
    description: 'The member session; its end sends the visitor home.',
    context: initialSessionContext,
    initial: 'starting',
    states: {
      starting: {
        description: 'Restore the stored member.',
        always: [{ guard: 'hasMember', target: 'member' }, { target: 'guest' }],
      },
      guest: {
        description: 'No member is logged in.',
        on: {
          'session.loggedIn': { target: 'member', actions: ['takeSession', 'persistCurrent'] },
        },
      },
      member: {
        description: 'A member is logged in.',
        initial: 'watching',
        on: {
          'session.loggedIn': { target: '.watching', actions: ['takeSession', 'persistCurrent'] },
          'session.logout': { target: 'loggingOut' },
        },
        states: {
          watching: {
            description: 'One second to the next check.',
            after: { sessionCheck: { target: 'checking' } },
            on: { 'session.reload': { target: 'reloading' } },
          },
          checking: {
            description: 'Reading the expiry cookie.',
            invoke: {
              src: 'checkSession',
              id: 'checkSession',
              onDone: [
                { guard: 'sessionAlive', target: 'watching' },
                {
                  target: '#session.guest',
                  actions: ['clearMember', 'persistCurrent', 'closeMemberModals', 'goHome'],
                },
              ],
              onError: { target: 'watching' },
            },
          },
          reloading: {
            description: 'Reloading the member.',
            invoke: {
              src: 'loadMember',
              id: 'loadMember',
              onDone: { target: 'watching', actions: ['takeReloaded', 'persistCurrent'] },
              onError: [
                {
                  guard: 'isNoSession',
                  target: '#session.guest',
                  actions: ['clearMember', 'persistCurrent', 'closeMemberModals', 'goHome'],
                },
                { target: 'watching' },
              ],
            },
          },
        },
      },
      loggingOut: {
        description: 'Logging out.',
        tags: ['submitting'],
        invoke: {
          src: 'logout',
          id: 'logout',
          input: logoutInput,
          onDone: {
            target: 'guest',
            actions: ['clearMember', 'persistCurrent', 'closeMemberModals', 'goHome'],
          },
          onError: {
            target: 'guest',
            actions: ['clearMember', 'persistCurrent', 'closeMemberModals', 'goHome'],
          },
        },
      },
    },
  });

export type SessionMachine = typeof sessionMachine;
