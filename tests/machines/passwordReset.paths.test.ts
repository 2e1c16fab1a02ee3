/**
 * Path tests of reset password (spec 3 §2 "Reset password page", §4 "Password reset", §5 "Password rules",
 * §8 "Reset link"): paths from xstate/graph for a link with a token, none, and a blank one, replayed on a real
 * actor with controlled fakes; at every step an oracle written here from the spec checks the snapshot:
 * the token is validated on load and only then; without a token nothing is called and the link is invalid;
 * not_found / validate_failed read as 'Invalid Reset Link'; the reset is called only with a password that
 * meets the rules and matches its confirmation; blur flags 'Invalid password' exactly for a typed password
 * breaking the rules. An edge-coverage check proves every transition was walked.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { passwordResetMachine } from '../../machines/passwordReset/passwordReset.machine';
import {
  blurError,
  characterClasses,
  isValidPassword,
  meetsRequirement,
  passwordErrors,
} from '../../machines/passwordReset/rules';
import type { PasswordResetInput } from '../../machines/passwordReset/types';
import { selectPasswordResetView } from '../../machines/passwordReset/view';
import {
  inputs,
  type PasswordResetSnap,
  pathEvents,
  STRONG,
  serializeState,
  WEAK,
} from '../../stories/fixtures/passwordReset';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof passwordResetMachine>;

/** The spec's password rules restated: >= 8, no edge whitespace, printable ASCII, 3 of 4 classes. */
function oracleValid(p: string): boolean {
  if (p.length < 8 || p !== p.trim()) return false;
  for (const ch of p) {
    const code = ch.charCodeAt(0);
    if (code < 32 || code > 126) return false;
  }
  const upper = /[A-Z]/.test(p);
  const lower = /[a-z]/.test(p);
  const digit = /[0-9]/.test(p);
  const special = [...p].some((ch) => !/[A-Za-z0-9]/.test(ch));
  return [upper, lower, digit, special].filter(Boolean).length >= 3;
}

const ERRORS_INVALID_LINK = new Set(['not_found', 'validate_failed']);
const errorCodeOf = (event: EventObject) => (event as unknown as { error: { code: string } }).error.code;

function onStep(runner: Runner, _expected: PasswordResetSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const calls = runner.controls.calls;
  // Validation happens exactly once per load (and once per retry), before any reset, and only with a token.
  if (context.token === null) expect(calls).toEqual([]);
  if (calls.length > 0) expect(calls[0]).toEqual({ src: 'validateToken', input: { token: 'tok-1' } });
  for (const call of calls.filter((c) => c.src === 'resetPassword')) {
    const input = call.input as { token: string; password: string };
    expect(input.token).toBe('tok-1');
    expect(oracleValid(input.password)).toBe(true);
  }
  if (event.type === 'submit' && snapshot.matches('resetting')) {
    expect(oracleValid(context.password) && context.password === context.confirm).toBe(true);
    expect(calls.at(-1)).toEqual({
      src: 'resetPassword',
      input: { token: 'tok-1', password: context.password },
    });
  }
  if (event.type === 'submit' && snapshot.matches('editing')) {
    expect(context.fieldErrors.password?.key).toBe(
      oracleValid(context.password) ? undefined : 'invalidPassword',
    );
    expect(context.fieldErrors.confirm?.key).toBe(
      context.password === context.confirm ? undefined : 'passwordsMustMatch',
    );
  }
  // An empty password is left alone on blur, its error too (the table holds that case exactly).
  if (event.type === 'password.blur' && context.password !== '') {
    const expected = oracleValid(context.password) ? undefined : 'invalidPassword';
    expect(context.fieldErrors.password?.key).toBe(expected);
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    const invalid = ERRORS_INVALID_LINK.has(errorCodeOf(event));
    if (invalid) expect(snapshot.value).toBe('invalidLink');
    else if (event.type.endsWith('validateToken')) expect(snapshot.value).toBe('validationFailed');
    else {
      expect(snapshot.value).toBe('editing');
      expect(context.formError?.key).toBe('errorUnexpectedLater');
    }
  }
  if (event.type === 'xstate.done.actor.resetPassword') expect(snapshot.value).toBe('updated');
  if (event.type === 'xstate.done.actor.validateToken') expect(context.email).toBe('ada@example.com');
  // The view agrees with the state.
  const view = selectPasswordResetView(snapshot);
  const stage = {
    validating: 'loading',
    validationFailed: 'loadFailed',
    editing: 'form',
    resetting: 'form',
    updated: 'updated',
    invalidLink: 'invalidLink',
  }[snapshot.value as string];
  expect(view.stage).toBe(stage);
  expect(view.requirements.every((r) => r.met)).toBe(oracleValid(context.password));
}

