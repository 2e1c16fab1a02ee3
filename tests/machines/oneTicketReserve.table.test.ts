/**
 * The one-ticket-only picker held to its independent transition table (issue 29, ./oneTicketReserve.table.ts,
 * written from spec 1 §2 layout 2, §4 "Quantities", §5, §8 and §9): every state × world × event sample, and
 * the start with each input.
 */
import { describe, expect, it } from 'vitest';
import { oneTicketReserveMachine } from '../../machines/reserve/oneTicketReserve.machine';
import type { OneTicketReserveContext } from '../../machines/reserve/oneTicketReserve.types';
import { donationEvent, ledgerEvent } from '../../stories/fixtures/oneTicketReserve';
import { events, table, worlds } from './oneTicketReserve.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('oneTicketReserve held to its transition table (spec 1 §2 layout 2, §4, §5, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(oneTicketReserveMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: oneTicketReserveMachine, table, worlds, events })).toBeGreaterThan(400);
  });

  it('starts loading the groups with nothing chosen; the query’s select, price and today are kept', () => {
    const context = (over: Partial<OneTicketReserveContext>): OneTicketReserveContext => ({
      event: donationEvent,
      select: null,
      today: null,
      groups: [],
      quantities: {},
      messages: [],
      blocking: null,
      cart: null,
      prices: {},
      presetPriceCents: null,
      pricesChecked: false,
      ...over,
    });
    expect(actualInitial(oneTicketReserveMachine, { event: donationEvent })).toEqual(
      expectedInitial(table, context({})),
    );
    const input = { event: ledgerEvent, select: 't-card', presetPriceCents: 700, today: '2026-11-21' };
    expect(actualInitial(oneTicketReserveMachine, input)).toEqual(
      expectedInitial(
        table,
        context({ event: ledgerEvent, select: 't-card', presetPriceCents: 700, today: '2026-11-21' }),
      ),
    );
  });
});
