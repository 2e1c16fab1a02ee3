/**
 * The cart machine held to its independent transition table (issue 29, ./cart.table.ts, written from spec 1
 * §4 and spec 2 §2, §4): every stable state × world × event sample, and the start from a stored id or none.
 */
import { describe, expect, it } from 'vitest';
import { cartMachine } from '../../machines/cart/cart.machine';
import { events, MODAL_MARKERS, table, worlds } from './cart.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

const machine = cartMachine.provide(MODAL_MARKERS);

describe('cart held to its transition table (spec 1 §4, spec 2 §4)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(cartMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine, table, worlds, events })).toBeGreaterThan(1000);
  });

  it('starts from the stored cart id (loading it) or from none (no cart, the mobile cart closed)', () => {
    const start = {
      cart: null,
      incoming: null,
      localExpiresAt: null,
      tickedAt: null,
      error: null,
      discardCartId: null,
      injected: false,
    };
    expect(actualInitial(machine, { storedCartId: 's1', allowMoreTime: true })).toEqual(
      expectedInitial(table, {
        ...start,
        cartId: 's1',
        persistedCartId: 's1',
        extension: { allowed: true, status: 'idle', message: null },
      }),
    );
    expect(actualInitial(machine, { storedCartId: null })).toEqual(
      expectedInitial(table, {
        ...start,
        cartId: null,
        persistedCartId: null,
        extension: { allowed: false, status: 'idle', message: null },
      }),
    );
  });
});
