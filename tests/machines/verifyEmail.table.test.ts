/**
 * Verify email address held to its independent transition table (issue 29, ./verifyEmail.table.ts, written from
 * issue 18 and spec 3 §4, §5, §8): every state × world × event sample, the start with a token, a padded one, a
 * blank one and none, and the spec's texts for the messages the table expects.
 */
import { describe, expect, it } from 'vitest';
import { verifyEmailMachine } from '../../machines/verifyEmail/verifyEmail.machine';
import { selectVerifyEmailView } from '../../machines/verifyEmail/view';
import '../../ui/account/strings';
import { defaultStrings, resolveMessage } from '../../ui/strings';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';
import { events, failureMessage, IN_USE, inUseMessage, table, worlds } from './verifyEmail.table';

describe('verify email address held to its transition table (issue 18; spec 3 §4, §5, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(verifyEmailMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: verifyEmailMachine, table, worlds, events })).toBeGreaterThan(25);
  });

  it.each([
    ['a token', 'tok-1', 'tok-1'],
    ['a token with spaces around it (trimmed)', ' \ttok-1 ', 'tok-1'],
    ['a blank token (none)', '   ', null],
    ['an empty token (none)', '', null],
    ['no token', null, null],
  ])('starts with %s: spends it on load, or is an invalid link at once', (_name, token, kept) => {
    expect(actualInitial(verifyEmailMachine, { token })).toEqual(
      expectedInitial(table, { token: kept, formError: null }),
    );
  });

  it('the messages the table expects read as the spec’s texts (spec 3 §5, §8)', () => {
    const text = (message: unknown) => resolveMessage(defaultStrings, message as never);
    expect(text(inUseMessage({ code: 'email_in_use', status: 409, description: IN_USE }))).toBe(IN_USE);
    expect(text(failureMessage({ code: 'unexpected', status: 502 }))).toBe(
      'Sorry, something unexpected happened. Please try again later.',
    );
  });
});

describe('the verify email page’s view over every state of the table (issue 18)', () => {
  const stages: Record<Exclude<keyof typeof table.states, 'checkingLink'>, string> = {
    verifying: 'verifying',
    failed: 'failed',
    verified: 'verified',
    invalidLink: 'invalidLink',
    emailInUse: 'emailInUse',
  };
  it.each(Object.entries(stages))('%s: the stage %s and the message', (state, stage) => {
    for (const { context } of worlds) {
      const snapshot = verifyEmailMachine.resolveState({ value: state as never, context });
      expect(selectVerifyEmailView(snapshot)).toEqual({ stage, formError: context.formError });
    }
  });
});
