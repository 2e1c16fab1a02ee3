/**
 * Path tests of the email-submit pages (spec 3 §2 "Email-submit pages", §8, §9): paths from xstate/graph for
 * the three kinds, replayed on a real actor with controlled fake actors; at every step the snapshot is
 * checked against an oracle written here from the spec (required, type email, max 254; resend 404 has its
 * own text; the forgot pages treat 404 as sent; other failures the generic text; what was typed is kept),
 * then an edge-coverage check proves every transition was walked.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { emailSubmitMachine } from '../../machines/emailSubmit/emailSubmit.machine';
import { emailFieldError } from '../../machines/emailSubmit/rules';
import type { EmailSubmitInput } from '../../machines/emailSubmit/types';
import { selectEmailSubmitView } from '../../machines/emailSubmit/view';
import {
  type EmailSubmitSnap,
  GOOD_EMAIL,
  inputs,
  LONG_EMAIL,
  pathEvents,
  serializeState,
} from '../../stories/fixtures/emailSubmit';
import { recordCoverage } from './coverage';
import {
  assertFullCoverage,
  createReplayRunner,
  flush,
  type ReplayRunner,
  walkMachinePaths,
} from './graph-helpers';

type Runner = ReplayRunner<typeof emailSubmitMachine>;

/** The oracle's verdict on a typed value (spec 3 §2, §9), independent of the machine's rules. */
function oracleField(typed: string): string | null {
  const value = typed.trim();
  if (value === '') return 'emailRequired';
  if (value.length > 254) return 'emailTooLong';
  const domain = value.slice(value.lastIndexOf('@') + 1);
  return value.includes('@') && !/\s/.test(value) && domain.includes('.') ? null : 'emailInvalid';
}

interface Seen {
  submitsValid: number;
  lastTyped: string;
}
const seen = new WeakMap<Runner, Seen>();

function onStep(runner: Runner, _expected: EmailSubmitSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const entry = seen.get(runner) ?? { submitsValid: 0, lastTyped: '' };
  if (event.type === 'email.change') entry.lastTyped = (event as unknown as { value: string }).value;
  // What was typed is kept, whatever happened.
  expect(context.email).toBe(entry.lastTyped);
  if (event.type === 'submit' && snapshot.matches('editing')) {
    // A refused submit shows the oracle's field error and calls nothing; the last try's message goes (a stale
    // "no orders found" beside a new field error reads as if the new address had been tried).
    expect(context.fieldError?.key).toBe(oracleField(entry.lastTyped));
    expect(context.formError).toBeNull();
  }
  if (event.type === 'submit' && snapshot.matches('submitting')) {
    expect(oracleField(entry.lastTyped)).toBeNull();
    entry.submitsValid++;
    const call = runner.controls.calls.at(-1);
    expect(call).toEqual({
      src: 'submitEmail',
      input: { kind: context.kind, email: entry.lastTyped.trim() },
    });
  }
  // One call per accepted submit.
  expect(runner.controls.calls.length).toBe(entry.submitsValid);
  if (event.type.startsWith('xstate.error.actor.submitEmail')) {
    const error = (event as unknown as { error: { status: number } }).error;
    if (error.status === 404 && context.kind !== 'resend') {
      expect(snapshot.value).toBe('sent');
    } else {
      expect(snapshot.value).toBe('editing');
      expect(context.formError?.key).toBe(
        error.status === 404 && context.kind === 'resend' ? 'resendNotFound' : 'errorUnexpectedLater',
      );
    }
  }
  if (event.type.startsWith('xstate.done.actor.submitEmail')) expect(snapshot.value).toBe('sent');
  // The view agrees: the form shows until sent; sent names the trimmed address.
  const view = selectEmailSubmitView(snapshot);
  expect(view.showForm).toBe(!snapshot.matches('sent'));
  expect(view.sentTo).toBe(snapshot.matches('sent') ? entry.lastTyped.trim() : null);
  expect(view.maxLength).toBe(254);
  seen.set(runner, entry);
}

describe('email-submit paths', () => {
  it('config is clean data, every state described', () => {
    const parsed = JSON.parse(JSON.stringify(emailSubmitMachine.config));
    expect(parsed.id).toBe('emailSubmit');
    for (const state of Object.values(parsed.states) as { description?: string }[])
      expect(state.description).toBeTruthy();
  });

  it('walks every transition for every kind, matching the oracle at every step (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: emailSubmitMachine,
      inputs,
      events: pathEvents,
      serializeState,
      onStep,
    });
    assertFullCoverage(report);
    recordCoverage('emailSubmit', report);
    expect(report.paths).toBeGreaterThan(0);
  });
});

describe('email-submit decisions (examples)', () => {
  const start = (input: EmailSubmitInput) => createReplayRunner(emailSubmitMachine, { input });

  it('a submit while sending is ignored: one call', async () => {
    const runner = start({ kind: 'resend' });
    runner.actor.send({ type: 'email.change', value: GOOD_EMAIL });
    runner.actor.send({ type: 'submit' });
    runner.actor.send({ type: 'submit' });
    await flush();
    expect(runner.controls.calls).toHaveLength(1);
    runner.actor.stop();
  });

  it('the field rules: required, the one email rule (type email, a dot in the domain), at most 254', () => {
    expect(emailFieldError('')?.key).toBe('emailRequired');
    expect(emailFieldError('   ')?.key).toBe('emailRequired');
    expect(emailFieldError(LONG_EMAIL)?.key).toBe('emailTooLong');
    expect(emailFieldError(`${'a'.repeat(242)}@example.com`)).toBeNull();
    // One rule everywhere (issue 23): the server refuses an address mail cannot reach, so the form does too.
    expect(emailFieldError('ada@localhost')?.key).toBe('emailInvalid');
    expect(emailFieldError('ada@@example.com')?.key).toBe('emailInvalid');
    expect(emailFieldError('ada example@x.org')?.key).toBe('emailInvalid');
    expect(emailFieldError('a.b+c@sub.example.org')).toBeNull();
    expect(emailFieldError('ada@-example.com')?.key).toBe('emailInvalid');
  });

  it('a field error after a failed try replaces the failure’s message', async () => {
    const runner = start({ kind: 'resend' });
    runner.actor.send({ type: 'email.change', value: GOOD_EMAIL });
    runner.actor.send({ type: 'submit' });
    await runner.controls.reject('submitEmail', { code: 'not_found', status: 404 });
    expect(runner.actor.getSnapshot().context.formError?.key).toBe('resendNotFound');
    runner.actor.send({ type: 'email.change', value: 'not-an-email' });
    runner.actor.send({ type: 'submit' });
    const { context } = runner.actor.getSnapshot();
    expect(context.fieldError?.key).toBe('emailInvalid');
    expect(context.formError).toBeNull();
    runner.actor.stop();
  });

  it('a second try after a failure sends again and may succeed; the message goes', async () => {
    const runner = start({ kind: 'forgotPassword' });
    runner.actor.send({ type: 'email.change', value: GOOD_EMAIL });
    runner.actor.send({ type: 'submit' });
    await runner.controls.reject('submitEmail', { code: 'unexpected', status: 500 });
    expect(runner.actor.getSnapshot().context.formError?.key).toBe('errorUnexpectedLater');
    runner.actor.send({ type: 'submit' });
    expect(runner.actor.getSnapshot().context.formError).toBeNull();
    await runner.controls.resolve('submitEmail', undefined);
    expect(runner.actor.getSnapshot().value).toBe('sent');
    runner.actor.stop();
  });
});
