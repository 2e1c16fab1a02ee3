/**
 * The quantity-first flow held to its independent transition table (issue 29, ./quantityFirstReserve.table.ts,
 * written from spec 1 §2 and §4 "Quantity-first flow", §5, §7, §8 and §9): every state × world × event sample,
 * and the start with each input (the query's `select` at its group's first step).
 */
import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../api/models';
import type { Quantities } from '../../machines/reserve/quantities';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import type { QuantityFirstReserveContext } from '../../machines/reserve/quantityFirstReserve.types';
import { qfEvent } from '../../stories/fixtures/quantityFirstReserve';
import { base, events, table, worlds } from './quantityFirstReserve.table';
import { actualInitial, atomicStates, type Call, expectedInitial, expectTable } from './transition-table';

/** The machine's first context, from the table's (independent) base world. */
const fresh = (over: Partial<QuantityFirstReserveContext>): QuantityFirstReserveContext =>
  base(over.event ?? qfEvent, over);

describe('quantityFirstReserve held to its transition table (spec 1 §2, §4 "Quantity-first flow", §5, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(quantityFirstReserveMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(
      expectTable({ machine: quantityFirstReserveMachine, table, worlds, events, children: ['ticketForm'] }),
    ).toBeGreaterThan(500);
  });

  it('starts with the quantities open and the form opened on the event’s groups: nothing chosen, or the query’s select at its group’s first step', () => {
    /** The form child, invoked at the root with the event's groups, no session, the quantities and amount. */
    const form = (event: EventDetail, quantities: Quantities, presetPriceCents: number | null): Call => ({
      invoke: 'ticketForm',
      input: { event, groups: event.ticketGroups, session: null, quantities, presetPriceCents },
    });
    expect(actualInitial(quantityFirstReserveMachine, { event: qfEvent })).toEqual(
      expectedInitial(table, fresh({}), [form(qfEvent, {}, null)]),
    );
    expect(
      actualInitial(quantityFirstReserveMachine, {
        event: qfEvent,
        select: 't-family',
        presetPriceCents: 800,
      }),
    ).toEqual(
      expectedInitial(table, fresh({ quantities: { 't-family': 2 }, presetPriceCents: 800 }), [
        form(qfEvent, { 't-family': 2 }, 800),
      ]),
    );
    // An unknown type preselects nothing.
    expect(actualInitial(quantityFirstReserveMachine, { event: qfEvent, select: 't-none' })).toEqual(
      expectedInitial(table, fresh({}), [form(qfEvent, {}, null)]),
    );
  });
});
