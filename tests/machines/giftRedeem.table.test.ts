/**
 * Redeem a gift membership held to its independent transition table (issue 29, ./giftRedeem.table.ts, written
 * from spec 3 §2 "Redeem membership page", §4, §5 "Gift code", §8 "Redeem", §9): every state × world × event
 * sample, the start with and without a `?gift_code`, and the spec's texts of the keys the table names.
 */
import { describe, expect, it } from 'vitest';
import { giftRedeemMachine } from '../../machines/membership/giftRedeem.machine';
import { defaultStrings } from '../../ui/strings';
import { CODE, events, LEVELS, OFFERED, offered, table, worlds } from './giftRedeem.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

const start = {
  code: '',
  codeError: null,
  levels: [],
  levelId: null,
  details: null,
  formError: null,
  refusals: 0,
  cart: null,
};

describe('redeem a gift membership held to its transition table (spec 3 §2, §4, §5, §8, §9)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(giftRedeemMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: giftRedeemMachine, table, worlds, events })).toBeGreaterThan(300);
  });

  it('starts looking a 10-character ?gift_code up at once (trimmed); any other waits with an empty field', () => {
    for (const giftCode of [CODE, ` ${CODE}  `])
      expect(actualInitial(giftRedeemMachine, { giftCode })).toEqual(
        expectedInitial(table, { ...start, code: CODE }),
      );
    for (const giftCode of [null, '', 'GIFT00001', `${CODE}1`, '          '])
      expect(actualInitial(giftRedeemMachine, { giftCode })).toEqual(expectedInitial(table, start));
  });

  it('offers the highest-rank discounted levels, 3 at most, by discounted amount then amount descending', () => {
    expect(offered(LEVELS).map((l) => l.id)).toEqual(OFFERED);
  });

  it('names the keys whose texts are the spec’s', () => {
    expect(defaultStrings.giftCodeInvalid).toBe('You must enter a valid code');
    expect(defaultStrings.giftCodeExpired).toBe('This code has expired');
    expect(defaultStrings.giftCodeRedeemed).toBe('This code has already been redeemed');
    expect(defaultStrings.redeemCartAction).toBe(
      'You need to take action on your current cart before you can redeem a membership.',
    );
  });
});
