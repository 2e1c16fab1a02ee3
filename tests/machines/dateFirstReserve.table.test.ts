/**
 * The date-first flow held to its independent transition table (issue 29, ./dateFirstReserve.table.ts, written
 * from spec 1 §2 "Date-first reserve screen", §4 "Date-first flow", §5, §8 and §9): every state × world × event
 * sample, and the start with each input (the query's reserve mode read once).
 */
import { describe, expect, it } from 'vitest';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import type { DateFirstReserveContext } from '../../machines/reserve/dateFirstReserve.types';
import { event, NOW } from '../../stories/fixtures/dateFirstReserve';
import { base, events, table, worlds } from './dateFirstReserve.table';
import { actualInitial, atomicStates, type Call, expectedInitial, expectTable } from './transition-table';

/** The machine's first context, from the table's (independent) base world. */
const fresh = (over: Partial<DateFirstReserveContext>): DateFirstReserveContext => base(over);

describe('dateFirstReserve held to its transition table (spec 1 §2, §4 "Date-first flow", §5, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(dateFirstReserveMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(
      expectTable({ machine: dateFirstReserveMachine, table, worlds, events, children: ['ticketForm'] }),
    ).toBeGreaterThan(1000);
  });

  it.each([
    [undefined, 'warn'],
    ['strict', 'strict'],
    [' STRICT ', 'strict'],
    ['no', 'off'],
    ['0', 'off'],
    ['yes', 'warn'],
    ['maybe', 'warn'],
  ] as const)(
    'starts loading the calendar, the form closed (no groups); reserve=%s reads %s (spec 1 §2, §5 flag words)',
    (reserve, mode) => {
      const query = reserve === undefined ? {} : { reserve };
      /** The form child, invoked at the root with no groups (closed), no session, the price query. */
      const form: Call = {
        invoke: 'ticketForm',
        input: { event, groups: [], session: null, presetPriceCents: 700 },
      };
      expect(
        actualInitial(dateFirstReserveMachine, { event, now: NOW, query, presetPriceCents: 700 }),
      ).toEqual(expectedInitial(table, fresh({ query, mode, presetPriceCents: 700 }), [form]));
    },
  );
});
