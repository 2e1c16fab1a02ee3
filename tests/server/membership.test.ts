/**
 * Memberships on the reference server (issue 11): membership rules and the purchase form's levels, gift code
 * lookup, buying (guest and member) with membership creation on completion, renewal terms, gifts (and the
 * self-gift refusal), redeem (each refused code, a code given back when the reserve fails), members-only
 * visibility and member limits, auto-renew cancellation and the membership order, the saved card, ownership of
 * my/ endpoints, and bad input. Answers are read through the membership client's joins (`api/membership-client`).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giftCodeStatus,
  toGiftCode,
  toMembershipDetails,
  toMembershipEvent,
  toRemaining,
  toRules,
} from '../../api/membership-client';
import { document } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { memberMembership } from '../../server/members/schema';
import { giftCode } from '../../server/memberships/schema';
import { demoIds } from '../../server/seed/demo';
import { DEMO_GIFT_CODES, DEMO_MEMBERSHIP_MEMBERS, membershipIds } from '../../server/seed/membership';
import { dayjs } from '../../server/util';
import { GA, gaSessions, type TestServer } from './helpers';
import { type Browser, browser, DEMO_MEMBERS, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const DAY = 86_400_000;
const code = (body: { _data: Array<{ _code: string }> }) => body?._data?.[0]?._code;
const DUAL = membershipIds.level('Dual');
const INDIVIDUAL = membershipIds.level('Individual');
const FAMILY = membershipIds.level('Family');
const MEMBER_ADULT = membershipIds.memberType('Member Adult');
const MEMBER_CHILD = membershipIds.memberType('Member Child');
const PREVIEW = demoIds.event('members-preview');
const CART_Q = { _embed: 'ticket,ticket_group,cart_fees' };

type Caller = Pick<Browser, 'json'>;
const guest = (): Caller => ({ json: (m, p, o) => s.json(m, p, o) });

async function member(key: keyof typeof DEMO_MEMBERSHIP_MEMBERS): Promise<Browser> {
  const b = browser(s);
  const r = await passwordLogin(b, DEMO_MEMBERSHIP_MEMBERS[key].email);
  expect(r.status).toBe(200);
  return b;
}

const dual = (extra: Record<string, unknown> = {}) => ({
  add: [{ event_session_id: null, ticket_type_id: DUAL }],
  membership: {
    members: [
      { party_role: 'member', first_name: 'Pat', last_name: 'Buyer', email: 'pat.buyer@example.com' },
      { party_role: 'second-card', first_name: 'Sam', last_name: 'Buyer' },
    ],
    auto_renew: true,
    ...extra,
  },
});

async function reserve(b: Caller, body: unknown, cartId?: string) {
  return b.json('POST', cartId ? `my/cart/${cartId}/modify` : 'my/cart/modify', { body, query: CART_Q });
}

const outstanding = (body: unknown) =>
  document.parse(body).cart_fees?._data[0]?.grand_totals.total_outstanding ?? '';

async function pay(b: Caller, cartId: string, prefix = '') {
  const d = await b.json('GET', `${prefix}cart/${cartId}`, { query: CART_Q });
  const amount = outstanding(d.body);
  if (amount === '0.00')
    return b.json('POST', `${prefix}cart/${cartId}/guest_checkout`, {
      body: { gateway_id: 'free', send_email: true },
    });
  return b.json('POST', `${prefix}cart/${cartId}/pay`, {
    body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    query: { _embed: 'ticket_order,ticket' },
  });
}

const membershipOf = async (scanCode: string) =>
  (await s.handle.db.select().from(memberMembership).where(eq(memberMembership.scanCode, scanCode)))[0];

describe('catalogue: rules, levels, gift codes', () => {
  it('GET membership_rules: level rules and member benefits, with the level types', async () => {
    const r = await s.json('GET', 'membership_rules', { query: { _embed: 'ticket_type', _limit: '1000' } });
    expect(r.status).toBe(200);
    const rules = toRules(r.body);
    const family = rules.rules.filter((x) => x.ticketTypeId === FAMILY);
    expect(family.map((x) => [x.partyRole, x.named, x.min, x.max])).toEqual([
      ['member', 'yes', 1, 1],
      ['second-card', 'yes', 1, 1],
      ['caregiver', 'optional', 0, 2],
      ['child', 'no', 0, 4],
    ]);
    expect(rules.benefits.filter((b) => b.levelId === INDIVIDUAL)).toContainEqual(
      expect.objectContaining({ ticketGroupId: membershipIds.memberGroup, ticketTypeId: null, limit: 2 }),
    );
    expect(r.body.ticket_type._data.map((ty: { id: string }) => ty.id)).toEqual(
      expect.arrayContaining([INDIVIDUAL, DUAL, FAMILY]),
    );
    // Public catalogue data: cacheable on the cached prefix.
    const cached = await s.call('GET', 'membership_rules', { prefix: '/cached/api/' });
    expect(cached.headers.get('Cache-Control')).toBe('public, max-age=60');
  });

  it('the membership event (config membership_event_id) reads as three levels with their member slots', async () => {
    const config = await s.json('GET', 'config', { query: { 'resource_id._in': demoIds.seller } });
    const row = config.body.config._data.find((c: { key: string }) => c.key === 'membership_event_id');
    expect(row.value).toBe(membershipIds.event);
    const [ev, rules] = await Promise.all([
      s.json('GET', `events/${membershipIds.event}`, {
        query: { _embed: 'meta,ticket_group,ticket_type,config' },
      }),
      s.json('GET', 'membership_rules', { query: { _embed: 'ticket_type' } }),
    ]);
    const model = toMembershipEvent(ev.body, toRules(rules.body));
    expect(model.levels.map((l) => [l.name, l.amountCents, l.discountedCents])).toEqual([
      ['Individual', 7500, 6000],
      ['Dual', 12000, 9600],
      ['Family', 16000, null],
    ]);
    const family = model.levels[2];
    expect(family?.named.map((x) => x.partyRole)).toEqual(['member', 'second-card']);
    expect(family?.optional).toHaveLength(2);
    expect(family?.unnamed).toEqual({ partyRole: 'child', min: 0, max: 4 });
    // Not listed (link only).
    const listing = await s.json('GET', 'events/available');
    expect(listing.body.event_template._data.map((e: { id: string }) => e.id)).not.toContain(
      membershipIds.event,
    );
  });

  it('GET gift_code/{code}: valid, expired, not yet valid, exhausted; unknown 404; malformed 400', async () => {
    const status = async (c: string) =>
      giftCodeStatus(toGiftCode((await s.json('GET', `gift_code/${c}`)).body), s.clock.now);
    expect(await status(DEMO_GIFT_CODES.valid)).toBe('valid');
    expect(await status(DEMO_GIFT_CODES.valid.toLowerCase())).toBe('valid');
    expect(await status(DEMO_GIFT_CODES.expired)).toBe('expired');
    expect(await status(DEMO_GIFT_CODES.notYet)).toBe('expired');
    expect(await status(DEMO_GIFT_CODES.exhausted)).toBe('exhausted');
    const unknown = await s.json('GET', 'gift_code/NOSUCHCODE');
    expect(unknown.status).toBe(404);
    expect(code(unknown.body)).toBe(ErrorCode.not_found);
    expect(unknown.body._data[0]._context).toBe('gift_code');
    const bad = await s.json('GET', `gift_code/${encodeURIComponent('AB%00CD')}`);
    expect(bad.status).toBe(400);
  });
});

describe('buying a membership', () => {
  it('as a guest: reserve with members, purchaser, pay; the membership is created and its ID logs in', async () => {
    const r = await reserve(guest(), dual());
    expect(r.status).toBe(200);
    const cartId = r.body.cart._data[0].id;
    expect(outstanding(r.body)).toBe('96.00'); // the level's discounted price, as for any ticket type
    expect(r.body.ticket._data[0]).toMatchObject({ handler: 'membership', event_session_id: null });
    await s.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Pat', last_name: 'Buyer', email: 'pat.buyer@example.com' },
    });
    const paid = await pay(guest(), cartId);
    expect(paid.status).toBe(200);
    const orderId = paid.body.ticket_order._data[0].id;
    // The member ID is emailed; it logs in with the last name.
    const mails = (await s.json('GET', '__outbox')).body.outbox._data.filter(
      (m: { to: string; subject: string }) =>
        m.to === 'pat.buyer@example.com' && /membership ID/.test(m.subject),
    );
    const scanCode = /Dual: (\d+)/.exec(mails.at(-1)?.body ?? '')?.[1] ?? '';
    expect(scanCode).toMatch(/^\d{9}$/);
    const b = browser(s);
    const login = await b.json('POST', 'login', { body: { scan_code: scanCode, last_name: 'Buyer' } });
    expect(login.status).toBe(200);
    const [m] = toMembershipDetails((await b.json('GET', 'my/membership')).body);
    expect(m).toMatchObject({
      memberId: scanCode,
      levelName: 'Dual',
      levelId: DUAL,
      eventId: membershipIds.event,
      autoRenewState: 'scheduled',
      ticketOrderId: orderId,
      purchaseLimit: 4,
    });
    expect(Date.parse(m?.validFrom ?? '')).toBe(s.clock.now);
    expect(Date.parse(m?.validTo ?? '')).toBe(dayjs(s.clock.now).add(12, 'month').valueOf());
    expect(m?.members).toEqual([
      { role: 'member', firstName: 'Pat', lastName: 'Buyer', email: 'pat.buyer@example.com' },
      { role: 'second-card', firstName: 'Sam', lastName: 'Buyer', email: null },
    ]);
    // Enrolled: the card is saved.
    const card = await b.json('GET', 'my/identity/saved_payment_method');
    expect(card.body.saved_payment_method._count).toBe(1);
  });

  it('refuses members the level does not take (400 validation_failed, context membership)', async () => {
    const cases: Array<[string, unknown]> = [
      ['no members', { members: [] }],
      [
        'no second card',
        { members: [{ party_role: 'member', first_name: 'A', last_name: 'B', email: 'a@b.co' }] },
      ],
      [
        'an unknown role',
        {
          members: [
            { party_role: 'member', first_name: 'A', last_name: 'B', email: 'a@b.co' },
            { party_role: 'second-card', first_name: 'C', last_name: 'D' },
            { party_role: 'child', first_name: 'E', last_name: 'F' },
          ],
        },
      ],
      [
        'the primary member without the required email',
        {
          members: [
            { party_role: 'member', first_name: 'A', last_name: 'B' },
            { party_role: 'second-card', first_name: 'C', last_name: 'D' },
          ],
        },
      ],
      ['unnamed members on a level without them', { ...dual().membership, unnamed: 1 }],
    ];
    for (const [what, membership] of cases) {
      const r = await reserve(guest(), {
        add: [{ event_session_id: null, ticket_type_id: DUAL }],
        membership,
      });
      expect(r.status, what).toBe(400);
      expect(code(r.body), what).toBe(ErrorCode.validation_failed);
      expect(r.body._data[0]._context, what).toBe('membership');
    }
    const none = await reserve(guest(), { add: [{ event_session_id: null, ticket_type_id: INDIVIDUAL }] });
    expect(none.body._data[0]._description).toBe('At least one member is required to purchase a membership');
    const family = await reserve(guest(), {
      add: [{ event_session_id: null, ticket_type_id: FAMILY }],
      membership: { ...dual().membership, unnamed: 5 },
    });
    expect(family.status).toBe(400);
    const ok = await reserve(guest(), {
      add: [{ event_session_id: null, ticket_type_id: FAMILY }],
      membership: {
        ...dual().membership,
        members: [...dual().membership.members, { party_role: 'caregiver', first_name: 'C', last_name: 'G' }],
        unnamed: 4,
      },
    });
    expect(ok.status).toBe(200);
    const two = await reserve(guest(), {
      add: [
        { event_session_id: null, ticket_type_id: DUAL },
        { event_session_id: null, ticket_type_id: DUAL },
      ],
      membership: dual().membership,
    });
    expect(two.status).toBe(400);
  });

  it('renewal: the same member ID, the term extended from the previous valid_to', async () => {
    const b = await member('enrolled');
    const before = await membershipOf(DEMO_MEMBERSHIP_MEMBERS.enrolled.scanCode);
    const r = await reserve(b, dual({ renew: true, auto_renew: false }));
    expect(r.status).toBe(200);
    expect((await pay(b, r.body.cart._data[0].id, 'my/')).status).toBe(200);
    const after = await membershipOf(DEMO_MEMBERSHIP_MEMBERS.enrolled.scanCode);
    expect(after?.id).toBe(before?.id);
    expect(after?.validFrom.getTime()).toBe(before?.validFrom.getTime());
    expect(after?.validTo.getTime()).toBe(dayjs(before?.validTo).add(12, 'month').valueOf());
    expect(after?.autoRenewState).toBe('other');
  });

  it('renewal after expiry: the new term starts now', async () => {
    const b = await member('expired');
    const r = await reserve(b, {
      add: [{ event_session_id: null, ticket_type_id: INDIVIDUAL }],
      membership: {
        members: [
          {
            party_role: 'member',
            first_name: 'Ezra',
            last_name: 'Expired',
            email: 'ezra.expired@example.com',
          },
        ],
        renew: true,
      },
    });
    expect((await pay(b, r.body.cart._data[0].id, 'my/')).status).toBe(200);
    const after = await membershipOf(DEMO_MEMBERSHIP_MEMBERS.expired.scanCode);
    expect(after?.validFrom.getTime()).toBe(s.clock.now);
    expect(after?.validTo.getTime()).toBe(dayjs(s.clock.now).add(12, 'month').valueOf());
  });
});

describe('gifts', () => {
  it('a member gifts to another person: the giftee owns the membership, no auto-renew; self-gift refused', async () => {
    const b = await member('family');
    const self = await b.json('POST', 'giftee', {
      body: { first_name: 'Fay', last_name: 'Family', email: 'FAY.family@example.com' },
    });
    expect(self.status).toBe(400);
    expect(code(self.body)).toBe(ErrorCode.giftee_is_purchaser);
    expect(self.body._data[0]._description).toBe(
      'You can not gift membership to yourself. Do you want to buy or renew membership for yourself?',
    );
    const giftee = await b.json('POST', 'giftee', {
      body: { first_name: 'Gia', last_name: 'Giftee', email: 'gia.giftee@example.com' },
    });
    expect(giftee.status).toBe(200);
    const gifteeId = giftee.body.identity._data[0].id;
    const r = await reserve(
      b,
      dual({
        gift: true,
        members: [
          { party_role: 'member', first_name: 'Gia', last_name: 'Giftee', email: 'gia.giftee@example.com' },
          { party_role: 'second-card', first_name: 'Gus', last_name: 'Giftee' },
        ],
      }),
    );
    const cartId = r.body.cart._data[0].id;
    const gc = await b.json('POST', `my/cart/${cartId}/gift_checkout`, {
      body: { giftee_identity_id: gifteeId },
      query: CART_Q,
    });
    expect(gc.status).toBe(200);
    expect((await pay(b, cartId, 'my/')).status).toBe(200);
    const rows = await s.handle.db
      .select()
      .from(memberMembership)
      .where(eq(memberMembership.identityId, gifteeId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ levelName: 'Dual', autoRenewState: 'other' });
    // Fay's own membership is untouched.
    expect((await membershipOf(DEMO_MEMBERSHIP_MEMBERS.family.scanCode))?.levelName).toBe('Family');
  });

  it('a guest gift whose purchaser turns out to be the giftee is refused before payment', async () => {
    const r = await reserve(guest(), dual({ gift: true }));
    const cartId = r.body.cart._data[0].id;
    const giftee = await s.json('POST', 'giftee', {
      body: { first_name: 'Pat', last_name: 'Self', email: 'pat.self@example.com' },
    });
    expect(
      (
        await s.json('POST', `cart/${cartId}/gift_checkout`, {
          body: { giftee_identity_id: giftee.body.identity._data[0].id },
        })
      ).status,
    ).toBe(200);
    await s.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Pat', last_name: 'Self', email: 'Pat.Self@example.com' },
    });
    const paid = await pay(guest(), cartId);
    expect(paid.status).toBe(400);
    expect(code(paid.body)).toBe(ErrorCode.giftee_is_purchaser);
  });

  it('gift_checkout needs a membership in the cart and a known giftee', async () => {
    const [session] = await gaSessions(s, '2026-11-28');
    const r = await reserve(guest(), {
      add: [{ event_session_id: session?.id, ticket_type_id: demoIds.type('general-admission', 'Adult') }],
    });
    const cartId = r.body.cart._data[0].id;
    const giftee = await s.json('POST', 'giftee', {
      body: { first_name: 'A', last_name: 'B', email: 'ab@example.com' },
    });
    const notMembership = await s.json('POST', `cart/${cartId}/gift_checkout`, {
      body: { giftee_identity_id: giftee.body.identity._data[0].id },
    });
    expect(notMembership.status).toBe(400);
    const unknown = await s.json('POST', `cart/${cartId}/gift_checkout`, {
      body: { giftee_identity_id: 'nope' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('redeem', () => {
  const redeemBody = (giftCodeValue: string) => ({
    add: [{ event_session_id: null, ticket_type_id: INDIVIDUAL }],
    membership: {
      members: [{ party_role: 'member', first_name: 'Rae', last_name: 'Redeemer', email: 'rae@example.com' }],
      redeem: true,
      gift_code: giftCodeValue,
    },
  });

  it('a valid code makes the level free and is then used up; checkout creates the membership', async () => {
    const r = await reserve(guest(), redeemBody(DEMO_GIFT_CODES.valid.toLowerCase()));
    expect(r.status).toBe(200);
    expect(outstanding(r.body)).toBe('0.00');
    const lookup = toGiftCode((await s.json('GET', `gift_code/${DEMO_GIFT_CODES.valid}`)).body);
    expect(giftCodeStatus(lookup, s.clock.now)).toBe('exhausted');
    const cartId = r.body.cart._data[0].id;
    await s.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Rae', last_name: 'Redeemer', email: 'rae@example.com' },
    });
    expect((await pay(guest(), cartId)).status).toBe(200);
    const again = await reserve(guest(), redeemBody(DEMO_GIFT_CODES.valid));
    expect(again.status).toBe(400);
    expect(code(again.body)).toBe(ErrorCode.code_exhausted);
  });

  it('refuses expired, not yet valid, exhausted and unknown codes', async () => {
    const cases: Array<[string, number, string]> = [
      [DEMO_GIFT_CODES.expired, 400, ErrorCode.code_expired],
      [DEMO_GIFT_CODES.notYet, 400, ErrorCode.code_expired],
      [DEMO_GIFT_CODES.exhausted, 400, ErrorCode.code_exhausted],
      ['NOSUCHCODE', 404, ErrorCode.code_not_found],
      ['SHORT', 404, ErrorCode.code_not_found],
    ];
    for (const [c, status, expected] of cases) {
      const r = await reserve(guest(), redeemBody(c));
      expect(r.status, c).toBe(status);
      expect(code(r.body), c).toBe(expected);
    }
  });

  it('gives the code back when the reserve fails after taking it', async () => {
    await s.handle.db.insert(giftCode).values({
      code: 'GIVEBACK01',
      sellerId: demoIds.seller,
      validFrom: null,
      validTo: null,
      maxRedemptions: 1,
      redeemedCount: 0,
      ticketTypeIds: null,
    });
    const body = redeemBody('GIVEBACK01');
    // A second line of an unknown session fails the reserve after the code was taken.
    const r = await reserve(guest(), {
      ...body,
      add: [
        ...body.add,
        { event_session_id: 'no-such-session', ticket_type_id: demoIds.type('general-admission', 'Adult') },
      ],
    });
    expect(r.status).toBe(400);
    const [row] = await s.handle.db
      .select()
      .from(giftCode)
      .where(and(eq(giftCode.code, 'GIVEBACK01')));
    expect(row?.redeemedCount).toBe(0);
  });
});

describe('members-only events and member pricing', () => {
  const eventGroups = async (b: Caller, id: string, prefix = '/api/') => {
    const r = await b.json('GET', `events/${id}`, {
      query: {
        'hidden_type._in': 'public_browsable,public_link_only,public_member_only',
        'ticket_group.hidden_type._in': 'public_browsable,public_link_only,public_member_only',
        _embed: 'ticket_group,ticket_type',
      },
      prefix,
    });
    expect(r.status).toBe(200);
    return {
      groups: r.body.ticket_group._data.map((g: { id: string }) => g.id) as string[],
      types: r.body.ticket_type._data.map((ty: { id: string }) => ty.id) as string[],
    };
  };

  it('a members-only event: its tickets only for members whose membership allows them', async () => {
    expect((await eventGroups(guest(), PREVIEW)).groups).toEqual([]);
    expect((await eventGroups(await member('individual'), PREVIEW)).groups).toEqual([
      demoIds.group('members-preview'),
    ]);
    // An account whose membership has no level with benefits sees nothing (expiry: see below).
    const ada = browser(s);
    await passwordLogin(ada, DEMO_MEMBERS.password.email);
    expect((await eventGroups(ada, PREVIEW)).groups).toEqual([]);
  });

  it('a members-only group of a public event: hidden from guests, the cached prefix and expired members', async () => {
    const ivy = await member('individual');
    expect((await eventGroups(guest(), GA)).groups).not.toContain(membershipIds.memberGroup);
    expect((await eventGroups(ivy, GA)).groups).toContain(membershipIds.memberGroup);
    expect((await eventGroups(ivy, GA)).types).toEqual(expect.arrayContaining([MEMBER_ADULT, MEMBER_CHILD]));
    expect((await eventGroups(ivy, GA, '/cached/api/')).groups).not.toContain(membershipIds.memberGroup);
    const [session] = await gaSessions(s, '2026-11-30');
    const sessionGroups = async (b: Caller) =>
      (
        await b.json('GET', `events/${GA}/sessions/${session?.id}`, {
          query: {
            'ticket_group.hidden_type._in': 'public_browsable,public_member_only',
            _embed: 'ticket_group,ticket_type',
          },
        })
      ).body.ticket_group._data.map((g: { id: string }) => g.id);
    expect(await sessionGroups(guest())).not.toContain(membershipIds.memberGroup);
    expect(await sessionGroups(ivy)).toContain(membershipIds.memberGroup);
  });

  it('member price; member limits per event (benefit and pool); remaining quantity; guests refused', async () => {
    const [session] = await gaSessions(s, '2026-12-01');
    const line = (type: string) => ({ event_session_id: session?.id, ticket_type_id: type });
    const refused = await reserve(guest(), { add: [line(MEMBER_ADULT)] });
    expect(refused.status).toBe(403);
    expect(code(refused.body)).toBe(ErrorCode.membership_required);

    const ivy = await member('individual');
    const first = await reserve(ivy, { add: [line(MEMBER_ADULT), line(MEMBER_ADULT)] });
    expect(first.status).toBe(200);
    expect(outstanding(first.body)).toBe('20.00'); // member price 10.00
    const remaining = toRemaining(
      (await ivy.json('GET', 'my/membership/remaining', { query: { event_template_id: GA } })).body,
    );
    expect(remaining).toContainEqual({
      eventId: GA,
      ticketGroupId: membershipIds.memberGroup,
      ticketTypeId: null,
      limit: 2,
      used: 2,
      remaining: 0,
    });
    // A third member ticket, in the same cart or another, is over the Individual limit of 2.
    const more = await reserve(ivy, { add: [line(MEMBER_CHILD)] }, first.body.cart._data[0].id);
    expect(more.status).toBe(400);
    expect(code(more.body)).toBe(ErrorCode.member_limit_exceeded);
    const other = await reserve(ivy, { add: [line(MEMBER_ADULT)] });
    expect(code(other.body)).toBe(ErrorCode.member_limit_exceeded);
    // Ordinary tickets are not limited.
    expect((await reserve(ivy, { add: [line(demoIds.type('general-admission', 'Adult'))] })).status).toBe(
      200,
    );

    // Family: Member Child at most 4 (its own benefit), 6 member tickets in all (the pool).
    const fay = await member('family');
    const kids = await reserve(fay, { add: Array.from({ length: 5 }, () => line(MEMBER_CHILD)) });
    expect(code(kids.body)).toBe(ErrorCode.member_limit_exceeded);
    const four = await reserve(fay, { add: Array.from({ length: 4 }, () => line(MEMBER_CHILD)) });
    expect(four.status).toBe(200);
    const pool = await reserve(fay, { add: Array.from({ length: 3 }, () => line(MEMBER_ADULT)) });
    expect(code(pool.body)).toBe(ErrorCode.member_limit_exceeded);
    expect((await reserve(fay, { add: Array.from({ length: 2 }, () => line(MEMBER_ADULT)) })).status).toBe(
      200,
    );
  });

  it('benefits apply only between valid_from and valid_to', async () => {
    const ivy = await member('individual');
    // The members-only preview (Ivy's GA member tickets are used up by the test above).
    const sessions = await s.json('GET', `events/${PREVIEW}/sessions`, { query: { _ondate: '2026-12-02' } });
    const session = sessions.body.event_session._data[0];
    const body = {
      add: [{ event_session_id: session?.id, ticket_type_id: demoIds.type('members-preview', 'Member') }],
    };
    const id = membershipIds.membership(DEMO_MEMBERSHIP_MEMBERS.individual.key);
    const [row] = await s.handle.db.select().from(memberMembership).where(eq(memberMembership.id, id));
    const setTerm = (validFrom: Date, validTo: Date) =>
      s.handle.db.update(memberMembership).set({ validFrom, validTo }).where(eq(memberMembership.id, id));
    try {
      await setTerm(new Date(s.clock.now - 400 * DAY), new Date(s.clock.now - 1));
      expect(code((await reserve(ivy, body)).body)).toBe(ErrorCode.membership_required);
      expect((await eventGroups(ivy, PREVIEW)).groups).toEqual([]);
      await setTerm(new Date(s.clock.now + DAY), new Date(s.clock.now + 400 * DAY));
      expect(code((await reserve(ivy, body)).body)).toBe(ErrorCode.membership_required);
      // Current, and still current on the session's day (membership-terms.test.ts: sessions beyond the term).
      await setTerm(new Date(s.clock.now), new Date(s.clock.now + 30 * DAY));
      expect((await reserve(ivy, body)).status).toBe(200);
    } finally {
      if (row) await setTerm(row.validFrom, row.validTo);
    }
  });
});

describe('auto-renew, orders, saved cards, ownership', () => {
  it('DELETE ticket_order/{id}/auto_renew: the owner cancels once, then 409; no session 401, another member 404', async () => {
    const orderId = membershipIds.order(DEMO_MEMBERSHIP_MEMBERS.toCancel.key);
    const mia = await member('enrolled');
    expect((await mia.json('DELETE', `ticket_order/${orderId}/auto_renew`)).status).toBe(404);
    // The order id alone (it is in the order's QR code) changes nothing.
    const anonymous = await s.json('DELETE', `ticket_order/${orderId}/auto_renew`);
    expect(anonymous.status).toBe(401);
    expect(code(anonymous.body)).toBe(ErrorCode.login_required);
    const owner = await member('toCancel');
    const r = await owner.json('DELETE', `ticket_order/${orderId}/auto_renew`);
    expect(r.status).toBe(200);
    expect(toMembershipDetails(r.body)[0]).toMatchObject({
      autoRenewState: 'cancelled',
      levelName: 'Individual',
    });
    const again = await owner.json('DELETE', `ticket_order/${orderId}/auto_renew`);
    expect(again.status).toBe(409);
    expect(code(again.body)).toBe(ErrorCode.auto_renew_not_enrolled);
    expect(
      (await owner.json('DELETE', 'ticket_order/00000000-0000-0000-0000-000000000000/auto_renew')).status,
    ).toBe(404);
  });

  it('GET ticket_order/{id} filtered to membership tickets, with the membership embed (the owner’s session)', async () => {
    const orderId = membershipIds.order(DEMO_MEMBERSHIP_MEMBERS.cancelled.key);
    const owner = await member('cancelled');
    const r = await owner.json('GET', `ticket_order/${orderId}`, {
      query: {
        'ticket.state._in': 'booked,redeemed',
        'ticket_group.handler._in': 'membership',
        _embed: 'ticket,ticket_group,membership,event_template,event_template.venue',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.ticket._data.every((k: { handler: string }) => k.handler === 'membership')).toBe(true);
    const [m] = toMembershipDetails(r.body);
    expect(m).toMatchObject({ memberId: '700004', autoRenewState: 'cancelled' });
    expect(m?.members[0]).toMatchObject({ firstName: 'Cal', lastName: 'Cancelled' });
    expect(r.res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('saved card: the member’s own; none; 401 without a session', async () => {
    const mia = await member('enrolled');
    const card = await mia.json('GET', 'my/identity/saved_payment_method');
    expect(card.body.saved_payment_method._data[0].identifier).toBe('Visa ending in 4242');
    const fay = await member('family');
    expect((await fay.json('GET', 'my/identity/saved_payment_method')).body.saved_payment_method._count).toBe(
      0,
    );
    for (const path of ['my/identity/saved_payment_method', 'my/membership', 'my/membership/remaining'])
      expect((await s.json('GET', path, { query: { event_template_id: GA } })).status, path).toBe(401);
  });

  it('GET my/membership: only the member’s own memberships, with named members', async () => {
    const fay = await member('family');
    const mine = toMembershipDetails((await fay.json('GET', 'my/membership')).body);
    expect(mine.map((m) => m.memberId)).toEqual(['700003']);
    expect(mine[0]?.members.map((x) => x.role)).toEqual(['member', 'second-card', 'caregiver']);
  });
});

describe('bad input is 400/413, never 500', () => {
  it('giftee, gift checkout, membership reserve and gift codes', async () => {
    const bodies: Array<[string, string, unknown]> = [
      ['POST', 'giftee', { first_name: 'A\u0000', last_name: 'B', email: 'a@b.co' }],
      ['POST', 'giftee', { first_name: 'A', last_name: 'B', email: 'a@b.co', extra: 1 }],
      ['POST', 'giftee', { first_name: 'A', last_name: 'B', email: 'not-an-email' }],
      ['POST', 'giftee', { first_name: 'x'.repeat(51), last_name: 'B', email: 'a@b.co' }],
      ['POST', 'my/cart/modify', { ...dual(), membership: { ...dual().membership, surprise: true } }],
      ['POST', 'my/cart/modify', { ...dual(), membership: { ...dual().membership, unnamed: -1 } }],
      ['POST', 'my/cart/modify', { ...dual(), membership: { ...dual().membership, gift_code: 'A\u0000B' } }],
      ['POST', 'my/cart/modify', { ...dual(), membership: { members: 'many' } }],
      [
        'POST',
        'my/cart/modify',
        { add: [{ event_session_id: GA, ticket_type_id: GA }], membership: dual().membership },
      ],
    ];
    for (const [method, path, body] of bodies) {
      const r = await s.json(method, path, { body });
      expect(r.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
    }
    const cart = await reserve(guest(), dual());
    const cartId = cart.body.cart._data[0].id;
    for (const body of [{}, { giftee_identity_id: 5 }, { giftee_identity_id: 'x', more: 1 }])
      expect((await s.json('POST', `cart/${cartId}/gift_checkout`, { body })).status).toBe(400);
    const huge = await s.call('POST', 'giftee', {
      body: { first_name: 'A', last_name: 'B', email: 'a@b.co', additional_info: 'x'.repeat(1_100_000) },
    });
    expect(huge.status).toBe(413);
    expect((await s.json('GET', 'gift_code/', {})).status).toBeLessThan(500);
    expect((await s.json('GET', `gift_code/${'A'.repeat(60)}`)).status).toBe(400);
    expect((await s.json('GET', 'my/membership/remaining')).status).toBe(401);
    const mia = await member('enrolled');
    expect((await mia.json('GET', 'my/membership/remaining')).status).toBe(400);
    expect(
      (await mia.json('GET', 'my/membership/remaining', { query: { event_template_id: 'nope' } })).status,
    ).toBe(404);
  });
});
