/**
 * Register and edit profile held to their independent transition table (issue 26, ./account.table.ts, written
 * from spec 3 §5 and §7): every state × world × event sample, and the start of each mode.
 */
import { describe, expect, it } from 'vitest';
import { accountMachine } from '../../machines/account/account.machine';
import { events, table, worlds } from './account.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

const blank = {
  form: [],
  values: {},
  email: null,
  fieldErrors: {},
  formError: null,
  notice: null,
  refusals: 0,
};

describe('register and edit profile held to their transition table (spec 3 §5, §7)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(accountMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: accountMachine, table, worlds, events })).toBeGreaterThan(100);
  });

  it.each(['register', 'profile'] as const)(
    'starts %s loading the seller’s fields, nothing typed',
    (mode) => {
      expect(actualInitial(accountMachine, { mode })).toEqual(expectedInitial(table, { mode, ...blank }));
    },
  );
});
