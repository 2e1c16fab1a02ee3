/**
 * The donation form held to its independent transition table (issue 23, ./donation.table.ts, written from spec 2
 * §2, §4 "Donations" and spec 1 §5): every state × world × event sample, and the start.
 */
import { describe, expect, it } from 'vitest';
import { donationMachine } from '../../machines/donation/donation.machine';
import type { DonationContext } from '../../machines/donation/types';
import { GROUP_ID, NO_DONATION } from '../../stories/fixtures/donation';
import { events, table, worlds } from './donation.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('donation held to its transition table (spec 2 §2, §4; spec 1 §5)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(donationMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: donationMachine, table, worlds, events })).toBeGreaterThan(200);
  });

  it('starts loading the group, following the app cart, with nothing chosen', () => {
    const input = { groupId: GROUP_ID, cart: NO_DONATION };
    const context: DonationContext = {
      groupId: GROUP_ID,
      group: null,
      cart: NO_DONATION,
      choice: null,
      amount: '',
      checked: false,
      error: null,
      notice: null,
      refusals: 0,
      cartActor: null,
    };
    expect(actualInitial(donationMachine, input)).toEqual(
      expectedInitial(table, context, [{ invoke: 'followCart', input: { actor: null } }]),
    );
  });
});
