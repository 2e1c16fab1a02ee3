/**
 * Issue 29's proof for the order self-service machines (spec 2): hand-made mutants of cancel free order, edit
 * order and reschedule (a retargeted transition, a dropped guard, a swapped or removed action, reordered
 * candidates, a deleted or an added transition) each fail their table test. Not part of the mutation run
 * (vitest.mutation.config.ts leaves *.mutants.test.ts out: it tests the tests).
 */
import { describe, expect, it } from 'vitest';
import { cancelFreeOrderMachine } from '../../machines/cancelFreeOrder/cancelFreeOrder.machine';
import { editOrderMachine } from '../../machines/editOrder/editOrder.machine';
import { rescheduleMachine } from '../../machines/reschedule/reschedule.machine';
import * as cancelFree from './cancelFreeOrder.table';
import * as editOrder from './editOrder.table';
import * as reschedule from './reschedule.table';
import { expectTable, mutantOf } from './transition-table';

// biome-ignore lint/suspicious/noExplicitAny: a machine config edited by hand, whatever its shape
type Node = Record<string, any>;
type Config = { states: Node };
type Edit = [string, (config: Config) => void];

describe('hand-made cancel-free-order mutants fail the table (spec 2 §4)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: a cancel skips the email',
      (c) => {
        c.states.cancelling.invoke.onDone.target = 'loading';
      },
    ],
    [
      'a dropped guard: Cancel selected without a selection',
      (c) => {
        delete c.states.ready.on.cancelSelected.guard;
      },
    ],
    [
      'a swapped action: Cancel order asks for the selection',
      (c) => {
        c.states.ready.on.cancelOrder.actions = 'askSelected';
      },
    ],
    [
      'a removed action: a refused cancel keeps its pending tickets and says nothing',
      (c) => {
        delete c.states.cancelling.invoke.onError[1].actions;
      },
    ],
    [
      'candidates reordered: an order with valid tickets is empty',
      (c) => {
        c.states.loading.invoke.onDone.reverse();
      },
    ],
    [
      'a deleted transition: the modal’s Cancel does nothing',
      (c) => {
        delete c.states.confirming.on.dismiss;
      },
    ],
    [
      'an added transition: retry from the refusal',
      (c) => {
        c.states.refused.on = { retry: { target: 'loading' } };
      },
    ],
  ])('%s', (_, edit) => {
    const { table, worlds, events } = cancelFree;
    const mutant = mutantOf(cancelFreeOrderMachine, edit as (config: never) => void);
    expect(() => expectTable({ machine: mutant, table, worlds, events })).toThrow();
  });
});

describe('hand-made edit-order mutants fail the table (spec 2 §2, §4, §6)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: a removal stays saved',
      (c) => {
        c.states.removing.invoke.onDone.target = 'saved';
      },
    ],
    [
      'a dropped guard: a member edits',
      (c) => {
        delete c.states.loading.invoke.onDone[1].guard;
      },
    ],
    [
      // The route is told the cart the removal answered (notifyKept reads it from the done event), so the order of
      // the two actions no longer matters: the mutant is the route not told at all.
      'a removed action: the route is not told which cart keeps the change',
      (c) => {
        c.states.removing.invoke.onDone.actions = ['storeEdit'];
      },
    ],
    [
      'a removed action: a discard does not tell the route to forget the cart',
      (c) => {
        c.states.discarding.invoke.onDone.actions = ['dropEdit'];
      },
    ],
    [
      'candidates reordered: something to pay completes for free',
      (c) => {
        c.states.unsaved.on.confirm.reverse();
      },
    ],
    [
      'a deleted transition: an expiring change is kept',
      (c) => {
        delete c.states.unsaved.invoke.onDone;
      },
    ],
    [
      'an added transition: Confirm Changes on the saved page',
      (c) => {
        c.states.saved.on.confirm = { target: 'confirming' };
      },
    ],
  ])('%s', (_, edit) => {
    const { table, worlds, events } = editOrder;
    const mutant = mutantOf(editOrderMachine, edit as (config: never) => void);
    expect(() => expectTable({ machine: mutant, table, worlds, events })).toThrow();
  });
});

describe('hand-made reschedule mutants fail the table (spec 2 §2, §5, §8)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: a failed update goes back to choosing',
      (c) => {
        c.states.updating.invoke.onError.target = 'choosing';
      },
    ],
    [
      'a dropped guard: Update without a date and a session',
      (c) => {
        delete c.states.choosing.on.update.guard;
      },
    ],
    [
      'a swapped action: a failed update keeps the date',
      (c) => {
        c.states.updating.invoke.onError.actions = 'showSessionsError';
      },
    ],
    [
      'a removed action: the chosen session is not kept',
      (c) => {
        delete c.states.choosing.on['session.select'].actions;
      },
    ],
    [
      'candidates reordered: a member with nothing to move is unavailable',
      (c) => {
        // After the child's refused and failed answers: the member's row and the nothing-to-move row.
        const onDone = c.states.loading.invoke.onDone;
        [onDone[2], onDone[3]] = [onDone[3], onDone[2]];
      },
    ],
    [
      'a deleted transition: another day while the sessions load',
      (c) => {
        delete c.states.loadingSessions.on;
      },
    ],
    [
      'not re-entered: another day while loading does not load its sessions',
      (c) => {
        delete c.states.loadingSessions.on['date.select'].reenter;
      },
    ],
  ])('%s', (_, edit) => {
    const { table, worlds, events } = reschedule;
    const mutant = mutantOf(rescheduleMachine, edit as (config: never) => void);
    expect(() => expectTable({ machine: mutant, table, worlds, events })).toThrow();
  });
});
