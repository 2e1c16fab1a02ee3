/**
 * Cancel auto-renew held to its independent transition table (issue 29, ./autoRenewCancel.table.ts, written from
 * spec 3 §2, §4, §8): every state × world × event sample, the start, and the confirmation's long date for every
 * month.
 */
import { describe, expect, it } from 'vitest';
import { autoRenewCancelMachine } from '../../machines/autoRenewCancel/autoRenewCancel.machine';
import { longDate } from '../../machines/autoRenewCancel/rules';
import { events, table, worlds } from './autoRenewCancel.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('cancel auto-renew held to its transition table (spec 3 §2, §4, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(autoRenewCancelMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: autoRenewCancelMachine, table, worlds, events })).toBeGreaterThan(90);
  });

  it('starts loading the order’s membership, nothing known yet and nobody taken for logged in', () => {
    expect(actualInitial(autoRenewCancelMachine, { ticketOrderId: 'order-9' })).toEqual(
      expectedInitial(table, { ticketOrderId: 'order-9', membership: null, loggedIn: false, error: null }),
    );
  });

  it("writes the valid-to date as 'MMMM D, YYYY' for every month (spec 3 §4)", () => {
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    months.forEach((month, i) => {
      expect(longDate(`2027-${String(i + 1).padStart(2, '0')}-09T12:00:00Z`)).toBe(`${month} 9, 2027`);
    });
    expect(longDate('2027-13-01')).toBe('2027-13-01');
    expect(longDate('soon')).toBe('soon');
  });
});
