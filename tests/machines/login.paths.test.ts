/**
 * Path tests of the login flow: paths built with xstate/graph from the story's events (every login method,
 * cookies off, a URL identification, the provider's callback), replayed on a real actor with controlled fake
 * actors and a SimulatedClock, and checked at every step against an oracle written here from spec 3 (§2 the
 * fields per mode and their limits, §5 trimmed and required, §8 the failure texts, §4 the provider's 5 s),
 * plus an edge-coverage check that every transition of the machine was walked on a real actor.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject, SimulatedClock } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { loginMachine } from '../../machines/login/login.machine';
import type { LoginFieldName, LoginFields, LoginInput } from '../../machines/login/types';
import { selectLoginView } from '../../machines/login/view';
import {
  errors,
  inputs,
  type LoginEffect,
  type LoginSnap,
  loaded,
  loadedNoEmail,
  pathEvents,
  recordingActions,
  serializeState,
  T0,
} from '../../stories/fixtures/login';
import { recordCoverage } from './coverage';
import {
  assertFullCoverage,
  createReplayRunner,
  flush,
  type ReplayRunner,
  walkMachinePaths,
} from './graph-helpers';

// ---- the oracle (spec 3) ---------------------------------------------------------------------------------

/** §2: the fields of each credentials form. */
const SPEC_FIELDS: Record<string, LoginFieldName[]> = {
  password: ['email', 'password'],
  scan_code: ['memberId', 'zip'],
  scan_code_last_name: ['memberId', 'lastName'],
  scan_code_password: ['memberId', 'email', 'password'],
};
/** §9: email maxlength 100, other fields 50, ZIP 5 digits. */
const specMax = (field: LoginFieldName) => (field === 'email' ? 100 : field === 'zip' ? 5 : 50);
/** §5: trimmed and required; within the limits; the ZIP is 5 digits. */
function specValid(method: string, fields: LoginFields): boolean {
  return (SPEC_FIELDS[method] ?? []).every((name) => {
    const value = fields[name].trim();
    return value !== '' && value.length <= specMax(name) && (name !== 'zip' || /^\d{5}$/.test(value));
  });
}
/** The POST login body the spec's form sends: every field trimmed (spec 3 §2), the password too. */
function specCredentials(method: string, f: LoginFields): Record<string, string> {
  const t = (name: LoginFieldName) => f[name].trim();
  switch (method) {
    case 'password':
      return { mode: method, email: t('email'), password: t('password') };
    case 'scan_code':
      return { mode: method, memberId: t('memberId'), zip: t('zip') };
    case 'scan_code_last_name':
      return { mode: method, memberId: t('memberId'), lastName: t('lastName') };
    default:
      return { mode: method, memberId: t('memberId'), email: t('email'), password: t('password') };
  }
}
/** §8: what a failed POST login shows, by code and method. */
function specFailure(error: { code: string; description?: string | null }, input: LoginInput) {
  if (error.code === 'incorrect_password') return { key: 'incorrectPassword' };
  if (error.code === 'too_many_attempts') return { key: 'tooManyAttempts' };
  if (error.code === 'invalid_credentials' || error.code === 'login_required') {
    if (input.invalidCredentialsMessage)
      return { key: 'errorDescription', params: { description: input.invalidCredentialsMessage } };
    const perMode: Record<string, string> = {
      scan_code: 'memberNotFoundZip',
      scan_code_last_name: 'memberNotFoundLastName',
      scan_code_password: 'memberNotFoundEmail',
    };
    const key = perMode[input.method];
    return key ? { key } : { key: 'errorDescription', params: { description: error.description } };
  }
  return { key: 'errorUnexpectedLater' };
}
/** §4: an invalid provider state goes back after 5 seconds. */
const SPEC_INVALID_STATE_MS = 5_000;

// ---- per-step checks --------------------------------------------------------------------------------------

interface Live {
  clock: SimulatedClock;
  log: LoginEffect[];
  input: LoginInput;
  invalidStateSince: number | null;
}
let live: Live | null = null;
let currentInput: LoginInput = inputs[0]?.input as LoginInput;

const provide = (clock: SimulatedClock) => {
  const state: Live = { clock, log: [], input: currentInput, invalidStateSince: null };
  live = state;
  return recordingActions(state.log, () => clock.now());
};

