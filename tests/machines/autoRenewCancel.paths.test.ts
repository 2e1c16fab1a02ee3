/**
 * Path tests of cancel auto-renew (spec 3 §2 "Cancel auto-renew page", §4 "Auto-renew", §8): paths from
 * xstate/graph replayed on a real actor with controlled fakes; at every step an oracle written here from the
 * spec checks the snapshot: only a scheduled membership offers the confirm-unenrolment button; any other
 * state is 'not enrolled' for a logged-in member and 'not authenticated' for a visitor; the unenrolment is
 * called only from the enrolled page, with the order's id; after success the confirmation names the level and
 * its valid-to date ('MMMM D, YYYY') and the member is reloaded exactly when logged in; Cancel goes back one
 * step. Edge coverage proves every transition was walked.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { autoRenewCancelMachine } from '../../machines/autoRenewCancel/autoRenewCancel.machine';
import { autoRenewPage, longDate } from '../../machines/autoRenewCancel/rules';
import type { LoadMembershipOutput } from '../../machines/autoRenewCancel/types';
import { selectAutoRenewCancelView } from '../../machines/autoRenewCancel/view';
import {
  type AutoRenewCancelSnap,
  ENROLLED,
  inputs,
  pathEvents,
} from '../../stories/fixtures/autoRenewCancel';
import { defaultStrings, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof autoRenewCancelMachine>;

const injected = { goBack: 0, finish: 0, reloadMember: 0 };
let seen = { ...injected };
const provide = {
  actions: {
    goBack: () => {
      injected.goBack++;
    },
    finish: () => {
      injected.finish++;
    },
    reloadMember: () => {
      injected.reloadMember++;
    },
  },
};

/** Spec 3 §4 restated: scheduled = enrolled; otherwise the warning depends on being logged in. */
const oraclePage = (loaded: LoadMembershipOutput) =>
  loaded.membership?.autoRenewState === 'scheduled'
    ? 'enrolled'
    : loaded.loggedIn
      ? 'notEnrolled'
      : 'notAuthenticated';

function onStep(runner: Runner, _expected: AutoRenewCancelSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const delta = {
    goBack: injected.goBack - seen.goBack,
    finish: injected.finish - seen.finish,
    reloadMember: injected.reloadMember - seen.reloadMember,
  };
  seen = { ...injected };
  for (const call of runner.controls.calls) expect(call.input).toEqual({ ticketOrderId: 'order-7' });
  // The unenrolment is only ever called for an enrolled membership.
  if (runner.controls.calls.some((c) => c.src === 'cancelAutoRenew'))
    expect(context.membership?.levelName).toBe(ENROLLED.levelName);
  if (event.type === 'xstate.done.actor.loadMembership') {
    const loaded = (event as unknown as { output: LoadMembershipOutput }).output;
    expect(snapshot.value).toBe(oraclePage(loaded));
    expect(autoRenewPage(loaded.membership, loaded.loggedIn)).toBe(oraclePage(loaded));
  }
  if (event.type === 'confirm') {
    const wasEnrolled = runner.controls.calls.at(-1)?.src === 'cancelAutoRenew';
    expect(snapshot.value === 'cancelling').toBe(wasEnrolled);
  }
  if (event.type === 'xstate.done.actor.cancelAutoRenew') {
    expect(snapshot.value).toBe('cancelled');
    expect(delta.reloadMember).toBe(context.loggedIn ? 1 : 0);
    const view = selectAutoRenewCancelView(snapshot);
    expect(view.levelName).toBe('Family');
    expect(view.validTo).toBe('June 30, 2027');
  } else expect(delta.reloadMember).toBe(0);
  if (event.type === 'xstate.error.actor.cancelAutoRenew') {
    const code = (event as unknown as { error: { code: string } }).error.code;
    expect(snapshot.value).toBe(code === 'login_required' ? 'notAuthenticated' : 'enrolled');
    expect(resolveMessage(defaultStrings, context.error as never)).toBe(
      'Sorry, something unexpected happened. Please try again later.',
    );
  }
  if (event.type === 'xstate.error.actor.loadMembership') {
    const code = (event as unknown as { error: { code: string } }).error.code;
    expect(snapshot.value).toBe(code === 'login_required' ? 'notAuthenticated' : 'loadFailed');
  }
  // Cancel goes back one step wherever it is offered; Done finishes only after the confirmation.
  expect(delta.goBack).toBe(event.type === 'cancel' && snapshot.can({ type: 'cancel' }) ? 1 : 0);
  expect(delta.finish).toBe(event.type === 'done' && snapshot.value === 'cancelled' ? 1 : 0);
  const view = selectAutoRenewCancelView(snapshot);
  expect(view.phase).toBe(snapshot.value);
  expect(view.busy).toBe(snapshot.value === 'loading' || snapshot.value === 'cancelling');
}

describe('cancel auto-renew paths', () => {
  it('walks every transition, matching the oracle at every step (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: autoRenewCancelMachine,
      inputs,
      events: pathEvents,
      onStep,
      provide,
    });
    assertFullCoverage(report);
    recordCoverage('autoRenewCancel', report);
    expect(injected.reloadMember).toBeGreaterThan(0);
    expect(injected.finish).toBeGreaterThan(0);
  });

  it('a logged-in member confirms: unenrolled once, reloaded once, the confirmation names level and date', async () => {
    let reloads = 0;
    const runner = createReplayRunner(autoRenewCancelMachine, {
      input: { ticketOrderId: 'order-7' },
      provide: { actions: { reloadMember: () => reloads++ } },
    });
    await runner.controls.resolve('loadMembership', { membership: ENROLLED, loggedIn: true });
    runner.actor.send({ type: 'confirm' });
    runner.actor.send({ type: 'confirm' });
    await runner.controls.resolve('cancelAutoRenew', undefined);
    expect(runner.controls.calls.map((c) => c.src)).toEqual(['loadMembership', 'cancelAutoRenew']);
    expect(reloads).toBe(1);
    expect(selectAutoRenewCancelView(runner.actor.getSnapshot())).toMatchObject({
      phase: 'cancelled',
      levelName: 'Family',
      validTo: 'June 30, 2027',
    });
    runner.actor.stop();
  });

  it("formats valid-to dates as 'MMMM D, YYYY'", () => {
    expect(longDate('2027-01-05')).toBe('January 5, 2027');
    expect(longDate('2026-12-31T23:59:59Z')).toBe('December 31, 2026');
    expect(longDate('soon')).toBe('soon');
  });
});
