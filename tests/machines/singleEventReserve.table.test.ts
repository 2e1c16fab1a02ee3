/**
 * The single-event form held to its independent transition table (issue 29, ./singleEventReserve.table.ts,
 * written from spec 1 §2 layout 4, §4 "Single-event flow", §5, §8 and §9): every state × world × event sample,
 * and the start with each input.
 */
import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../api/models';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import type { SingleEventReserveContext } from '../../machines/reserve/singleEventReserve.types';
import { codesEvent, lecture } from '../../stories/fixtures/singleEventReserve';
import { base, events, table, worlds } from './singleEventReserve.table';
import { actualInitial, atomicStates, type Call, expectedInitial, expectTable } from './transition-table';

/** The machine's first context, from the table's (independent) base world. */
const fresh = (over: Partial<SingleEventReserveContext>): SingleEventReserveContext => ({
  ...base(over.event ?? lecture),
  ...over,
});

describe('singleEventReserve held to its transition table (spec 1 §2 layout 4, §4, §5, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(singleEventReserveMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(
      expectTable({ machine: singleEventReserveMachine, table, worlds, events, children: ['ticketForm'] }),
    ).toBeGreaterThan(150);
  });

  it('starts the form (no groups yet, the price query), then loads the session or opens the form of discount codes', () => {
    const form = (event: EventDetail, presetPriceCents: number | null): Call => ({
      invoke: 'ticketForm',
      input: { event, groups: [], session: null, presetPriceCents },
    });
    expect(actualInitial(singleEventReserveMachine, { event: lecture })).toEqual(
      expectedInitial(table, fresh({}), [form(lecture, null)]),
    );
    const input = { event: codesEvent, select: 't-code', presetPriceCents: 900 };
    expect(actualInitial(singleEventReserveMachine, input)).toEqual(
      expectedInitial(table, fresh({ event: codesEvent, select: 't-code', presetPriceCents: 900 }), [
        form(codesEvent, 900),
      ]),
    );
  });
});
