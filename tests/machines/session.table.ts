/**
 * The member session's independent transition table (issue 29; session.table.test.ts holds the machine to it),
 * written from spec 3 §4 "Session end", §6 and §9 and spec 1 §3, not read from the machine: a stored member
 * starts watching, else a guest. While a member is logged in the session-expiry cookie is read every second
 * (1,000 ms); a vanished cookie ends the session: the member is cleared, stored as nobody, the visitor goes home.
 * A failed read keeps watching. A reload merges the fresh member and memberships into the session (keeping how
 * they logged in); a 401 ends the session, another failure keeps watching. Logging in (again) takes the new
 * session and restarts the watch; logging out calls the logout port with how the member logged in, then ends
 * the session whatever it answered. Every change of the member is stored.
 */
import type { LoadedMember, MemberSession, SessionContext, SessionEvent } from '../../machines/session/types';
import { AFTER_CHECK, sessions } from '../../stories/fixtures/session';
import type { Call, EventSample, Table, World } from './transition-table';

type C = SessionContext;
type E =
  | SessionEvent
  | { type: typeof AFTER_CHECK }
  | { type: 'xstate.done.actor.checkSession'; output: unknown }
  | { type: 'xstate.error.actor.checkSession'; error: unknown }
  | { type: 'xstate.done.actor.loadMember'; output: unknown }
  | { type: 'xstate.error.actor.loadMember'; error: unknown }
  | { type: 'xstate.done.actor.logout'; output?: unknown }
  | { type: 'xstate.error.actor.logout'; error: unknown };
type S = 'starting' | 'guest' | 'member.watching' | 'member.checking' | 'member.reloading' | 'loggingOut';

/** Spec 3 §9: the cookie is read every second. */
const CHECK_MS = 1_000;
const store = (session: MemberSession | null): Call => ({ action: 'persist', params: { session } });
/** The session ends: nobody is stored, the visitor goes home. */
const ends = {
  target: 'guest',
  effect: () => ({ current: null }),
  calls: () => [store(null), { action: 'goHome' }],
} as const;

export const table: Table<C, E, S> = {
  initial: 'starting',
  states: {
    starting: {
      always: [{ when: (c) => c.current !== null, target: 'member.watching' }, { target: 'guest' }],
    },
    guest: {},
    'member.watching': { entry: { calls: () => [{ after: CHECK_MS, event: AFTER_CHECK }] } },
    'member.checking': { entry: { calls: () => [{ invoke: 'checkSession', input: undefined }] } },
    'member.reloading': { entry: { calls: () => [{ invoke: 'loadMember', input: undefined }] } },
    loggingOut: { entry: { calls: (c) => [{ invoke: 'logout', input: { via: c.current?.via ?? null } }] } },
  },
  on: {
    'session.loggedIn': {
      guest: [
        {
          target: 'member.watching',
          effect: (_c, e) => ({ current: e.session }),
          calls: (_c, e) => [store(e.session)],
        },
      ],
      ...Object.fromEntries(
        (['member.watching', 'member.checking', 'member.reloading'] as const).map((state) => [
          state,
          [
            {
              // member's own transition to '.watching': a watch in progress starts again.
              target: 'member.watching',
              reenter: true,
              effect: (_c: C, e: Extract<E, { type: 'session.loggedIn' }>) => ({ current: e.session }),
              calls: (_c: C, e: Extract<E, { type: 'session.loggedIn' }>) => [store(e.session)],
            },
          ],
        ]),
      ),
    },
    'session.logout': {
      'member.watching': [{ target: 'loggingOut' }],
      'member.checking': [{ target: 'loggingOut' }],
      'member.reloading': [{ target: 'loggingOut' }],
    },
    'session.reload': { 'member.watching': [{ target: 'member.reloading' }] },
    [AFTER_CHECK]: { 'member.watching': [{ target: 'member.checking' }] },
    'xstate.done.actor.checkSession': {
      'member.checking': [
        { label: 'the cookie is there', when: (_c, e) => e.output === true, target: 'member.watching' },
        ends,
      ],
    },
    'xstate.error.actor.checkSession': { 'member.checking': [{ target: 'member.watching' }] },
    'xstate.done.actor.loadMember': {
      'member.reloading': [
        {
          target: 'member.watching',
          effect: (c, e) => {
            const fresh =
              typeof e.output === 'object' && e.output !== null ? (e.output as LoadedMember) : null;
            return { current: fresh && c.current ? { ...c.current, ...fresh } : c.current };
          },
          calls: (_c, _e, after) => [store(after.current)],
        },
      ],
    },
    'xstate.error.actor.loadMember': {
      'member.reloading': [
        {
          label: 'no session (401)',
          when: (_c, e) => (e.error as { status?: number }).status === 401,
          ...ends,
        },
        { target: 'member.watching' },
      ],
    },
    'xstate.done.actor.logout': { loggingOut: [ends] },
    'xstate.error.actor.logout': { loggingOut: [ends] },
  },
};

export const worlds: World<C>[] = [
  { name: 'Ada (credentials, a member)', context: { current: sessions.ada } },
  { name: 'Grace (identity provider, no membership)', context: { current: sessions.grace } },
  { name: 'nobody', context: { current: null } },
];

const fresh: LoadedMember = {
  member: { ...sessions.ada.member, firstName: 'Augusta', email: 'augusta@example.com' },
  memberships: [],
};

export const events: EventSample<E>[] = [
  { name: 'Grace logs in', event: { type: 'session.loggedIn', session: sessions.grace } },
  { name: 'Ada logs in', event: { type: 'session.loggedIn', session: sessions.ada } },
  { name: 'log out', event: { type: 'session.logout' } },
  { name: 'reload', event: { type: 'session.reload' } },
  { name: 'a second passed', event: { type: AFTER_CHECK } },
  { name: 'cookie there', event: { type: 'xstate.done.actor.checkSession', output: true } },
  { name: 'cookie gone', event: { type: 'xstate.done.actor.checkSession', output: false } },
  { name: 'cookie answer not true', event: { type: 'xstate.done.actor.checkSession', output: 'yes' } },
  {
    name: 'cookie read failed',
    event: { type: 'xstate.error.actor.checkSession', error: new Error('blocked') },
  },
  { name: 'member reloaded', event: { type: 'xstate.done.actor.loadMember', output: fresh } },
  { name: 'member reloaded, no answer', event: { type: 'xstate.done.actor.loadMember', output: null } },
  { name: 'member reloaded, a text answer', event: { type: 'xstate.done.actor.loadMember', output: 'ok' } },
  {
    name: 'reload refused: no session',
    event: { type: 'xstate.error.actor.loadMember', error: { code: 'login_required', status: 401 } },
  },
  {
    name: 'reload failed: 500',
    event: { type: 'xstate.error.actor.loadMember', error: { code: 'unexpected', status: 500 } },
  },
  {
    name: 'reload failed: login_required without 401',
    event: { type: 'xstate.error.actor.loadMember', error: { code: 'login_required', status: 403 } },
  },
  { name: 'logged out', event: { type: 'xstate.done.actor.logout' } },
  { name: 'logout failed', event: { type: 'xstate.error.actor.logout', error: { code: 'offline' } } },
];