function onStep(runner: ReplayRunner<typeof loginMachine>, _expected: LoginSnap, event: EventObject): void {
  const s = runner.actor.getSnapshot();
  const state = live as Live;
  const { input, log } = state;
  const where = `${JSON.stringify(s.value)} after ${event.type}`;
  // Plain data only.
  expect(JSON.parse(JSON.stringify(s.context)), where).toEqual(s.context);
  const view = selectLoginView(s);
  // §2: the form shows exactly its mode's fields, with the spec's limits.
  expect(
    view.fields.map((f) => [f.name, f.maxLength]),
    where,
  ).toEqual((SPEC_FIELDS[input.method] ?? []).map((name) => [name, specMax(name)]));
  // §8: disabled login and cookies off block the form with their texts.
  if (s.matches('disabled')) expect(view.blocked, where).toEqual({ key: 'loginDisabled' });
  if (s.matches('cookiesDisabled')) expect(view.blocked, where).toEqual({ key: 'loginCookiesDisabled' });
  if (!input.cookiesEnabled && SPEC_FIELDS[input.method]) expect(s.matches('editing'), where).toBe(false);
  // §5: a submit of an invalid form goes nowhere.
  if (event.type === 'login.submit' && s.context.fields && SPEC_FIELDS[input.method]) {
    expect(s.matches('submitting'), where).toBe(specValid(input.method, s.context.fields));
  }
  // The login call carries the trimmed fields, or the provider's token.
  if (s.matches('submitting')) {
    const call = runner.controls.calls.filter((c) => c.src === 'login').at(-1);
    const expected = s.context.jwt
      ? { mode: 'oidc', jwt: s.context.jwt }
      : specCredentials(input.method, s.context.fields);
    expect(call?.input, where).toEqual(expected);
    expect(specValid(input.method, s.context.fields) || s.context.jwt !== null, where).toBe(true);
  }
  // §8: failures read as the spec says; a wrong password comes with the forgot-password link.
  if (event.type === 'xstate.error.actor.login') {
    const error = (event as unknown as { error: { code: string; description?: string | null } }).error;
    if (error.code === 'guest_account') {
      expect(s.value, where).toBe('requestingReset');
      const call = runner.controls.calls.filter((c) => c.src === 'requestPasswordReset').at(-1);
      expect(call?.input, where).toEqual({ email: s.context.fields.email.trim() });
    } else {
      expect(s.context.error, where).toEqual(specFailure(error, input));
      expect(s.context.forgotPasswordLink, where).toBe(error.code === 'incorrect_password');
      // The password is never kept after a failure.
      expect(s.context.fields.password, where).toBe('');
    }
  }
  if (event.type.startsWith('xstate.') && event.type.endsWith('.requestPasswordReset')) {
    expect(s.context.error, where).toEqual({ key: 'guestAccount' });
  }
  // After the reload: the member goes to the session once; no real email -> set-email, else finished.
  if (s.status === 'done') {
    const handed = log.filter((e) => e.action === 'memberLoggedIn');
    expect(handed, where).toHaveLength(1);
    const session = (handed[0] as Extract<LoginEffect, { action: 'memberLoggedIn' }>).session;
    expect(session.via, where).toBe(s.context.jwt ? 'oidc' : 'credentials');
    const last = log.at(-1)?.action;
    if (session.member.needsEmail) {
      expect([s.value, last], where).toEqual(['needsEmail', 'goSetEmail']);
      expect(session).toEqual({ ...loadedNoEmail, via: session.via });
    } else {
      expect([s.value, last], where).toEqual(['loggedIn', 'finished']);
      expect(session).toEqual({ ...loaded, via: session.via });
      expect(log.at(-1), where).toEqual({
        action: 'finished',
        returnPath: s.context.jwt ? '/events' : input.returnPath,
        callback: input.callback,
      });
    }
    // The fields are cleared once logged in.
    expect(
      Object.values(s.context.fields).every((v) => v === ''),
      where,
    ).toBe(true);
  } else {
    expect(
      log.filter((e) => e.action === 'memberLoggedIn'),
      where,
    ).toEqual([]);
  }
  // §4: an invalid provider state goes back exactly 5 s later, not before.
  if (s.matches({ provider: 'invalidState' }) && state.invalidStateSince === null)
    state.invalidStateSince = runner.clock.now();
  const back = log.find((e) => e.action === 'goBack') as { at: number } | undefined;
  if (back) expect(back.at - (state.invalidStateSince as number), where).toBe(SPEC_INVALID_STATE_MS);
  else if (state.invalidStateSince !== null)
    expect(runner.clock.now() - state.invalidStateSince, where).toBeLessThan(SPEC_INVALID_STATE_MS);
}

