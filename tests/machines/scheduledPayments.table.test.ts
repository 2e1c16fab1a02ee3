/**
 * The scheduled payments panel held to its independent transition table (issue 29, ./scheduledPayments.table.ts,
 * written from spec 2 §4, §5, §8, §9): every state × world × event sample, the start (the default, or only
 * outstanding), and the follower of the app cart (a cart with a schedule tells its amounts).
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import type { CartModel } from '../../api/models';
import { scheduledPaymentsMachine } from '../../machines/scheduledPayments/scheduledPayments.machine';
import type { ScheduledPaymentsContext } from '../../machines/scheduledPayments/types';
import { events, SCHEDULE, table, twoDecimals, worlds } from './scheduledPayments.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

const follower = [{ invoke: 'followCart', input: { actor: null } }];
const context = (
  dueCents: number,
  outstandingCents: number,
  scheduled = SCHEDULE,
): ScheduledPaymentsContext => ({
  dueCents,
  outstandingCents,
  scheduled,
  cartActor: null,
  customCents: dueCents,
  customText: twoDecimals(dueCents),
  payment: null,
});

describe('scheduled payments held to their transition table (spec 2 §4, §5, §8, §9)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(scheduledPaymentsMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: scheduledPaymentsMachine, table, worlds, events })).toBeGreaterThan(500);
  });

  it('starts at due and tells it; only outstanding when the due amount is the outstanding balance', () => {
    const input = (dueCents: number, outstandingCents: number) => ({
      dueCents,
      outstandingCents,
      scheduled: SCHEDULE,
    });
    expect(actualInitial(scheduledPaymentsMachine, input(5000, 20000))).toEqual(
      expectedInitial(table, context(5000, 20000), follower),
    );
    expect(actualInitial(scheduledPaymentsMachine, input(7500, 7500))).toEqual(
      expectedInitial(table, context(7500, 7500), follower),
    );
    // The due amount is at most the outstanding balance; nothing below 0.
    expect(actualInitial(scheduledPaymentsMachine, input(9000, 7500))).toEqual(
      expectedInitial(table, context(7500, 7500), follower),
    );
    expect(actualInitial(scheduledPaymentsMachine, input(-1, -2))).toEqual(
      expectedInitial(table, context(0, 0), follower),
    );
    expect(actualInitial(scheduledPaymentsMachine, input(-1, 300))).toEqual(
      expectedInitial(table, context(0, 300), follower),
    );
  });

  it('follows the app cart: a shown cart with a schedule tells its listed amounts, any other nothing', () => {
    const listeners: ((snapshot: unknown) => void)[] = [];
    const ref = {
      subscribe: (listener: (snapshot: unknown) => void) => {
        listeners.push(listener);
        return { unsubscribe: () => listeners.splice(listeners.indexOf(listener), 1) };
      },
    } as unknown as AnyActorRef;
    const cart = (state: string, outstandingCents: number, scheduled: CartModel['scheduledPayments']) => ({
      matches: (value: string) => value === state,
      context: { cart: { totals: { outstandingCents }, scheduledPayments: scheduled } },
    });
    const push = (s: unknown) => {
      for (const l of listeners) l(s);
    };
    const actor = createActor(scheduledPaymentsMachine, {
      input: { dueCents: 5000, outstandingCents: 20000, scheduled: SCHEDULE, cartActor: ref },
    }).start();
    expect(actor.getSnapshot().context.cartActor).toBe(ref);
    const overdue = [
      { id: 'a', dueDate: '2026-11-01T00:00:00Z', amountCents: 1000, status: 'overdue' },
      { id: 'b', dueDate: '2026-11-20T00:00:00Z', amountCents: 4000, status: 'upcoming' },
      { id: 'c', dueDate: '2026-12-20T00:00:00Z', amountCents: 4000, status: 'upcoming' },
    ];
    push(cart('active', 9000, overdue));
    expect(actor.getSnapshot().context).toMatchObject({
      dueCents: 5000,
      outstandingCents: 9000,
      scheduled: overdue,
    });
    push(cart('loading', 100, overdue));
    push(cart('active', 100, []));
    push(cart('active', 100, undefined));
    expect(actor.getSnapshot().context.outstandingCents).toBe(9000);
    push(cart('expired', 4500, overdue));
    expect(actor.getSnapshot().context).toMatchObject({ dueCents: 4500, outstandingCents: 4500 });
    expect(actor.getSnapshot().value).toBe('outstandingOnly');
    actor.stop();
    expect(listeners).toHaveLength(0);
  });
});
