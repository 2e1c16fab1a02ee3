/**
 * The membership purchase form's rules and view (spec 3 §2 "Membership purchase form", §4, §5, §9; spec 1 §3,
 * §4, §5, §8), written from the spec: the levels and their slots from the rules (fast-check against the table's
 * oracle for any rules), the shown slots and the member count, the unnamed stepper's clamp, the renewal window
 * (fast-check over any end and period), the previous membership, the reserve's request and body, the giftee,
 * the submit's error display; the form's view of every state and of the worlds the table walks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { membershipPurchaseMachine } from '../../machines/membership/membershipPurchase.machine';
import {
  activeSlotIndexes,
  buildLevels,
  clampUnnamed,
  EMAIL_MAX,
  emailShown,
  formErrors,
  gifteeOf,
  isSelfGift,
  latestMembership,
  looksLikeEmail,
  memberCount,
  membershipReserveBody,
  NAME_MAX,
  prefilledEntries,
  prefilledOptionalCount,
  previousLevel,
  renewalOpensAt,
  reserveRequestOf,
  roleOf,
  sortLevels,
  submitErrorOutcome,
  submitRefusal,
  UNNAMED_DEFAULT_MAX,
} from '../../machines/membership/rules';
import type {
  LevelInput,
  MemberEntry,
  MembershipLevel,
  MembershipPurchaseContext,
  MembershipReserveRequest,
  MembershipRuleInput,
} from '../../machines/membership/types';
import { selectMembershipFormView } from '../../machines/membership/view';
import { ADA, NOW, OFFER } from '../../stories/fixtures/membershipPurchase';
import { bodyOf, levelsOf, worlds } from './membershipPurchase.table';

const DAY = 86_400_000;
const built = levelsOf(OFFER).levels;
const byId = (id: string) => built.find((l) => l.id === id) as MembershipLevel;
const world = (name: string) => {
  const found = worlds.find((w) => w.name.startsWith(name));
  if (!found) throw new Error(name);
  return found.context;
};

describe('levels and their slots (spec 1 §3, §5, §8; spec 3 §2)', () => {
  it('the offer’s levels by rank then price, each with its slots', () => {
    const sorted = sortLevels(OFFER.levels);
    expect(sorted.map((l) => l.id)).toEqual(['t-individual', 't-dual', 't-family', 't-supporter']);
    expect(buildLevels({ levels: sorted, rules: OFFER.rules })).toEqual(levelsOf(OFFER));
    const l = (id: string, rank: number, priceCents: number) =>
      ({ ...OFFER.levels[0], id, rank, priceCents }) as LevelInput;
    expect(sortLevels([l('a', 1, 9), l('b', 1, 3), l('c', 0, 99), l('d', -1, 100)]).map((x) => x.id)).toEqual(
      ['d', 'c', 'b', 'a'],
    );
  });

  it('the roles of the spec, any other read as member', () => {
    for (const role of [
      'member',
      'second-card',
      'third-card',
      'youth',
      'child',
      'caregiver',
      'guest',
      'additional-member',
    ])
      expect(roleOf(role)).toBe(role);
    expect(roleOf('sponsor')).toBe('member');
    expect(roleOf('')).toBe('member');
    expect(UNNAMED_DEFAULT_MAX).toBe(10);
  });

  it('any rules: the slots the table’s oracle makes, a second rule of a role skipped', () => {
    const rule = fc.record({
      ticketTypeId: fc.constantFrom('a', 'b'),
      partyRole: fc.constantFrom('member', 'child', 'youth', 'sponsor'),
      named: fc.constantFrom('yes', 'optional', 'no', 'other'),
      min: fc.oneof(fc.integer({ min: -2, max: 4 }), fc.double({ min: -2, max: 4, noNaN: true })),
      max: fc.oneof(fc.integer({ min: -3, max: 5 }), fc.double({ min: -3, max: 5, noNaN: true })),
      emailRequired: fc.constantFrom('yes' as const, 'no' as const, 'other' as const),
    });
    const level = (id: string, rank: number, priceCents: number) => ({
      id,
      groupId: 'g',
      name: id,
      description: null,
      priceCents,
      originalPriceCents: null,
      rank,
    });
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 7 }), fc.integer({ min: 0, max: 2 }), (raw, rankA) => {
        const rules: MembershipRuleInput[] = raw.map((r) => ({ ...r, ticketGroupId: 'g' }));
        const offer = { levels: [level('a', rankA, 500), level('b', 1, 400)], rules };
        expect(buildLevels({ levels: sortLevels(offer.levels), rules })).toEqual(levelsOf(offer));
      }),
    );
  });
});

describe('the shown slots, the member count and the unnamed stepper (spec 3 §2, §5)', () => {
  it('the required slots and the first chosen optional ones', () => {
    const family = byId('t-family');
    expect(activeSlotIndexes(null, 3)).toEqual([]);
    expect(activeSlotIndexes(family, 0)).toEqual([0]);
    expect(activeSlotIndexes(family, 2)).toEqual([0, 1, 2]);
    expect(activeSlotIndexes(family, 9)).toEqual([0, 1, 2, 3]);
    const mixed = {
      ...family,
      slots: [family.slots[1], family.slots[0], family.slots[2]],
    } as MembershipLevel;
    expect(activeSlotIndexes(mixed, 1)).toEqual([0, 1]);
    const c = { levels: built, levelId: 't-family', optionalCount: 2, unnamedCount: 3 };
    expect(memberCount(c)).toBe(6);
    expect(memberCount({ ...c, levelId: null })).toBe(3);
  });

  it('any count: the unnamed stepper stays between min and max (whole numbers)', () => {
    const supporter = byId('t-supporter');
    expect(clampUnnamed(null, 5)).toBe(0);
    expect(clampUnnamed(byId('t-individual'), 5)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.oneof(fc.double(), fc.integer({ min: -10, max: 20 })),
        (min, extra, value) => {
          const level = { ...supporter, unnamed: { min, max: min + extra } };
          const got = clampUnnamed(level, value);
          const wholeValue = Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
          expect(got).toBe(Math.min(min + extra, Math.max(min, wholeValue)));
        },
      ),
    );
  });
});

describe('renewing (spec 3 §4)', () => {
  it('any end and period: renewing opens the period’s whole days before the end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4e12 }),
        fc.oneof(fc.integer({ min: -5, max: 400 }), fc.double({ min: -5, max: 400, noNaN: true })),
        (end, days) => {
          const validTo = new Date(end).toISOString();
          const whole = Math.max(0, Math.floor(days));
          expect(renewalOpensAt({ levelName: 'x', ticketGroupId: null, validTo }, days)).toBe(
            end - whole * DAY,
          );
        },
      ),
    );
    expect(renewalOpensAt({ levelName: 'x', ticketGroupId: null, validTo: 'soon' }, 3)).toBeNull();
    expect(renewalOpensAt(null, 3)).toBeNull();
  });

  it('the membership renewed is the one ending last', () => {
    const m = (validTo: string) => ({ levelName: validTo, ticketGroupId: null, validTo });
    expect(latestMembership(null)).toBeNull();
    expect(latestMembership({ ...ADA, memberships: [] })).toBeNull();
    const a = m('2026-01-01');
    const b = m('2027-01-01');
    const c = m('2026-06-01');
    expect(latestMembership({ ...ADA, memberships: [a, b, c] })).toBe(b);
    expect(latestMembership({ ...ADA, memberships: [b, a] })).toBe(b);
    const same = m('2027-01-01');
    expect(latestMembership({ ...ADA, memberships: [b, same] })).toBe(b);
  });
});

describe('the reserve (spec 3 §2, §8; spec 2 gift checkout)', () => {
  it('the request of a valid form: the level, the shown members, the giftee trimmed', () => {
    const gift = world('gift: a visitor, valid');
    const request = reserveRequestOf({
      ...gift,
      recipient: { first: ' Alan ', last: ' T ', email: ' a@b.co ' },
    });
    expect(request).toMatchObject({
      eventId: 'ev-membership',
      ticketGroupId: 'g-membership',
      levelId: 't-individual',
      members: [{ role: 'member', first: 'Grace', last: 'Hopper', email: 'grace@example.com' }],
      autoRenew: null,
      extend: false,
      giftee: { first: 'Alan', last: 'T', email: 'a@b.co' },
      renew: false,
    });
    expect(() => reserveRequestOf({ ...gift, levelId: null })).toThrow('membership reserve without a level');
    // entries the form does not hold (never so: one per slot) are sent blank, and checked as none
    const family = world('buy: Family');
    expect(reserveRequestOf({ ...family, members: [] }).members).toEqual([
      { role: 'member', first: '', last: '', email: null },
      { role: 'child', first: '', last: '', email: null },
      { role: 'child', first: '', last: '', email: null },
    ]);
    expect(formErrors({ ...family, members: [] })).toEqual({});
    expect(gifteeOf({ mode: 'buy', recipient: gift.recipient })).toBeNull();
    expect(gifteeOf({ mode: 'renew', recipient: gift.recipient })).toBeNull();
  });

  it('every world with a level: the body the table expects', () => {
    for (const w of worlds.filter((x) => x.context.levels.some((l) => l.id === x.context.levelId)))
      expect(membershipReserveBody(reserveRequestOf(w.context)), w.name).toEqual(bodyOf(w.context));
  });

  it('the body names only what was chosen', () => {
    const request: MembershipReserveRequest = {
      eventId: 'e',
      ticketGroupId: 'g',
      levelId: 'l',
      members: [{ role: 'child', first: 'A', last: 'B', email: null }],
      unnamedCount: 0,
      answers: {},
      autoRenew: null,
      extend: false,
      giftee: null,
      renew: false,
    };
    expect(membershipReserveBody(request)).toEqual({
      levelId: 'l',
      members: [{ partyRole: 'child', firstName: 'A', lastName: 'B' }],
    });
    expect(
      membershipReserveBody({
        ...request,
        unnamedCount: 1,
        answers: { q: 2 },
        autoRenew: false,
        extend: true,
        giftee: { first: 'x', last: 'y', email: 'z' },
        renew: true,
      }),
    ).toEqual({
      levelId: 'l',
      members: [{ partyRole: 'child', firstName: 'A', lastName: 'B' }],
      unnamedCount: 1,
      autoRenew: false,
      renew: true,
      extend: true,
      gift: true,
      survey: [{ ticketGroupId: 'g', data: { q: 2 } }],
    });
  });

  it('the submit’s errors: code_not_found rethrown, two ignored, the rest shown', () => {
    expect(submitErrorOutcome({ code: 'code_not_found' })).toEqual({ kind: 'rethrow' });
    expect(submitErrorOutcome({ code: 'validate_not_email' })).toEqual({ kind: 'ignore' });
    expect(submitErrorOutcome({ code: 'rule_blocks_reserve', context: 'checkout_rules' })).toEqual({
      kind: 'ignore',
    });
    expect(submitErrorOutcome({ code: 'member_limit_exceeded', description: 'No.' }).kind).toBe('show');
  });

  it('self gift: the purchaser’s email, any case and spaces, only when gifting', () => {
    const recipient = { first: 'a', last: 'b', email: ` ${ADA.email?.toUpperCase()} ` };
    expect(isSelfGift({ mode: 'gift', member: ADA, recipient })).toBe(true);
    expect(isSelfGift({ mode: 'buy', member: ADA, recipient })).toBe(false);
    expect(isSelfGift({ mode: 'gift', member: null, recipient })).toBe(false);
    expect(
      isSelfGift({ mode: 'gift', member: { ...ADA, email: ' ' }, recipient: { ...recipient, email: '' } }),
    ).toBe(false);
  });

  it('emails: shown unless the rule says other; the one email rule on the trimmed value; the limits', () => {
    expect([emailShown('yes'), emailShown('no'), emailShown('other')]).toEqual([true, true, false]);
    expect(looksLikeEmail(' ada@example.com ')).toBe(true);
    expect(looksLikeEmail('ada@localhost')).toBe(false);
    expect([NAME_MAX, EMAIL_MAX]).toEqual([50, 254]);
  });
});

describe('the names, the required email and the refusals, at their edges (spec 3 §2, §5; spec 1 §5)', () => {
  const valid = () => world('buy: Individual, valid');
  const withMember = (first: string, last: string, email = 'ada@example.com') => {
    const c = valid();
    return { ...c, members: c.members.map((m, i) => (i === 0 ? { ...m, first, last, email } : m)) };
  };
  const long = 'L'.repeat(NAME_MAX);

  it('each name: required once trimmed, then at most 50 characters once trimmed', () => {
    const max = { max: NAME_MAX };
    expect(formErrors(withMember(`${long}x`, 'Hopper'))).toMatchObject({
      'member.0.first': { key: 'firstNameTooLong', params: max },
    });
    expect(formErrors(withMember('Grace', `${long}x`))).toMatchObject({
      'member.0.last': { key: 'lastNameTooLong', params: max },
    });
    expect(formErrors(withMember('Grace', '   '))).toMatchObject({
      'member.0.last': { key: 'lastNameRequired' },
    });
    expect(formErrors(withMember(` ${long} `, ` ${long} `))).toEqual({});
  });

  it('a slot whose rule says yes needs its email; one that says no may leave it blank', () => {
    const dual = byId('t-dual');
    expect(dual.slots.map((slot) => [slot.optional, slot.email])).toEqual([
      [false, 'yes'],
      [true, 'no'],
    ]);
    const blank: MemberEntry = { first: 'Grace', last: 'Hopper', email: '', disabled: false };
    const errors = formErrors({ ...valid(), levelId: dual.id, optionalCount: 1, members: [blank, blank] });
    expect(errors).toEqual({ 'member.0.email': expect.objectContaining({ key: 'emailRequired' }) });
  });

  it('tickets in the cart refuse a gift only: a purchase for oneself goes on', () => {
    const buying = { ...valid(), cartTicketCount: 2 };
    expect(submitRefusal(buying)).toBeNull();
    expect(
      submitRefusal({ ...buying, mode: 'gift', recipient: { first: 'A', last: 'T', email: 'a@t.io' } }),
    ).toMatchObject({ key: 'giftCartNotEmpty' });
  });

  it('the renewed level by its name, any case and spaces, before its group', () => {
    const levels = [byId('t-individual'), byId('t-dual')];
    const previous = { levelName: '  dUAL ', ticketGroupId: 'another-group', validTo: '2027-01-01' };
    expect(previousLevel(levels, previous)?.id).toBe('t-dual');
  });

  it('a renewal keeps read-only only the members with a name; blank-looking names are not names', () => {
    const dual = byId('t-dual');
    const member = {
      ...ADA,
      memberships: [
        {
          levelName: 'Dual',
          ticketGroupId: null,
          validTo: '2027-01-01',
          members: [
            { first: ' ', last: 'Lovelace', email: null },
            { first: '  ', last: ' ', email: null },
          ],
        },
      ],
    };
    const settings = { ...valid().settings, preventUpdates: true };
    const entries = prefilledEntries(dual, { mode: 'renew', member, settings });
    expect(entries.map((e) => e.disabled)).toEqual([true, false]);
    const optional = dual.slots.findIndex((slot) => slot.optional);
    expect(optional).toBeGreaterThanOrEqual(0);
    const blanks = dual.slots.map(() => ({ first: '  ', last: 'X', email: '', disabled: false }));
    expect(prefilledOptionalCount(dual, blanks)).toBe(0);
    expect(
      prefilledOptionalCount(
        dual,
        blanks.map((e) => ({ ...e, first: 'Byron' })),
      ),
    ).toBe(1);
  });
});

describe('the form’s view', () => {
  const snap = (state: string, context: MembershipPurchaseContext) =>
    membershipPurchaseMachine.resolveState({ value: state as never, context });

  it('the status of every state, submit enabled only in the form with a level', () => {
    const c = world('buy: Individual, valid');
    const rows: [string, string][] = [
      ['loading', 'loading'],
      ['loadError', 'loadError'],
      ['unavailable', 'unavailable'],
      ['editing', 'ready'],
      ['askingLoginOrGuest', 'ready'],
      ['reserving', 'submitting'],
      ['done', 'done'],
      ['failed', 'failed'],
    ];
    for (const [state, status] of rows) {
      const view = selectMembershipFormView(snap(state, c));
      expect(view.status, state).toBe(status);
      expect(view.submitDisabled, state).toBe(status !== 'ready');
      expect(view.askingLoginOrGuest, state).toBe(state === 'askingLoginOrGuest');
    }
    expect(selectMembershipFormView(snap('editing', { ...c, levelId: null })).submitDisabled).toBe(true);
    expect(selectMembershipFormView(snap('editing', { ...c, levelId: 't-gone' })).submitDisabled).toBe(true);
  });

  it('a buy form: levels, members with their email modes and errors, the optional choice, the stepper', () => {
    const c: MembershipPurchaseContext = {
      ...world('buy: Family'),
      fieldErrors: {
        'member.0.email': { key: 'emailInvalid' },
        'member.2.first': { key: 'firstNameRequired' },
        'member.3.last': { key: 'lastNameRequired' },
        'survey.heard': { key: 'surveyChoice' },
      },
      formError: { key: 'membersRequired' },
      refusals: 7,
      autoRenew: true,
    };
    const view = selectMembershipFormView(snap('editing', c));
    expect(view.levels.map((l) => [l.id, l.selected])).toEqual([
      ['t-individual', false],
      ['t-dual', false],
      ['t-family', true],
      ['t-supporter', false],
    ]);
    expect(view.levels[2]).toMatchObject({
      name: 'Family',
      priceCents: 15000,
      description: null,
      originalPriceCents: null,
    });
    expect(view.members).toEqual([
      {
        index: 0,
        role: 'member',
        ordinal: 1,
        optional: false,
        first: 'Ada',
        last: 'L',
        email: 'ada@example.com',
        disabled: false,
        emailMode: 'required',
        errors: { email: { key: 'emailInvalid' } },
      },
      {
        index: 1,
        role: 'child',
        ordinal: 1,
        optional: true,
        first: 'Kid',
        last: 'L',
        email: 'junk',
        disabled: false,
        emailMode: 'hidden',
        errors: {},
      },
      {
        index: 2,
        role: 'child',
        ordinal: 2,
        optional: true,
        first: '',
        last: 'L',
        email: '',
        disabled: false,
        emailMode: 'hidden',
        errors: { first: { key: 'firstNameRequired' } },
      },
    ]);
    expect(view.optional).toEqual({ kind: 'select', count: 3, value: 2 });
    expect(view.unnamed).toEqual({ min: 0, max: 4, value: 1 });
    expect(view.survey).toEqual([
      expect.objectContaining({ name: 'heard', value: 'Press', error: { key: 'surveyChoice' } }),
    ]);
    expect(view.autoRenew).toEqual({ shown: true, value: true });
    expect(view.extend).toEqual({ shown: true, checked: false });
    expect(view.recipient.shown).toBe(false);
    expect(view).toMatchObject({
      mode: 'buy',
      shipping: false,
      submitLabel: 'membershipBuy',
      formError: { key: 'membersRequired' },
      selfGift: false,
      cartNotEmpty: false,
      errorVersion: 7,
      nameMax: 50,
      emailMax: 254,
      thrown: null,
      renewNotice: null,
    });
  });

  it('one optional slot is a yes/no radio; none, nothing; the email optional where the rule says no', () => {
    const dual = selectMembershipFormView(snap('editing', world('buy: Dual, its optional')));
    expect(dual.optional).toEqual({ kind: 'radio', count: 1, value: 1 });
    expect(dual.members.map((m) => [m.role, m.ordinal, m.emailMode])).toEqual([
      ['member', 1, 'required'],
      ['second-card', 1, 'optional'],
    ]);
    const one = selectMembershipFormView(snap('editing', world('buy: Individual, valid')));
    expect(one.optional).toEqual({ kind: 'none', count: 0, value: 0 });
    expect(one.unnamed).toBeNull();
    const none = selectMembershipFormView(snap('editing', world('buy: no level')));
    expect(none.members).toEqual([]);
    expect(none.autoRenew.shown).toBe(false);
    const unasked = selectMembershipFormView(snap('editing', world('buy: Individual, names blank')));
    expect(unasked.autoRenew).toEqual({ shown: false, value: false });
  });

  it('a gift: the recipient with its errors, shipping, no auto-renew, no extend; its refusals named', () => {
    const c: MembershipPurchaseContext = {
      ...world('gift: Ada to herself'),
      fieldErrors: {
        'recipient.first': { key: 'firstNameRequired' },
        'recipient.email': { key: 'emailInvalid' },
      },
      formError: { key: 'giftSelf' },
    };
    const view = selectMembershipFormView(snap('editing', c));
    expect(view.recipient).toEqual({
      shown: true,
      ...c.recipient,
      errors: { first: { key: 'firstNameRequired' }, email: { key: 'emailInvalid' } },
    });
    expect(view).toMatchObject({
      shipping: true,
      submitLabel: 'membershipGiftButton',
      selfGift: true,
      cartNotEmpty: false,
    });
    expect(view.autoRenew.shown).toBe(false);
    expect(view.extend.shown).toBe(false);
    const cartFull = selectMembershipFormView(
      snap('editing', { ...c, formError: { key: 'giftCartNotEmpty' } }),
    );
    expect([cartFull.selfGift, cartFull.cartNotEmpty]).toEqual([false, true]);
    const noCard = selectMembershipFormView(
      snap('editing', { ...c, settings: { ...c.settings, physicalCard: false } }),
    );
    expect(noCard.shipping).toBe(false);
    const noExtend = selectMembershipFormView(
      snap('editing', {
        ...world('buy: Individual, valid'),
        settings: { ...c.settings, extendEnabled: false },
        extend: true,
      }),
    );
    expect(noExtend.extend).toEqual({ shown: false, checked: true });
  });

  it('a renewal: read-only members, its label and notice; a rethrown error', () => {
    const renew = world('renew: Ada');
    const view = selectMembershipFormView(snap('editing', renew));
    expect(view.submitLabel).toBe('membershipRenew');
    expect(view.members.map((m) => m.disabled)).toEqual([true, true]);
    const later = world('renew: not open yet,');
    expect(selectMembershipFormView(snap('editing', later)).renewNotice).toEqual(later.renewNotice);
    const thrown = { code: 'code_not_found', description: null };
    expect(selectMembershipFormView(snap('failed', { ...renew, thrown })).thrown).toEqual(thrown);
    expect(NOW).toBeGreaterThan(0);
  });
});