describe('reset password paths', () => {
  it('without a token (or a blank one) it is an invalid link at once, calling nothing', () => {
    for (const input of [{ token: null }, { token: '  ' }]) {
      const runner = createReplayRunner(passwordResetMachine, { input });
      expect(runner.actor.getSnapshot().value).toBe('invalidLink');
      expect(runner.controls.calls).toEqual([]);
      runner.actor.stop();
    }
  });

  it('walks every transition, matching the oracle at every step (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: passwordResetMachine,
      inputs,
      events: pathEvents,
      serializeState,
      onStep,
    });
    assertFullCoverage(report);
    recordCoverage('passwordReset', report);
  });

  it('a retry after a failed validation validates again', async () => {
    const runner = createReplayRunner(passwordResetMachine, {
      input: { token: 'tok-1' } as PasswordResetInput,
    });
    await runner.controls.reject('validateToken', { code: 'unexpected', status: 502 });
    expect(runner.actor.getSnapshot().value).toBe('validationFailed');
    runner.actor.send({ type: 'retry' });
    await runner.controls.resolve('validateToken', { email: null });
    expect(runner.actor.getSnapshot().value).toBe('editing');
    expect(runner.controls.calls.map((c) => c.src)).toEqual(['validateToken', 'validateToken']);
    runner.actor.stop();
  });
});

describe('password rules (spec 3 §5)', () => {
  it('needs 8 characters', () => {
    expect(isValidPassword('Abc-123')).toBe(false);
    expect(isValidPassword('Abc-1234')).toBe(true);
    expect(meetsRequirement('Abc-123', 'length')).toBe(false);
  });
  it('refuses leading or trailing whitespace, allows inner spaces', () => {
    expect(isValidPassword(' Abcd-1234')).toBe(false);
    expect(isValidPassword('Abcd-1234 ')).toBe(false);
    expect(isValidPassword('Abcd\t1234x')).toBe(false);
    expect(isValidPassword('Abcd 1234')).toBe(true);
  });
  it('only printable ASCII', () => {
    expect(isValidPassword('Äbcd-1234')).toBe(false);
    expect(isValidPassword('Abcd-1234€')).toBe(false);
    expect(isValidPassword('Abcd\u00a01234')).toBe(false);
    expect(meetsRequirement('Abcd~1234', 'printableAscii')).toBe(true);
  });
  it('3 of 4 classes: uppercase, lowercase, number, special', () => {
    expect(characterClasses('abcdefgh')).toBe(1);
    expect(characterClasses('abcdEFGH')).toBe(2);
    expect(isValidPassword('abcdEFGH')).toBe(false);
    expect(isValidPassword('abcdEFG1')).toBe(true);
    expect(isValidPassword('abcd-123')).toBe(true);
    expect(isValidPassword('ABCD-123')).toBe(true);
    expect(isValidPassword('abcd-EFG')).toBe(true);
    expect(characterClasses('aA1!')).toBe(4);
    expect(isValidPassword(WEAK)).toBe(false);
    expect(isValidPassword(STRONG)).toBe(true);
  });
  it('agrees with the oracle on every printable character in a strong frame', () => {
    for (let code = 32; code < 127; code++) {
      const p = `Ab1${String.fromCharCode(code)}wxyz`;
      expect(isValidPassword(p), p).toBe(oracleValid(p));
    }
  });
  it("'Invalid password' on blur only for a typed password; submit checks the match", () => {
    expect(blurError('')).toBeNull();
    expect(blurError('short')?.key).toBe('invalidPassword');
    expect(blurError(STRONG)).toBeNull();
    expect(passwordErrors(STRONG, 'other')).toEqual({ confirm: { key: 'passwordsMustMatch' } });
    expect(passwordErrors('', '')).toEqual({ password: { key: 'invalidPassword' } });
  });
});
