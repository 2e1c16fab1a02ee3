/**
 * The ticket form child held to its independent transition table (issue 17, ./ticketForm.table.ts, written
 * from spec 1 §2, §4 "Quantities" and the submit rules, §5 and §8): every state × world × event sample, and
 * the start with each input.
 */
import { describe, expect, it } from 'vitest';
import type { TicketFormChildContext } from '../../machines/reserve/core/ticket-form';
import { ticketFormMachine } from '../../machines/reserve/core/ticketForm.machine';
import { wishGroup } from '../../stories/fixtures/dateFirstReserve';
import {
  attendeeLecture,
  citypassGroup,
  citypassLecture,
  lectureSession,
  wishLecture,
} from '../../stories/fixtures/singleEventReserve';
import { base, events, table, worlds } from './ticketForm.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('ticketForm held to its transition table (spec 1 §2, §4, §5, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(ticketFormMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: ticketFormMachine, table, worlds, events })).toBeGreaterThan(500);
  });

  it('starts editing the groups it is given, with their quantities and the fields in step', () => {
    const named: TicketFormChildContext = {
      ...base(attendeeLecture),
      groups: attendeeLecture.ticketGroups,
      session: lectureSession,
      quantities: { 't-general': 2 },
      admits: {
        't-general': [
          { first: '', last: '', email: '' },
          { first: '', last: '', email: '' },
        ],
      },
    };
    expect(
      actualInitial(ticketFormMachine, {
        event: attendeeLecture,
        groups: attendeeLecture.ticketGroups,
        session: lectureSession,
        quantities: { 't-general': 2 },
      }),
    ).toEqual(expectedInitial(table, named));
    const flexible: TicketFormChildContext = {
      ...base(citypassLecture),
      groups: [citypassGroup],
      quantities: { 't-cp-adult': 1 },
      vouchers: { 't-cp-adult': [''] },
    };
    expect(
      actualInitial(ticketFormMachine, {
        event: citypassLecture,
        groups: [citypassGroup],
        session: null,
        quantities: { 't-cp-adult': 1 },
      }),
    ).toEqual(expectedInitial(table, flexible));
    expect(
      actualInitial(ticketFormMachine, {
        event: wishLecture,
        groups: [wishGroup],
        session: null,
        presetPriceCents: 1250,
      }),
    ).toEqual(expectedInitial(table, { ...base(wishLecture), groups: [wishGroup], presetPriceCents: 1250 }));
  });
});
