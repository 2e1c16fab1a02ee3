/**
 * The address lookup held to its independent transition table (issue 23, ./addressLookup.table.ts, written from
 * spec 1 §4, §5, §7, §8, §9): every state × world × event sample, and the start from the route's input.
 */
import { describe, expect, it } from 'vitest';
import { getInitialMicrosteps } from 'xstate';
import { addressLookupMachine } from '../../machines/addressLookup/addressLookup.machine';
import { events, table, worlds } from './addressLookup.table';
import { atomicStates, expectTable } from './transition-table';

describe('address lookup held to its transition table (spec 1 §4, §5, §9)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(addressLookupMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: addressLookupMachine, table, worlds, events })).toBeGreaterThan(300);
  });

  it('starts in autocomplete, unfocused, with the route’s country; a text at the start counts as picked', () => {
    const empty = getInitialMicrosteps(addressLookupMachine, { country: 'USA', text: '' })[0]?.[0];
    expect(empty?.value).toEqual({ autocomplete: 'idle' });
    expect(empty?.context).toEqual({
      country: 'USA',
      text: '',
      picked: null,
      focused: false,
      container: null,
      suggestions: [],
      active: -1,
      expanded: false,
      notice: null,
    });
    const prefilled = getInitialMicrosteps(addressLookupMachine, {
      country: 'GBR',
      text: '10 Downing Street',
    });
    expect(prefilled[0]?.[0].context).toMatchObject({
      text: '10 Downing Street',
      picked: '10 Downing Street',
    });
  });
});
