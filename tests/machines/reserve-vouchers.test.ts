/**
 * City-pass voucher rules (spec 1 §5 "City-pass voucher", §8 "invalid_citypass and code_exhausted: shown beside
 * the voucher field"): the shared rule (domain/citypass-rule.ts) and the reserve core's part (core/vouchers.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  childKeywords,
  citypassGroupIdsOf,
  codeGroupsOf,
  isChildType,
  voucherFits,
  voucherKinds,
} from '../../domain/citypass-rule';
import {
  requestVouchers,
  selectVouchers,
  voucherRefusalOf,
  vouchersAfterChange,
  vouchersHold,
  vouchersInStep,
} from '../../machines/reserve/core/vouchers';
import {
  citypassGroup,
  citypassLecture,
  lecture,
  lectureGroup,
  VOUCHERS,
  voucherUsedError,
} from '../../stories/fixtures/singleEventReserve';
import '../../ui/reserve/strings';
import { createStrings, resolveMessage, type UiMessage } from '../../ui/strings';

const T = createStrings();
const text = (m: UiMessage | null) => (m ? resolveMessage(T, m) : null);
const groups = [lectureGroup, citypassGroup];
const CODE_GROUPS = citypassLecture.citypass?.codeGroups ?? [];
const FORMAT = 'Does not match the expected format. Please check your City Pass code.';

describe('the shared city-pass rule', () => {
  it('reads the seller and event config (a list or one object; JSON text too); malformed entries are dropped', () => {
    expect(
      codeGroupsOf([{ adult_regexp: '^A$', child_regexp: 5, child_ticket_type_keywords: ['kid', 3] }]),
    ).toEqual([{ adult_regexp: '^A$', child_regexp: null, child_ticket_type_keywords: ['kid'] }]);
    expect(codeGroupsOf('{"child_regexp":"^C$"}')).toEqual([
      { adult_regexp: null, child_regexp: '^C$', child_ticket_type_keywords: [] },
    ]);
    expect(codeGroupsOf([{ child_ticket_type_keywords: ['x'] }, null, 'nope'])).toEqual([]);
    expect(codeGroupsOf('{not json')).toEqual([]);
    expect(codeGroupsOf([{ adult_regexp: 'x'.repeat(201) }])).toEqual([]);
    expect(citypassGroupIdsOf({ ticket_group_ids: ['g1', '', 2] })).toEqual(['g1']);
    expect(citypassGroupIdsOf(null)).toEqual([]);
  });

  it("child tickets by the config's keywords, else the option, else 'child' (any case)", () => {
    const configured = codeGroupsOf([{ adult_regexp: '^A$', child_ticket_type_keywords: ['Kid', 'youth'] }]);
    expect(childKeywords(configured, ['junior'])).toEqual(['Kid', 'youth']);
    expect(childKeywords(codeGroupsOf([{ adult_regexp: '^A$' }]), ['junior'])).toEqual(['junior']);
    expect(childKeywords([], [])).toEqual(['child']);
    expect(isChildType('City Pass CHILD', ['child'])).toBe(true);
    expect(isChildType('Youth (12-17)', ['Kid', 'youth'])).toBe(true);
    expect(isChildType('City Pass Adult', ['child'])).toBe(false);
    expect(isChildType('Adult', ['  '])).toBe(false);
  });

  it('a voucher fits its kind: trimmed, the adult or child pattern, at most 35 characters; bad patterns match nothing', () => {
    expect(voucherFits(` ${VOUCHERS.adult} `, 'adult', CODE_GROUPS)).toBe(true);
    expect(voucherFits(VOUCHERS.adult, 'child', CODE_GROUPS)).toBe(false);
    expect(voucherFits(VOUCHERS.child, 'child', CODE_GROUPS)).toBe(true);
    expect(voucherFits(VOUCHERS.wrong, 'adult', CODE_GROUPS)).toBe(false);
    expect(
      voucherFits('', 'adult', [{ adult_regexp: '.*', child_regexp: null, child_ticket_type_keywords: [] }]),
    ).toBe(false);
    expect(
      voucherFits('A'.repeat(36), 'adult', [
        { adult_regexp: '^A+$', child_regexp: null, child_ticket_type_keywords: [] },
      ]),
    ).toBe(false);
    expect(
      voucherKinds('x', [{ adult_regexp: '(', child_regexp: 'x', child_ticket_type_keywords: [] }]),
    ).toEqual(['child']);
  });

  it('property: a voucher of the adult format never fits a child ticket, and fits an adult one however padded', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^ {0,3}$/), (digits, pad) => {
        const adult = `${pad}CP-A${digits}${pad}`;
        expect(voucherFits(adult, 'adult', CODE_GROUPS)).toBe(true);
        expect(voucherFits(adult, 'child', CODE_GROUPS)).toBe(false);
        expect(voucherFits(`CP-C${digits}`, 'child', CODE_GROUPS)).toBe(true);
      }),
    );
  });

  it('property: nothing outside the formats fits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (code) => {
        const ok = /^CP-[AC]\d{6}$/.test(code.trim());
        expect(voucherFits(code, 'adult', CODE_GROUPS) || voucherFits(code, 'child', CODE_GROUPS)).toBe(ok);
      }),
    );
  });
});

describe('the reserve core: vouchers', () => {
  it('one field per City Pass ticket, kept in step with the quantities; none for an event without City Pass', () => {
    const q = { 't-general': 2, 't-cp-adult': 2, 't-cp-child': 1 };
    const inStep = vouchersInStep(citypassLecture, groups, q, { 't-cp-adult': ['A'], 't-general': ['x'] });
    expect(inStep).toEqual({ 't-cp-adult': ['A', ''], 't-cp-child': [''] });
    expect(vouchersInStep(lecture, [lectureGroup], q, {})).toEqual({});
  });

  it('changes only a field that exists', () => {
    const v = { 't-cp-adult': ['', ''] };
    expect(
      vouchersAfterChange(v, { type: 'voucher.change', ticketTypeId: 't-cp-adult', index: 1, value: 'X' }),
    ).toEqual({ 't-cp-adult': ['', 'X'] });
    for (const bad of [
      { ticketTypeId: 't-cp-adult', index: 2 },
      { ticketTypeId: 't-cp-adult', index: -1 },
      { ticketTypeId: 't-cp-child', index: 0 },
    ])
      expect(vouchersAfterChange(v, { type: 'voucher.change', value: 'X', ...bad })).toBe(v);
  });

  it('the rule holds only with a voucher of its kind per ticket; the request sends them trimmed, per type', () => {
    const q = { 't-cp-adult': 1, 't-cp-child': 1 };
    const good = { 't-cp-adult': [` ${VOUCHERS.adult}`], 't-cp-child': [VOUCHERS.child] };
    expect(vouchersHold(citypassLecture, groups, q, good)).toBe(true);
    expect(vouchersHold(citypassLecture, groups, q, { ...good, 't-cp-child': [VOUCHERS.adult] })).toBe(false);
    expect(vouchersHold(citypassLecture, groups, q, { ...good, 't-cp-child': ['  '] })).toBe(false);
    expect(requestVouchers(citypassLecture, groups, q, good)).toEqual({
      't-cp-adult': [VOUCHERS.adult],
      't-cp-child': [VOUCHERS.child],
    });
    expect(requestVouchers(citypassLecture, groups, { 't-general': 1 }, good)).toBeUndefined();
  });

  it('the fields show their problems once a submit was stopped, and a refusal beside the field holding its voucher', () => {
    const context = {
      event: citypassLecture,
      quantities: { 't-cp-adult': 2 },
      vouchers: { 't-cp-adult': [VOUCHERS.wrong, VOUCHERS.adult.toLowerCase()] },
      vouchersChecked: false,
      voucherRefusal: null,
    };
    expect(selectVouchers(context, groups).map((f) => [text(f.invalid), text(f.error)])).toEqual([
      [FORMAT, null],
      [FORMAT, null],
    ]);
    expect(selectVouchers({ ...context, vouchersChecked: true }, groups).map((f) => text(f.error))).toEqual([
      FORMAT,
      FORMAT,
    ]);
    const refusal = voucherRefusalOf(voucherUsedError, { 't-cp-adult': [VOUCHERS.adult] });
    const shown = selectVouchers(
      {
        ...context,
        vouchers: { 't-cp-adult': ['CP-A000001', ` ${VOUCHERS.adult.toLowerCase()}`] },
        voucherRefusal: refusal,
      },
      groups,
    );
    expect(shown.map((f) => text(f.error))).toEqual([
      null,
      `The City Pass code "${VOUCHERS.adult}" has already been used.`,
    ]);
  });

  it('only invalid_citypass and code_exhausted naming a typed voucher are refusals beside a field', () => {
    const typed = { 't-cp-adult': [VOUCHERS.adult] };
    expect(voucherRefusalOf(voucherUsedError, typed)?.code).toBe(VOUCHERS.adult);
    expect(
      voucherRefusalOf({ ...voucherUsedError, code: 'invalid_citypass', description: null }, typed)?.message,
    ).toEqual({
      key: 'citypassFormat',
    });
    expect(voucherRefusalOf({ ...voucherUsedError, code: 'citypass_failure' }, typed)).toBeNull();
    expect(voucherRefusalOf({ ...voucherUsedError, extra: { code: 'CP-A999999' } }, typed)).toBeNull();
    expect(voucherRefusalOf({ ...voucherUsedError, extra: null }, typed)).toBeNull();
    expect(voucherRefusalOf(null, typed)).toBeNull();
  });
});
