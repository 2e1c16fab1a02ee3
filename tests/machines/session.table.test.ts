/**
 * The member session held to its independent transition table (issue 29, ./session.table.ts, written from spec 3
 * §4, §6, §9 and spec 1 §3): every state × world × event sample, and the start from what was stored.
 */
import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../machines/session/session.machine';
import { sessions } from '../../stories/fixtures/session';
import { events, table, worlds } from './session.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('member session held to its transition table (spec 3 §4, §6, §9)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(sessionMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls (stored, home, the watch’s delay) are the table’s', () => {
    expect(expectTable({ machine: sessionMachine, table, worlds, events })).toBeGreaterThan(50);
  });

  it('starts watching a stored member, or as a guest', () => {
    expect(actualInitial(sessionMachine, { stored: sessions.grace })).toEqual(
      expectedInitial(table, { current: sessions.grace }),
    );
    expect(actualInitial(sessionMachine, { stored: null })).toEqual(
      expectedInitial(table, { current: null }),
    );
    expect(actualInitial(sessionMachine, undefined)).toEqual(expectedInitial(table, { current: null }));
  });
});
