/**
 * Path tests of verify email address (issue 18): paths from xstate/graph for a link with a token, none, and a
 * blank one, replayed on a real actor with a controlled fake `verifyToken`; at every step an oracle written
 * here checks the snapshot: the token is spent on load and only then; without a token nothing is called and the
 * link is invalid; not_found / validate_failed read as the invalid link; a 409 shows the server's spec 3 §5
 * text; other failures the generic message (or too many attempts) with a retry; `verified` runs once, on
 * success only. An edge-coverage check proves every transition was walked.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { verifyEmailMachine } from '../../machines/verifyEmail/verifyEmail.machine';
import { selectVerifyEmailView } from '../../machines/verifyEmail/view';
import {
  IN_USE,
  inputs,
  pathEvents,
  serializeState,
  type VerifyEmailSnap,
} from '../../stories/fixtures/verifyEmail';
import { defaultStrings, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof verifyEmailMachine>;

let verifiedCalls = 0;

function onStep(runner: Runner, _expected: VerifyEmailSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const calls = runner.controls.calls;
  if (context.token === null) expect(calls).toEqual([]);
  for (const call of calls) expect(call).toEqual({ src: 'verifyToken', input: { token: 'tok-1' } });
  const view = selectVerifyEmailView(snapshot);
  if (event.type.startsWith('xstate.error.actor.verifyToken')) {
    const { code } = (event as unknown as { error: { code: string } }).error;
    const text = context.formError ? resolveMessage(defaultStrings, context.formError as never) : null;
    if (code === 'not_found' || code === 'validate_failed') expect(view.stage).toBe('invalidLink');
    else if (code === 'email_in_use') {
      expect(view.stage).toBe('emailInUse');
      expect(text).toBe(IN_USE);
    } else {
      expect(view.stage).toBe('failed');
      expect(text).toBe(
        code === 'too_many_attempts'
          ? 'Too many attempts. Please wait a few minutes and try again.'
          : 'Sorry, something unexpected happened. Please try again later.',
      );
    }
  }
  if (event.type.startsWith('xstate.done.actor.verifyToken')) expect(view.stage).toBe('verified');
  if (snapshot.matches('verifying')) expect(context.formError).toBeNull();
}

describe('verify email paths', () => {
  it('without a token (or a blank one) it is an invalid link at once, calling nothing', () => {
    for (const input of [{ token: null }, { token: '  ' }]) {
      const runner = createReplayRunner(verifyEmailMachine, { input });
      expect(selectVerifyEmailView(runner.actor.getSnapshot()).stage).toBe('invalidLink');
      expect(runner.controls.calls).toEqual([]);
      runner.actor.stop();
    }
  });

  it('walks every transition, matching the oracle at every step (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: verifyEmailMachine,
      inputs,
      events: pathEvents,
      serializeState,
      onStep,
      provide: { actions: { verified: () => verifiedCalls++ } },
    });
    assertFullCoverage(report);
    recordCoverage('verifyEmail', report);
    expect(verifiedCalls).toBeGreaterThan(0);
  });

  it('a retry after a failure spends the link again; success runs `verified` once', async () => {
    let verified = 0;
    const runner = createReplayRunner(verifyEmailMachine, {
      input: { token: ' tok-1 ' },
      provide: { actions: { verified: () => verified++ } },
    });
    await runner.controls.reject('verifyToken', { code: 'unexpected', status: 502 });
    expect(selectVerifyEmailView(runner.actor.getSnapshot()).stage).toBe('failed');
    expect(verified).toBe(0);
    runner.actor.send({ type: 'retry' });
    expect(selectVerifyEmailView(runner.actor.getSnapshot())).toEqual({
      stage: 'verifying',
      formError: null,
    });
    await runner.controls.resolve('verifyToken', undefined);
    expect(selectVerifyEmailView(runner.actor.getSnapshot()).stage).toBe('verified');
    expect(verified).toBe(1);
    expect(runner.controls.calls.map((c) => c.input)).toEqual([{ token: 'tok-1' }, { token: 'tok-1' }]);
    runner.actor.stop();
  });
});
