/**
 * Reschedule held to its independent transition table (issue 29, ./reschedule.table.ts, written from spec 2 §2,
 * §4, §5, §6, §8): every state × world × event sample, and the start.
 */
import { describe, expect, it } from 'vitest';
import { rescheduleMachine } from '../../machines/reschedule/reschedule.machine';
import { events, table, worlds } from './reschedule.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('reschedule held to its transition table (spec 2 §2, §4, §5, §6, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(rescheduleMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: rescheduleMachine, table, worlds, events })).toBeGreaterThan(500);
  });

  it('starts loading the order, the session’s tickets and the event’s days, nothing chosen', () => {
    for (const input of [
      { orderId: 'order-9', sessionId: 'session-a', token: 'tok-9' },
      { orderId: 'order-10', sessionId: 'session-b', token: null },
    ])
      expect(actualInitial(rescheduleMachine, input)).toEqual(
        expectedInitial(table, {
          ...input,
          order: null,
          access: null,
          nowMs: 0,
          days: [],
          selectedDate: null,
          sessions: null,
          selectedSessionId: null,
          cartId: null,
          error: null,
          startAgain: false,
        }),
      );
  });
});
