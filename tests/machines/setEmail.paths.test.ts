/**
 * Path tests of set email address (spec 3 §2, §5): paths from xstate/graph replayed on a real actor with a
 * controlled fake `saveEmail`; at every step an oracle from the spec checks the snapshot: a save is called
 * only with an address whose domain has a dot and that matches its re-entry case-insensitively; a refused
 * submit shows 'Email address is not valid.' / 'Email addresses must match.'; a 409 names the address in use;
 * saving continues (the injected action) once. Edge coverage proves every transition was walked.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { setEmailErrors } from '../../machines/setEmail/rules';
import { setEmailMachine } from '../../machines/setEmail/setEmail.machine';
import { selectSetEmailView } from '../../machines/setEmail/view';
import { pathEvents, type SetEmailSnap, serializeState } from '../../stories/fixtures/setEmail';
import { defaultStrings, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof setEmailMachine>;

let lastRunnerContinues = 0;

function oracleEmailError(email: string): string | undefined {
  if (email === '') return 'emailRequired';
  const domain = email.split('@')[1] ?? '';
  return email.split('@').length === 2 && domain.includes('.') ? undefined : 'emailNotValid';
}

function onStep(runner: Runner, _expected: SetEmailSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  for (const call of runner.controls.calls) {
    const { email } = call.input as { email: string };
    expect(oracleEmailError(email)).toBeUndefined();
  }
  if (event.type === 'submit' && snapshot.matches('editing')) {
    expect(context.fieldErrors.email?.key).toBe(oracleEmailError(context.email.trim()));
    const match = context.email.trim().toLowerCase() === context.confirm.trim().toLowerCase();
    expect(context.fieldErrors.confirm?.key).toBe(match ? undefined : 'emailsMustMatch');
  }
  if (event.type === 'submit' && snapshot.matches('saving')) {
    expect(runner.controls.calls.at(-1)).toEqual({
      src: 'saveEmail',
      input: { email: context.email.trim() },
    });
  }
  if (event.type.startsWith('xstate.error.actor.saveEmail')) {
    const status = (event as unknown as { error: { status: number } }).error.status;
    const text = resolveMessage(defaultStrings, context.formError as never);
    if (status === 409) {
      expect(text).toBe(
        `Another user account is using ${context.email.trim()}. Please contact us if you need to merge multiple user accounts.`,
      );
    } else expect(text).toBe('Sorry, something unexpected happened. Please try again later.');
  }
  expect(selectSetEmailView(snapshot).saved).toBe(snapshot.matches('saved'));
  // A link was sent: the page says so, with the address typed (issue 18).
  expect(selectSetEmailView(snapshot).sentTo).toBe(snapshot.matches('sent') ? context.email.trim() : null);
}

describe('set email paths', () => {
  it('walks every transition, matching the oracle at every step (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: setEmailMachine,
      inputs: [undefined],
      events: pathEvents,
      serializeState,
      onStep,
      provide: {
        actions: {
          continue: () => {
            lastRunnerContinues++;
          },
        },
      },
    });
    assertFullCoverage(report);
    recordCoverage('setEmail', report);
    expect(lastRunnerContinues).toBeGreaterThan(0);
  });

  it('a new address: check your inbox, then continues once on Continue, and not before', async () => {
    let count = 0;
    const runner = createReplayRunner(setEmailMachine, {
      input: undefined,
      provide: { actions: { continue: () => count++ } },
    });
    runner.actor.send({ type: 'field.change', name: 'email', value: ' ada@example.com ' });
    runner.actor.send({ type: 'field.change', name: 'confirm', value: 'ADA@example.com' });
    runner.actor.send({ type: 'submit' });
    expect(count).toBe(0);
    await runner.controls.resolve('saveEmail', { email: 'old@example.com' });
    expect(count).toBe(0);
    const view = selectSetEmailView(runner.actor.getSnapshot());
    expect(view.sentTo).toBe('ada@example.com');
    expect(
      resolveMessage(defaultStrings, { key: 'setEmailSent', params: { email: 'ada@example.com' } }),
    ).toMatch(
      /^We have sent a confirmation link to ada@example\.com\. Your email address changes when you open it/,
    );
    runner.actor.send({ type: 'continue' });
    expect(count).toBe(1);
    expect(runner.actor.getSnapshot().status).toBe('done');
    runner.actor.stop();
  });

  it('an address that already is the account’s continues at once (no link to wait for)', async () => {
    let count = 0;
    const runner = createReplayRunner(setEmailMachine, {
      input: undefined,
      provide: { actions: { continue: () => count++ } },
    });
    runner.actor.send({ type: 'field.change', name: 'email', value: 'Ada@example.com' });
    runner.actor.send({ type: 'field.change', name: 'confirm', value: 'Ada@example.com' });
    runner.actor.send({ type: 'submit' });
    await runner.controls.resolve('saveEmail', { email: 'Ada@example.com' });
    expect(count).toBe(1);
    expect(selectSetEmailView(runner.actor.getSnapshot()).sentTo).toBeNull();
    runner.actor.stop();
  });

  it('the domain must contain a dot', () => {
    expect(setEmailErrors('a.b@localhost', 'a.b@localhost')).toEqual({ email: { key: 'emailNotValid' } });
    expect(setEmailErrors('ada@localhost', 'ada@localhost')).toEqual({ email: { key: 'emailNotValid' } });
    expect(setEmailErrors('Ada@Example.com', 'ada@example.COM')).toEqual({});
  });
});
