/**
 * The membership client (issue 11): loaded on demand behind `api.membership`, every method delegated; paths,
 * methods, embeds and bodies of each call; the joins (levels and their member slots, duplicate party roles
 * skipped, memberships with their members, gift code status, remaining quantity) parsed with the wire schemas;
 * malformed answers rejected as `unexpected`.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { createApi } from '../../api/index';
import {
  createMembershipClient,
  giftCodeStatus,
  levelSlots,
  membershipReserveBody,
  toGiftCode,
} from '../../api/membership-client';
import type { MembershipRuleModel } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import { apiErrorBody, fakeFetch, json, pathOf, queryOf, SETTINGS } from './helpers';

function setup(isMember: boolean, ...replies: Parameters<typeof fakeFetch>) {
  const { fetch, calls } = fakeFetch(...replies);
  return {
    api: createApi(SETTINGS, { fetch, logger: { warn: vi.fn() }, isMember: () => isMember }),
    calls,
  };
}

const rule = (partyRole: string, named: MembershipRuleModel['named'], min: number, max: number) =>
  ({
    id: `r-${partyRole}`,
    ticketGroupId: 'g',
    ticketTypeId: 'lvl',
    partyRole,
    named,
    emailRequired: 'yes',
    min,
    max,
  }) satisfies MembershipRuleModel;

const RULES_DOC = {
  membership_rules: {
    _count: 3,
    _data: [
      {
        id: 'r1',
        ticket_group_id: 'g',
        ticket_type_id: 'fam',
        party_role: 'member',
        named: 'yes',
        emailed: 'yes',
        min: 1,
        max: 1,
      },
      {
        id: 'r2',
        ticket_group_id: 'g',
        ticket_type_id: 'fam',
        party_role: 'child',
        named: 'no',
        emailed: 'other',
        min: 0,
        max: 4,
      },
      {
        id: 'r3',
        ticket_group_id: 'g',
        ticket_type_id: 'fam',
        party_role: 'member',
        named: 'yes',
        emailed: 'no',
        min: 1,
        max: 2,
      },
    ],
  },
  membership_benefit: {
    _count: 1,
    _data: [{ id: 'b1', membership_type_id: 'fam', ticket_group_id: 'mg', ticket_type_id: null, limit: 6 }],
  },
};

const EVENT_DOC = {
  event_template: {
    _count: 1,
    _data: [
      {
        id: 'ev',
        seller_id: 's',
        name: 'Membership',
        subtitle: null,
        summary: null,
        description: null,
        category: null,
        event_type: 'single',
        hidden_type: 'public_link_only',
        venue_id: 'v',
        _rank: 0,
      },
    ],
  },
  ticket_group: {
    _count: 1,
    _data: [
      {
        id: 'g',
        event_template_id: 'ev',
        name: 'Levels',
        description: null,
        handler: 'membership',
        hidden_type: 'public_browsable',
        min_tickets_per_order: null,
        max_tickets_per_order: 1,
        capacity: -1,
        oversell_capacity: 0,
        used_capacity: 0,
        exclude_from_event_capacity: true,
        sold_out: false,
        _rank: 0,
      },
    ],
  },
  ticket_type: {
    _count: 2,
    _data: [
      ['fam', 'Family', '160.00', null, 1],
      ['ind', 'Individual', '75.00', '60.00', 0],
    ].map(([id, name, amount, discounted, rank]) => ({
      id,
      ticket_group_id: 'g',
      event_template_id: 'ev',
      name,
      description: null,
      summary: null,
      currency_amount: amount,
      currency_amount_min: null,
      currency_amount_max: null,
      discounted_amount: discounted,
      fee_fixed_outside: null,
      fee_percent_outside: null,
      _rank: rank,
    })),
  },
};

const MEMBERSHIP_DOC = {
  membership: {
    _count: 1,
    _data: [
      {
        id: 'm1',
        identity_id: 'i1',
        scan_code: '700001',
        role: 'member',
        level_name: 'Dual',
        auto_renew_state: 'scheduled',
        valid_from: '2026-01-01T00:00:00.000Z',
        valid_to: '2027-01-01T00:00:00.000Z',
        member_event_purchase_limit: 4,
        ticket_order_id: 'o1',
        ticket_group_id: 'g',
        ticket_type_id: 'dual',
        event_template_id: 'ev',
        unnamed_count: 0,
      },
    ],
  },
  identity_link: {
    _count: 2,
    _data: [
      {
        id: 'l1',
        membership_id: 'm1',
        role: 'member',
        first_name: 'Mia',
        last_name: 'Member',
        email: 'mia@example.com',
      },
      { id: 'l2', membership_id: 'other', role: 'member', first_name: 'X', last_name: 'Y', email: null },
    ],
  },
};

describe('api.membership', () => {
  it('delegates every method of the client (loaded on the first call)', async () => {
    const client = createMembershipClient(async () => ({}));
    const { api } = setup(false, json({ saved_payment_method: { _count: 0, _data: [] } }));
    for (const name of Object.keys(client))
      expect(typeof api.membership[name as keyof typeof client]).toBe('function');
    await expect(api.membership.savedPaymentMethod()).resolves.toBeNull();
  });

  it('event: GET events/{id} and membership_rules (embed ticket_type, limit 1000, cached); levels by rank', async () => {
    // Answers by path (the two calls run together).
    const { fetch, calls } = fakeFetch(json({}));
    const byPath = (async (input: string | URL | Request, init?: RequestInit) => {
      await fetch(input, init);
      return json(String(input).includes('membership_rules') ? RULES_DOC : EVENT_DOC);
    }) as typeof globalThis.fetch;
    const ordered = { api: createApi(SETTINGS, { fetch: byPath, logger: { warn: vi.fn() } }), calls };
    const event = await ordered.api.membership.event('ev');
    expect(event.levels.map((l) => [l.id, l.amountCents, l.discountedCents])).toEqual([
      ['ind', 7500, 6000],
      ['fam', 16000, null],
    ]);
    const fam = event.levels[1];
    // The second 'member' rule is skipped (spec 1 §8) and reported for logging.
    expect(fam?.named).toEqual([{ partyRole: 'member', emailRequired: 'yes' }]);
    expect(fam?.skippedRoles).toEqual(['member']);
    expect(fam?.unnamed).toEqual({ partyRole: 'child', min: 0, max: 4 });
    const rulesCall = ordered.calls.find((x) => pathOf(x.url).endsWith('membership_rules'));
    expect(pathOf(rulesCall?.url ?? '')).toBe('/cached/api/membership_rules');
    expect(queryOf(rulesCall?.url ?? '')).toMatchObject({ _embed: 'ticket_type', _limit: '1000' });
  });

  it('event: an unknown event rejects with event_not_found', async () => {
    const replies = [json(apiErrorBody(ErrorCode.not_found, null, 'event_template'), 404), json(RULES_DOC)];
    const { api } = setup(false, () => (replies.shift() ?? json(RULES_DOC)) as Response);
    await expect(api.membership.event('nope')).rejects.toMatchObject({ code: ErrorCode.event_not_found });
  });

  it('mine: GET my/membership with the spec embeds; members joined to their membership', async () => {
    const { api, calls } = setup(true, json(MEMBERSHIP_DOC));
    const [m] = await api.membership.mine();
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/my/membership');
    expect(queryOf(calls[0]?.url ?? '')._embed).toBe(
      'role,identity_link,ticket,ticket_order,ticket.ticket_type,ticket.event_template,ticket.ticket_group',
    );
    expect(m).toMatchObject({
      memberId: '700001',
      levelId: 'dual',
      autoRenewState: 'scheduled',
      purchaseLimit: 4,
    });
    expect(m?.members).toEqual([
      { role: 'member', firstName: 'Mia', lastName: 'Member', email: 'mia@example.com' },
    ]);
  });

  it('an auto_renew_state other than scheduled or cancelled reads as other; a malformed answer is unexpected', async () => {
    const doc = structuredClone(MEMBERSHIP_DOC);
    (doc.membership._data[0] as { auto_renew_state: string }).auto_renew_state = 'none';
    const { api } = setup(true, json(doc), json({ membership: { _count: 1, _data: [{ id: 5 }] } }));
    expect((await api.membership.mine())[0]?.autoRenewState).toBe('other');
    await expect(api.membership.mine()).rejects.toMatchObject({ code: ErrorCode.unexpected, status: 200 });
  });

  it('giftCode: GET gift_code/{code} (trimmed); status valid, expired (before and after), exhausted', async () => {
    const reply = {
      gift_code: {
        _count: 1,
        _data: [
          {
            code: 'GIFT000001',
            valid_from: '2026-01-01T00:00:00Z',
            valid_to: '2026-12-31T00:00:00Z',
            exhausted: false,
            ticket_type_ids: null,
          },
        ],
      },
    };
    const { api, calls } = setup(false, json(reply));
    const gift = await api.membership.giftCode(' GIFT000001 ');
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/gift_code/GIFT000001');
    expect(giftCodeStatus(gift, Date.parse('2026-06-01T00:00:00Z'))).toBe('valid');
    expect(giftCodeStatus(gift, Date.parse('2025-12-31T00:00:00Z'))).toBe('expired');
    expect(giftCodeStatus(gift, Date.parse('2027-01-01T00:00:00Z'))).toBe('expired');
    expect(giftCodeStatus({ ...gift, exhausted: true }, Date.parse('2026-06-01T00:00:00Z'))).toBe(
      'exhausted',
    );
    expect(() => toGiftCode({ gift_code: { _count: 0, _data: [] } })).toThrow(ApiError);
  });

  it("reserve: the 'extend membership' box goes as membership.extend", () => {
    const members = [{ partyRole: 'member', firstName: 'Mia', lastName: 'Member' }];
    expect(membershipReserveBody({ levelId: 'dual', members, extend: true }).membership).toEqual({
      members: [{ party_role: 'member', first_name: 'Mia', last_name: 'Member' }],
      extend: true,
    });
    expect(membershipReserveBody({ levelId: 'dual', members }).membership).not.toHaveProperty('extend');
  });

  it('reserve: one level line without a session, members trimmed, redeem flag with the code; my/cart paths', async () => {
    const body = membershipReserveBody({
      levelId: 'dual',
      members: [
        { partyRole: 'member', firstName: ' Mia ', lastName: 'Member ', email: ' mia@example.com ' },
        { partyRole: 'second-card', firstName: 'Max', lastName: 'Member', email: '  ' },
      ],
      unnamedCount: 0,
      autoRenew: false,
      giftCode: ' GIFT000001',
    });
    expect(body).toEqual({
      add: [{ event_session_id: null, ticket_type_id: 'dual' }],
      membership: {
        members: [
          { party_role: 'member', first_name: 'Mia', last_name: 'Member', email: 'mia@example.com' },
          { party_role: 'second-card', first_name: 'Max', last_name: 'Member' },
        ],
        unnamed: 0,
        auto_renew: false,
        redeem: true,
        gift_code: 'GIFT000001',
      },
    });
    const { api, calls } = setup(false, json(apiErrorBody(ErrorCode.code_exhausted, null, 'gift_code'), 400));
    await expect(
      api.membership.reserve('c1', { levelId: 'dual', members: [], giftCode: 'GIFTUSED01' }),
    ).rejects.toMatchObject({ code: ErrorCode.code_exhausted, status: 400 });
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/my/cart/c1/modify');
    expect(calls[0]?.method).toBe('POST');
  });

  it('giftee and gift checkout: bodies, the guest or member path, the identity id', async () => {
    const identity = {
      identity: {
        _count: 1,
        _data: [{ id: 'g1', first_name: 'G', last_name: 'H', email: 'g@h.co', type: 'guest' }],
      },
    };
    const guest = setup(
      false,
      json(identity),
      json(apiErrorBody(ErrorCode.giftee_is_purchaser, null, 'giftee'), 400),
    );
    expect(
      await guest.api.membership.createGiftee({ firstName: ' G ', lastName: 'H', email: ' g@h.co ' }),
    ).toBe('g1');
    expect(guest.calls[0]?.body).toEqual({ first_name: 'G', last_name: 'H', email: 'g@h.co' });
    expect(pathOf(guest.calls[0]?.url ?? '')).toBe('/api/giftee');
    await expect(guest.api.membership.giftCheckout('c1', 'g1')).rejects.toMatchObject({
      code: ErrorCode.giftee_is_purchaser,
    });
    expect(pathOf(guest.calls[1]?.url ?? '')).toBe('/api/cart/c1/gift_checkout');
    expect(guest.calls[1]?.body).toEqual({ giftee_identity_id: 'g1' });
    const member = setup(true, json(apiErrorBody(ErrorCode.not_found, null, 'cart'), 404));
    await expect(member.api.membership.giftCheckout('c1', 'g1')).rejects.toBeInstanceOf(ApiError);
    expect(pathOf(member.calls[0]?.url ?? '')).toBe('/api/my/cart/c1/gift_checkout');
  });

  it('giftFreeCheckout: POST my/cart/{id}/guest_checkout { guest_identity_id, giver_identity_id } (spec 2 §7)', async () => {
    const { api, calls } = setup(true, json(apiErrorBody(ErrorCode.not_cart_owner, null, 'cart'), 403));
    await expect(
      api.membership.giftFreeCheckout('c1', {
        guestIdentityId: 'g1',
        giverIdentityId: 'm1',
        sendEmail: false,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.not_cart_owner, status: 403 });
    expect(calls[0]?.method).toBe('POST');
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/my/cart/c1/guest_checkout');
    expect(calls[0]?.body).toEqual({ guest_identity_id: 'g1', giver_identity_id: 'm1', send_email: false });
  });

  it('order: GET ticket_order/{id} filtered to booked membership tickets; cancelAutoRenew: DELETE …/auto_renew', async () => {
    const order = {
      ...MEMBERSHIP_DOC,
      ticket_order: {
        _count: 1,
        _data: [
          {
            id: 'o1',
            order_number: 'M700001',
            cart_id: 'c',
            identity_id: 'i1',
            seller_id: 's',
            created_at: '2026-01-01T00:00:00Z',
          },
        ],
      },
    };
    const { api, calls } = setup(false, json(order), json(MEMBERSHIP_DOC));
    const model = await api.membership.order('o1');
    expect(model).toMatchObject({
      orderId: 'o1',
      orderNumber: 'M700001',
      memberships: [{ levelName: 'Dual' }],
    });
    expect(queryOf(calls[0]?.url ?? '')).toMatchObject({
      'ticket.state._in': 'booked,redeemed',
      'ticket_group.handler._in': 'membership',
      _embed: 'ticket,ticket_group,membership,event_template,event_template.venue',
    });
    await api.membership.cancelAutoRenew('o1');
    expect(calls[1]?.method).toBe('DELETE');
    expect(pathOf(calls[1]?.url ?? '')).toBe('/api/ticket_order/o1/auto_renew');
  });

  it('remaining and saved card', async () => {
    const { api, calls } = setup(
      true,
      json({
        member_remaining: {
          _count: 1,
          _data: [
            {
              event_template_id: 'e',
              ticket_group_id: 'mg',
              ticket_type_id: null,
              limit: 2,
              used: 1,
              remaining: 1,
            },
          ],
        },
      }),
      json({ saved_payment_method: { _count: 1, _data: [{ id: 'p', identifier: 'Visa ending in 4242' }] } }),
    );
    expect(await api.membership.remaining('e')).toEqual([
      { eventId: 'e', ticketGroupId: 'mg', ticketTypeId: null, limit: 2, used: 1, remaining: 1 },
    ]);
    expect(queryOf(calls[0]?.url ?? '').event_template_id).toBe('e');
    expect(await api.membership.savedPaymentMethod()).toBe('Visa ending in 4242');
    expect(pathOf(calls[1]?.url ?? '')).toBe('/api/my/identity/saved_payment_method');
  });
});

describe('levelSlots', () => {
  it('named yes: max slots (at least one); optional: max slots; no: the unnamed stepper (summed)', () => {
    const slots = levelSlots([
      rule('member', 'yes', 1, 1),
      rule('second-card', 'yes', 0, 2),
      rule('caregiver', 'optional', 0, 1),
      rule('child', 'no', 0, 3),
      rule('youth', 'no', 1, 2),
    ]);
    expect(slots.named.map((x) => x.partyRole)).toEqual(['member', 'second-card', 'second-card']);
    expect(slots.optional.map((x) => x.partyRole)).toEqual(['caregiver']);
    expect(slots.unnamed).toEqual({ partyRole: 'child', min: 1, max: 5 });
    expect(slots.skippedRoles).toEqual([]);
  });
});
