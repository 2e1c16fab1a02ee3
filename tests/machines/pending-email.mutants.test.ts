/**
 * Issue 29's proof for the pending order page and the two email flows (spec 2 §2, spec 3 §2, §5): hand-made
 * mutants of pendingOrder, setEmail and verifyEmail (a retargeted transition, a dropped guard, a swapped or
 * removed action, reordered candidates, a deleted or an added transition) each fail their table test. Not part
 * of the mutation run (vitest.mutation.config.ts leaves *.mutants.test.ts out: it tests the tests).
 */
import { describe, expect, it } from 'vitest';
import { pendingOrderMachine } from '../../machines/pendingOrder/pendingOrder.machine';
import { setEmailMachine } from '../../machines/setEmail/setEmail.machine';
import { verifyEmailMachine } from '../../machines/verifyEmail/verifyEmail.machine';
import * as pending from './pendingOrder.table';
import * as setEmail from './setEmail.table';
import { expectTable, mutantOf } from './transition-table';
import * as verifyEmail from './verifyEmail.table';

// biome-ignore lint/suspicious/noExplicitAny: a machine config edited by hand, whatever its shape
type Node = Record<string, any>;
type Config = { states: Node };
type Edit = [string, (config: Config) => void];

describe('the unedited copies pass their tables (each mutant below fails for its edit alone)', () => {
  it('pendingOrder', () => {
    const { table, worlds, events } = pending;
    expect(
      expectTable({ machine: mutantOf(pendingOrderMachine, () => {}), table, worlds, events }),
    ).toBeGreaterThan(0);
  });
  it('setEmail', () => {
    const { table, worlds, events } = setEmail;
    expect(
      expectTable({ machine: mutantOf(setEmailMachine, () => {}), table, worlds, events }),
    ).toBeGreaterThan(0);
  });
  it('verifyEmail', () => {
    const { table, worlds, events } = verifyEmail;
    expect(
      expectTable({ machine: mutantOf(verifyEmailMachine, () => {}), table, worlds, events }),
    ).toBeGreaterThan(0);
  });
});

describe('hand-made pending order mutants fail the table (spec 2 §2; issue 19)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: the third failure in a row keeps polling',
      (c) => {
        c.states.checking.invoke.onError[1].target = 'waiting';
      },
    ],
    [
      'a dropped guard: a cart still processing goes back to checkout',
      (c) => {
        delete c.states.checking.invoke.onDone[1].guard;
      },
    ],
    [
      'a swapped action: the confirmation entered says the payment failed',
      (c) => {
        c.states.completed.entry = 'notifyPaymentFailed';
      },
    ],
    [
      'a removed action: a read that succeeds does not forgive the failures',
      (c) => {
        c.states.checking.invoke.onDone[2].actions = ['storeCartNumber'];
      },
    ],
    [
      'a removed action: the confirmation without the cart’s orders',
      (c) => {
        c.states.checking.invoke.onDone[0].actions = ['storeCartNumber'];
      },
    ],
    [
      'candidates reordered: a missing cart counted as a failure',
      (c) => {
        const onError = c.states.checking.invoke.onError;
        onError.unshift(onError.splice(1, 1)[0]);
      },
    ],
    [
      'a deleted transition: the retry does nothing',
      (c) => {
        delete c.states.failed.on.retry;
      },
    ],
    [
      'an added transition: retry while waiting checks at once',
      (c) => {
        c.states.waiting.on = { retry: { target: 'checking' } };
      },
    ],
  ])('%s', (_, edit) => {
    const { table, worlds, events } = pending;
    const mutant = mutantOf(pendingOrderMachine, edit as (config: never) => void);
    expect(() => expectTable({ machine: mutant, table, worlds, events })).toThrow();
  });
});

describe('hand-made set email mutants fail the table (spec 3 §2, §5; issue 18)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: a new address goes on without its link',
      (c) => {
        c.states.saving.invoke.onDone[1].target = 'saved';
      },
    ],
    [
      'a dropped guard: a refused form is saved',
      (c) => {
        delete c.states.editing.on.submit[0].guard;
      },
    ],
    [
      'a swapped action: a refused save is counted as a refused form',
      (c) => {
        c.states.saving.invoke.onError.actions = 'refuseForm';
      },
    ],
    [
      'a removed action: a link sent names no address',
      (c) => {
        delete c.states.saving.invoke.onDone[1].actions;
      },
    ],
    [
      'a removed action: a save starts with the last errors shown',
      (c) => {
        delete c.states.editing.on.submit[0].actions;
      },
    ],
    [
      'candidates reordered: every save waits for a link',
      (c) => {
        c.states.saving.invoke.onDone.reverse();
      },
    ],
    [
      'a deleted transition: Continue after the link does nothing',
      (c) => {
        delete c.states.sent.on.continue;
      },
    ],
    [
      'an added transition: typing while saving',
      (c) => {
        c.states.saving.on = { 'field.change': { actions: 'changeField' } };
      },
    ],
  ])('%s', (_, edit) => {
    const { table, worlds, events } = setEmail;
    const mutant = mutantOf(setEmailMachine, edit as (config: never) => void);
    expect(() => expectTable({ machine: mutant, table, worlds, events })).toThrow();
  });
});

describe('hand-made verify email mutants fail the table (issue 18; spec 3 §5)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: a retry goes back to the link check',
      (c) => {
        c.states.failed.on.retry.target = 'invalidLink';
      },
    ],
    [
      'a dropped guard: every refusal is the invalid link',
      (c) => {
        delete c.states.verifying.invoke.onError[0].guard;
      },
    ],
    [
      'a swapped action: a retry keeps the last message',
      (c) => {
        c.states.failed.on.retry.actions = 'showError';
      },
    ],
    [
      'a removed action: the address in use says nothing',
      (c) => {
        delete c.states.verifying.invoke.onError[1].actions;
      },
    ],
    [
      'a removed entry action: the route is not told of the confirmation',
      (c) => {
        delete c.states.verified.entry;
      },
    ],
    [
      'candidates reordered: an address in use offered a retry',
      (c) => {
        const onError = c.states.verifying.invoke.onError;
        onError.splice(1, 0, onError.pop());
      },
    ],
    [
      'a deleted transition: the retry does nothing',
      (c) => {
        delete c.states.failed.on.retry;
      },
    ],
    [
      'an added transition: a retry from the invalid link spends it again',
      (c) => {
        c.states.invalidLink.on = { retry: { target: 'verifying' } };
      },
    ],
  ])('%s', (_, edit) => {
    const { table, worlds, events } = verifyEmail;
    const mutant = mutantOf(verifyEmailMachine, edit as (config: never) => void);
    expect(() => expectTable({ machine: mutant, table, worlds, events })).toThrow();
  });
});
