/**
 * Redeem a gift membership's rules and view (spec 3 §2 "Redeem membership page", §5 "Gift code", §8 "Redeem",
 * §9), written from the spec: a code has exactly 10 characters once trimmed; it is expired when now is before
 * valid_from or after valid_to (the bounds themselves are valid); the offer is the 3 highest-rank discounted levels
 * by discounted amount then amount descending (fast-check against the table's oracle); the lookup's and the
 * reserve's readings; the named members handed over; the view of every state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { giftRedeemMachine } from '../../machines/membership/giftRedeem.machine';
import {
  codeFieldError,
  GIFT_CODE_LENGTH,
  isDiscounted,
  isExpired,
  isGiftCode,
  lookupErrorMessage,
  lookupOutcome,
  MAX_REDEEM_LEVELS,
  membersOf,
  redeemLevels,
  reserveErrorMessage,
} from '../../machines/membership/giftRedeem.rules';
import type { GiftRedeemContext, RedeemLevel } from '../../machines/membership/giftRedeem.types';
import { selectGiftRedeemView } from '../../machines/membership/giftRedeem.view';
import { CODE, LEVELS, OFFERED, offered } from './giftRedeem.table';

const level = (id: string, rank: number, amount: number, discountedAmount: number | null): RedeemLevel => ({
  id,
  ticketGroupId: 'tg',
  name: id,
  rank,
  amount,
  discountedAmount,
});

describe('the gift code (spec 3 §5, §9)', () => {
  it('has exactly 10 characters once trimmed', () => {
    expect(GIFT_CODE_LENGTH).toBe(10);
    expect(isGiftCode(CODE)).toBe(true);
    expect(isGiftCode(`  ${CODE}\t`)).toBe(true);
    for (const code of [null, undefined, '', 'GIFT00001', `${CODE}1`, '          ', ' GIFT0001 '])
      expect(isGiftCode(code), String(code)).toBe(false);
    expect(codeFieldError(CODE)).toBeNull();
    expect(codeFieldError('GIFT')).toEqual({ key: 'giftCodeInvalid' });
  });

  it('any string: a code exactly when its trimmed length is 10', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (s) => {
        expect(isGiftCode(s)).toBe(s.trim().length === 10);
        expect(codeFieldError(s)).toEqual(s.trim().length === 10 ? null : { key: 'giftCodeInvalid' });
      }),
    );
  });
});

describe('expiry (spec 3 §5: now before valid_from or after valid_to)', () => {
  it('the bounds themselves are valid; 1 ms outside is expired; a missing bound does not expire', () => {
    const from = 1_000;
    const to = 2_000;
    expect(isExpired({ validFrom: from, validTo: to, checkedAt: from })).toBe(false);
    expect(isExpired({ validFrom: from, validTo: to, checkedAt: to })).toBe(false);
    expect(isExpired({ validFrom: from, validTo: to, checkedAt: from - 1 })).toBe(true);
    expect(isExpired({ validFrom: from, validTo: to, checkedAt: to + 1 })).toBe(true);
    expect(isExpired({ validFrom: null, validTo: to, checkedAt: 0 })).toBe(false);
    expect(isExpired({ validFrom: from, validTo: null, checkedAt: 9e15 })).toBe(false);
    expect(isExpired({ validFrom: null, validTo: null, checkedAt: -5 })).toBe(false);
  });

  it('any bounds and time', () => {
    const bound = fc.option(fc.integer({ min: -1e6, max: 1e6 }), { nil: null });
    fc.assert(
      fc.property(bound, bound, fc.integer({ min: -1e6, max: 1e6 }), (validFrom, validTo, checkedAt) => {
        const expired =
          (validFrom !== null && checkedAt < validFrom) || (validTo !== null && checkedAt > validTo);
        expect(isExpired({ validFrom, validTo, checkedAt })).toBe(expired);
      }),
    );
  });
});

describe('the levels a code offers (spec 3 §2, §9)', () => {
  it('discounted: a discounted amount below the amount', () => {
    expect(isDiscounted(level('a', 1, 100, 99))).toBe(true);
    expect(isDiscounted(level('a', 1, 100, 0))).toBe(true);
    expect(isDiscounted(level('a', 1, 100, 100))).toBe(false);
    expect(isDiscounted(level('a', 1, 100, null))).toBe(false);
  });

  it('the highest-rank 3 of the discounted ones, by discounted amount then amount descending', () => {
    expect(MAX_REDEEM_LEVELS).toBe(3);
    expect(redeemLevels(LEVELS).map((l) => l.id)).toEqual(OFFERED);
  });

  it('any levels: the table’s oracle (ranks and amounts distinct enough to order)', () => {
    const levels = fc.uniqueArray(
      fc.record({
        rank: fc.integer({ min: 0, max: 50 }),
        amount: fc.integer({ min: 0, max: 20 }).map((n) => n * 500),
        discountedAmount: fc.option(
          fc.integer({ min: 0, max: 20 }).map((n) => n * 250),
          { nil: null },
        ),
      }),
      { maxLength: 8, selector: (l) => l.rank },
    );
    fc.assert(
      fc.property(levels, (raw) => {
        const all = raw.map((l, i) => level(`L${i}`, l.rank, l.amount, l.discountedAmount));
        const got = redeemLevels(all);
        // the same levels in the same order; ties of both keys keep no order the spec names: compared as keys
        const keys = (ls: RedeemLevel[]) => ls.map((l) => [l.discountedAmount, l.amount, l.rank]);
        expect(keys(got)).toEqual(keys(offered(all)));
        expect(got.length).toBeLessThanOrEqual(3);
      }),
    );
  });
});

describe('the lookup’s answer and the failures (spec 3 §5, §8)', () => {
  const lookup = { validFrom: 0, validTo: 10, exhausted: false, checkedAt: 5, levels: LEVELS };

  it('exhausted first, then expired, then no discounted level, else the offer', () => {
    expect(lookupOutcome({ ...lookup, exhausted: true, checkedAt: 11 })).toEqual({
      kind: 'refused',
      message: { key: 'giftCodeRedeemed' },
    });
    expect(lookupOutcome({ ...lookup, checkedAt: 11, levels: [] })).toEqual({
      kind: 'refused',
      message: { key: 'giftCodeExpired' },
    });
    expect(lookupOutcome({ ...lookup, levels: [level('x', 1, 100, null)] })).toEqual({
      kind: 'refused',
      message: { key: 'redeemNoLevels' },
    });
    const valid = lookupOutcome(lookup);
    expect(valid.kind === 'valid' && valid.levels.map((l) => l.id)).toEqual(OFFERED);
  });

  it('a failed lookup: unknown codes are invalid, expired and spent ones their texts, ignored ones the generic text', () => {
    expect(lookupErrorMessage({ code: 'not_found', status: 404 })).toEqual({ key: 'giftCodeInvalid' });
    expect(lookupErrorMessage({ code: 'code_not_found' })).toEqual({ key: 'giftCodeInvalid' });
    expect(lookupErrorMessage({ code: 'code_expired' })).toEqual({ key: 'giftCodeExpired' });
    expect(lookupErrorMessage({ code: 'code_exhausted' })).toEqual({ key: 'giftCodeRedeemed' });
    expect(lookupErrorMessage({ code: 'validate_not_email' })).toEqual({ key: 'errorUnexpectedLater' });
    expect(lookupErrorMessage({ code: 'unexpected', status: 502 })).toEqual({ key: 'errorUnexpectedLater' });
  });

  it('a refused reserve: the lookup texts, nothing for the two ignored codes, the context kept', () => {
    expect(reserveErrorMessage({ code: 'code_exhausted' })).toEqual({ key: 'giftCodeRedeemed' });
    expect(reserveErrorMessage({ code: 'rule_blocks_reserve', context: 'checkout_rules' })).toBeNull();
    expect(reserveErrorMessage({ code: 'rule_blocks_reserve' })).not.toBeNull();
    expect(reserveErrorMessage({ code: 'validate_not_email' })).toBeNull();
  });

  it('the named members the form hands over: its details’ members list, else none', () => {
    const members = [{ partyRole: 'member', firstName: 'A', lastName: 'B' }];
    expect(membersOf({ members })).toBe(members);
    for (const details of [null, undefined, {}, { members: 'x' }, { members: { 0: 1 } }, 'members'])
      expect(membersOf(details)).toEqual([]);
  });
});

describe('the redeem view of every state', () => {
  const THREE = offered(LEVELS);
  const context: GiftRedeemContext = {
    code: ` ${CODE}`,
    codeError: { key: 'giftCodeExpired' },
    levels: THREE,
    levelId: 'Patron',
    details: null,
    formError: { key: 'redeemCartAction' },
    refusals: 4,
    cart: null,
  };
  const view = (state: string, over: Partial<GiftRedeemContext> = {}) =>
    selectGiftRedeemView(
      giftRedeemMachine.resolveState({ value: state as never, context: { ...context, ...over } }),
    );
  const rows: [
    string,
    { lookingUp: boolean; showForm: boolean; redeeming: boolean; cartConflict: boolean },
  ][] = [
    ['editing', { lookingUp: false, showForm: false, redeeming: false, cartConflict: false }],
    ['lookingUp', { lookingUp: true, showForm: false, redeeming: false, cartConflict: false }],
    ['choosing', { lookingUp: false, showForm: true, redeeming: false, cartConflict: false }],
    ['checkingCart', { lookingUp: false, showForm: true, redeeming: true, cartConflict: false }],
    ['cartConflict', { lookingUp: false, showForm: true, redeeming: false, cartConflict: true }],
    ['discarding', { lookingUp: false, showForm: true, redeeming: true, cartConflict: true }],
    ['reserving', { lookingUp: false, showForm: true, redeeming: true, cartConflict: false }],
    ['checkingUpsells', { lookingUp: false, showForm: false, redeeming: false, cartConflict: false }],
    ['redeemed', { lookingUp: false, showForm: true, redeeming: true, cartConflict: false }],
  ];

  it.each(rows)('%s', (state, expected) => {
    expect(view(state)).toEqual({
      code: ` ${CODE}`,
      codeLength: 10,
      codeError: { key: 'giftCodeExpired' },
      levels: THREE,
      levelId: 'Patron',
      canRedeem: state === 'choosing',
      formError: { key: 'redeemCartAction' },
      errorVersion: 4,
      ...expected,
    });
  });

  it('redeem is offered only in the form with a level it shows', () => {
    expect(view('choosing', { levelId: null }).canRedeem).toBe(false);
    expect(view('choosing', { levelId: 'Benefactor' }).canRedeem).toBe(false);
    expect(view('choosing', { levelId: 'Family' }).canRedeem).toBe(true);
  });
});
