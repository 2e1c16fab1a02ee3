/**
 * The pending order page held to its independent transition table (issue 29, ./pendingOrder.table.ts, written
 * from spec 2 §2 "Pending page", §4 and issue 19): every state × world × event sample, and the start of a card
 * and of a debit payment.
 */
import { describe, expect, it } from 'vitest';
import { pendingOrderMachine } from '../../machines/pendingOrder/pendingOrder.machine';
import { selectPendingOrderView } from '../../machines/pendingOrder/view';
import { events, table, worlds } from './pendingOrder.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('pending order held to its transition table (spec 2 §2, §4; issue 19)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(pendingOrderMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: pendingOrderMachine, table, worlds, events })).toBeGreaterThan(50);
  });

  it.each([
    ['a card payment (no debit said)', { cartId: 'cart-7' }, false],
    ['a card payment', { cartId: 'cart-8', debit: false }, false],
    ['a bank debit', { cartId: 'cart-9', debit: true }, true],
  ])('%s starts checking the cart at once, no reference known yet', (_name, input, debit) => {
    expect(actualInitial(pendingOrderMachine, input)).toEqual(
      expectedInitial(table, { cartId: input.cartId, cartNumber: null, debit, orderIds: [], failures: 0 }),
    );
  });
});

describe('the pending page’s view over every state of the table (spec 2 §2)', () => {
  const stages: Record<keyof typeof table.states, string> = {
    checking: 'pending',
    waiting: 'pending',
    failed: 'failed',
    missing: 'missing',
    paymentFailed: 'paymentFailed',
    completed: 'completed',
  };
  it.each(Object.entries(stages))(
    '%s: the stage %s, the reference the cart’s number, the debit wording',
    (state, stage) => {
      for (const { context } of worlds) {
        const snapshot = pendingOrderMachine.resolveState({ value: state as never, context });
        expect(selectPendingOrderView(snapshot)).toEqual({
          stage,
          reference: context.cartNumber,
          debit: context.debit,
        });
      }
    },
  );
});