// ---- tests ---------------------------------------------------------------------------------------------------

describe('login machine paths', () => {
  it('config is clean data and every state is described', () => {
    const parsed = JSON.parse(JSON.stringify(loginMachine.config)) as { id: string };
    expect(parsed.id).toBe('login');
    for (const node of getStateNodes(loginMachine.root)) expect(node.description, node.id).toBeTruthy();
  });

  it('walks every transition on a real actor for every login method, checking the spec at every step (edge coverage)', async () => {
    let paths = 0;
    let steps = 0;
    const taken = new Set<string>();
    let report: Awaited<ReturnType<typeof walkMachinePaths>> | null = null;
    for (const { input } of inputs) {
      currentInput = input;
      report = await walkMachinePaths({
        machine: loginMachine,
        inputs: [input],
        events: pathEvents,
        serializeState,
        provide,
        startTime: T0,
        onStep,
      });
      // Every edge of this method's model was walked on a real actor.
      expect(report.uncoveredEdges, JSON.stringify(input)).toEqual([]);
      paths += report.paths;
      steps += report.steps;
      for (const key of report.taken) taken.add(key);
    }
    const all = report as NonNullable<typeof report>;
    const untaken = all.untakenTransitions.filter(
      (description) => ![...taken].some((key) => description.startsWith(`${key} `) || description === key),
    );
    expect(untaken).toEqual([]);
    assertFullCoverage({ ...all, uncoveredEdges: [], untakenTransitions: untaken, unusedExclusions: [] });
    recordCoverage('login', { ...all, taken: [...taken].sort() });
    console.info(
      `login paths: ${paths} paths, ${steps} steps over ${inputs.length} inputs, ${all.transitions} transitions, all walked`,
    );
  });
});

describe('login decisions (examples)', () => {
  const start = (input: LoginInput) => {
    currentInput = input;
    return createReplayRunner(loginMachine, { input, provide, startTime: T0 });
  };
  const base = inputs[0]?.input as LoginInput;

  it('a URL identification submits at once with the trimmed member ID; an invalid prefill waits in the form', async () => {
    const runner = start({
      ...base,
      method: 'scan_code',
      prefill: { memberId: ' 42 ', zip: '10024' },
      identify: true,
    });
    await flush();
    expect(runner.actor.getSnapshot().value).toBe('submitting');
    expect(runner.controls.calls[0]?.input).toEqual({ mode: 'scan_code', memberId: '42', zip: '10024' });
    runner.actor.stop();
    const waiting = start({
      ...base,
      method: 'scan_code',
      prefill: { memberId: '42', zip: 'abcde' },
      identify: true,
    });
    expect(waiting.actor.getSnapshot().value).toBe('editing');
    expect(waiting.actor.getSnapshot().context.fields.zip).toBe('abcde');
    waiting.actor.stop();
  });

  it('the prefill keeps only the fields of the mode, cut to their limits (passwords never come from a URL)', () => {
    const runner = start({
      ...base,
      method: 'scan_code_last_name',
      prefill: { memberId: 'x'.repeat(80), lastName: 'Curie', zip: '10024', password: 'secret' },
    });
    expect(runner.actor.getSnapshot().context.fields).toEqual({
      memberId: 'x'.repeat(50),
      lastName: 'Curie',
      zip: '',
      email: '',
      password: '',
    });
    runner.actor.stop();
  });

  it('the provider callback exchanges the ID token for a login and goes to the saved path', async () => {
    const runner = start({ ...base, method: 'oidc', callback: true, returnPath: '/' });
    await runner.controls.resolve('completeProviderLogin', { jwt: 'a.b.c', returnPath: '/events/e1' });
    expect(runner.controls.calls.at(-1)).toEqual({ src: 'login', input: { mode: 'oidc', jwt: 'a.b.c' } });
    await runner.controls.reject('login', errors.unexpected);
    expect(runner.actor.getSnapshot().matches({ provider: 'failed' })).toBe(true);
    runner.actor.stop();
    const ok = start({ ...base, method: 'oidc', callback: true, returnPath: '/' });
    await ok.controls.resolve('completeProviderLogin', { jwt: 'a.b.c', returnPath: '/events/e1' });
    await ok.controls.resolve('login', {});
    await ok.controls.resolve('loadMember', loaded);
    expect((live as Live).log.at(-1)).toEqual({
      action: 'finished',
      returnPath: '/events/e1',
      callback: true,
    });
    ok.actor.stop();
  });
});
