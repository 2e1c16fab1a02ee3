/**
 * Path tests of the member session and its watch: paths built with xstate/graph from the story's events,
 * replayed on a real actor with controlled fake actors and a SimulatedClock, checked at every step against
 * spec 3 §4 "Session end" (checked every second; when the cookie vanishes the member is cleared and the
 * visitor goes home), §3 (the member is kept in local storage: the stored value always equals the member),
 * with an edge-coverage check that every transition was walked.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, fromPromise, SimulatedClock } from 'xstate';
import { appMachine } from '../../machines/app/app.machine';
import { cartMachine } from '../../machines/cart/cart.machine';
import { modalsMachine } from '../../machines/modals/modals.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import type { MemberSession, SessionInput } from '../../machines/session/types';
import { selectSessionView } from '../../machines/session/view';
import {
  AFTER_CHECK,
  inputs,
  pathEvents,
  recordingActions,
  type SessionEffect,
  type SessionSnap,
  sessions,
  T0,
} from '../../stories/fixtures/session';
import { recordCoverage } from './coverage';
import { assertFullCoverage, flush, type ReplayRunner, walkMachinePaths } from './graph-helpers';

/** Spec 3 §9: the session-expiry cookie is checked every second. */
const SPEC_CHECK_MS = 1_000;

interface Live {
  clock: SimulatedClock;
  log: SessionEffect[];
  stored: MemberSession | null;
  wasLoggedIn: boolean;
  homes: number;
  watchingSince: number | null;
  via: MemberSession['via'] | null;
}
let live: Live | null = null;
let currentInput: SessionInput = { stored: null };

const provide = (clock: SimulatedClock) => {
  const log: SessionEffect[] = [];
  live = {
    clock,
    log,
    stored: currentInput.stored,
    wasLoggedIn: currentInput.stored !== null,
    homes: 0,
    watchingSince: currentInput.stored ? clock.now() : null,
    via: currentInput.stored?.via ?? null,
  };
  return recordingActions(log);
};

function onStep(runner: ReplayRunner<typeof sessionMachine>, _expected: SessionSnap, event: EventObject) {
  const s = runner.actor.getSnapshot();
  const state = live as Live;
  const where = `${JSON.stringify(s.value)} after ${event.type}`;
  const current = s.context.current;
  // Plain data, and local storage always holds exactly the member (§3).
  expect(JSON.parse(JSON.stringify(s.context)), where).toEqual(s.context);
  const lastPersist = state.log.filter((e) => e.action === 'persist').at(-1) as
    | Extract<SessionEffect, { action: 'persist' }>
    | undefined;
  if (lastPersist) state.stored = lastPersist.session;
  expect(state.stored, where).toEqual(current);
  // Going from a member to a guest sends the visitor home, once (§4); nothing else does.
  const loggedIn = current !== null;
  if (state.wasLoggedIn && !loggedIn) state.homes++;
  expect(state.log.filter((e) => e.action === 'goHome').length, where).toBe(state.homes);
  state.wasLoggedIn = loggedIn;
  // A vanished cookie ends the session.
  if (event.type === 'xstate.done.actor.checkSession' && (event as { output?: unknown }).output === false)
    expect(s.value, where).toBe('guest');
  // The cookie is read only a whole second after the last look (§9).
  if (event.type === AFTER_CHECK) {
    expect(s.matches({ member: 'checking' }), where).toBe(true);
    expect(runner.clock.now() - (state.watchingSince as number), where).toBe(SPEC_CHECK_MS);
  }
  if (s.matches({ member: 'watching' }) && !s.matches({ member: 'checking' }))
    state.watchingSince = runner.clock.now();
  // Logout tells the provider port how the member logged in.
  if (s.matches('loggingOut')) {
    const call = runner.controls.calls.filter((c) => c.src === 'logout').at(-1);
    expect(call?.input, where).toEqual({ via: state.via });
  }
  state.via = current?.via ?? null;
  // The view: the greeting's name, members, the member button by login method (§2 "Account menu").
  const view = selectSessionView(s, 'password');
  expect(view.loggedIn, where).toBe(loggedIn);
  expect(view.firstName, where).toBe(current?.member.firstName ?? null);
  expect(view.memberButton).toBe('myAccount');
  expect(selectSessionView(s, 'scan_code').memberButton).toBe('membershipDetails');
  expect(view.isMember, where).toBe((current?.memberships.length ?? 0) > 0);
  // The menu's Log out is busy exactly while the logout runs.
  expect(view.loggingOut, where).toBe(s.matches('loggingOut'));
}

describe('session machine paths', () => {
  it('walks every transition on a real actor, checking the session rules at every step (edge coverage)', async () => {
    const taken = new Set<string>();
    let last: Awaited<ReturnType<typeof walkMachinePaths>> | null = null;
    let paths = 0;
    for (const { input } of inputs) {
      currentInput = input;
      last = await walkMachinePaths({
        machine: sessionMachine,
        inputs: [input],
        events: pathEvents,
        provide,
        startTime: T0,
        onStep,
      });
      expect(last.uncoveredEdges).toEqual([]);
      paths += last.paths;
      for (const key of last.taken) taken.add(key);
    }
    const report = last as NonNullable<typeof last>;
    const untaken = report.untakenTransitions.filter(
      (d) => ![...taken].some((key) => d.startsWith(`${key} `)),
    );
    assertFullCoverage({ ...report, uncoveredEdges: [], untakenTransitions: untaken, unusedExclusions: [] });
    recordCoverage('session', { ...report, taken: [...taken].sort() });
    console.info(`session paths: ${paths} paths, ${report.transitions} transitions, all walked`);
  });
});

describe('session end in the app (examples)', () => {
  it('a vanished cookie, one second later on the simulated clock: member cleared, membership modal closed, home', async () => {
    const clock = new SimulatedClock();
    clock.set(T0);
    let alive = true;
    const log: SessionEffect[] = [];
    const session = sessionMachine.provide({
      actors: { checkSession: fromPromise(async () => alive) },
      ...recordingActions(log),
    });
    const cart = cartMachine.provide({ actors: { loadCart: fromPromise(async () => Promise.reject({})) } });
    const app = createActor(appMachine.provide({ actors: { session, cart, modals: modalsMachine } }), {
      input: { storedCartId: null, storedSession: sessions.ada },
      clock,
    }).start();
    const modals = app.system.get('modals');
    modals.send({ type: 'modal.open', name: 'membershipDetails' });
    clock.increment(SPEC_CHECK_MS * 3);
    await flush();
    expect(app.system.get('session').getSnapshot().context.current).toEqual(sessions.ada);
    alive = false;
    clock.increment(SPEC_CHECK_MS - 1);
    await flush();
    expect(app.system.get('session').getSnapshot().context.current).not.toBeNull();
    clock.increment(1);
    await flush();
    expect(app.system.get('session').getSnapshot().context.current).toBeNull();
    expect(log.at(-1)).toEqual({ action: 'goHome' });
    expect(log.filter((e) => e.action === 'persist').at(-1)).toEqual({ action: 'persist', session: null });
    expect(modals.getSnapshot().context.stack).toEqual([
      expect.objectContaining({ name: 'membershipDetails', closing: true }),
    ]);
    app.stop();
  });
});
