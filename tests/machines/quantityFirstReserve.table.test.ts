/**
 * The quantity-first flow held to its independent transition table (issue 29, ./quantityFirstReserve.table.ts,
 * written from spec 1 §2 and §4 "Quantity-first flow", §5, §7, §8 and §9): every state × world × event sample,
 * and the start with each input (the query's `select` at its group's first step).
 */
import { describe, expect, it } from 'vitest';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import type { QuantityFirstReserveContext } from '../../machines/reserve/quantityFirstReserve.types';
import { qfAttendeeEvent, qfEvent } from '../../stories/fixtures/quantityFirstReserve';
import { base, events, table, worlds } from './quantityFirstReserve.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

/** The machine's first context, from the table's (independent) base world. */
const fresh = (over: Partial<QuantityFirstReserveContext>): QuantityFirstReserveContext =>
  base(over.event ?? qfEvent, over);

describe('quantityFirstReserve held to its transition table (spec 1 §2, §4 "Quantity-first flow", §5, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(quantityFirstReserveMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: quantityFirstReserveMachine, table, worlds, events })).toBeGreaterThan(
      1000,
    );
  });

  it('starts with the quantities open: nothing chosen, or the query’s select at its group’s first step', () => {
    expect(actualInitial(quantityFirstReserveMachine, { event: qfEvent })).toEqual(
      expectedInitial(table, fresh({})),
    );
    expect(
      actualInitial(quantityFirstReserveMachine, {
        event: qfEvent,
        select: 't-family',
        presetPriceCents: 800,
      }),
    ).toEqual(expectedInitial(table, fresh({ quantities: { 't-family': 2 }, presetPriceCents: 800 })));
    // An unknown type preselects nothing; the attendees follow the preselected tickets.
    expect(actualInitial(quantityFirstReserveMachine, { event: qfEvent, select: 't-none' })).toEqual(
      expectedInitial(table, fresh({})),
    );
    const blank = { first: '', last: '', email: '' };
    expect(actualInitial(quantityFirstReserveMachine, { event: qfAttendeeEvent, select: 't-adult' })).toEqual(
      expectedInitial(
        table,
        fresh({ event: qfAttendeeEvent, quantities: { 't-adult': 1 }, admits: { 't-adult': [blank] } }),
      ),
    );
  });
});
