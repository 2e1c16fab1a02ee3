/**
 * Membership terms on the server (issue 11, spec 3 §3, §4; server/memberships/policy.ts):
 * - renewing is allowed only from expiry minus the seller's `renewal.allowed_period` (90 days in the seed): a
 *   reserve that would renew the member's membership earlier is refused with 400 renewal_not_open (no gift code
 *   is taken), and the storefront reads it as 'Your membership can be renewed from {date}.';
 * - `member_reserve_session_beyond_term`: member tickets for a session after the membership's valid_to only
 *   `always`, or `if_autorenew` while enrolled; else 400 membership_ends_before_session, with its message.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { errorMessage } from '../../domain/error-messages';
import { memberMembership } from '../../server/members/schema';
import { BEYOND_TERM_CONFIG_KEY } from '../../server/memberships/policy';
import { MEMBERSHIP_EXTEND_META } from '../../server/memberships/reserve';
import { giftCode } from '../../server/memberships/schema';
import * as t from '../../server/schema';
import { demoIds } from '../../server/seed/demo';
import { DEMO_GIFT_CODES, DEMO_MEMBERSHIP_MEMBERS, membershipIds } from '../../server/seed/membership';
import { dayjs } from '../../server/util';
// The day in the renew-not-yet message is written by ui/format.ts, which every screen showing it loads.
import '../../ui/format';
import { createStrings, resolveMessage } from '../../ui/strings';
import { SELLER, START, type TestServer } from './helpers';
import { type Browser, browser, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const DAY = 86_400_000;
const INDIVIDUAL = membershipIds.level('Individual');
const PREVIEW = demoIds.event('members-preview');
const PREVIEW_MEMBER = demoIds.type('members-preview', 'Member');
const strings = createStrings();

const errorOf = (body: unknown) => {
  const e = errorBody.parse(body)._data[0];
  return { code: e?._code ?? '', context: e?._context, description: e?._description, extra: e?._extra };
};

async function member(key: keyof typeof DEMO_MEMBERSHIP_MEMBERS): Promise<Browser> {
  const b = browser(s);
  expect((await passwordLogin(b, DEMO_MEMBERSHIP_MEMBERS[key].email)).status).toBe(200);
  return b;
}

const membershipRow = async (key: keyof typeof DEMO_MEMBERSHIP_MEMBERS) =>
  (
    await s.handle.db
      .select()
      .from(memberMembership)
      .where(eq(memberMembership.id, membershipIds.membership(DEMO_MEMBERSHIP_MEMBERS[key].key)))
  )[0];

const individual = (who: { firstName: string; lastName: string; email: string }, extra = {}) => ({
  add: [{ event_session_id: null, ticket_type_id: INDIVIDUAL }],
  membership: {
    members: [{ party_role: 'member', first_name: who.firstName, last_name: who.lastName, email: who.email }],
    ...extra,
  },
});

describe('renewal window (renewal.allowed_period: 90 days)', () => {
  it('a current member far from expiry: renew, plain buy and redeem are refused; no gift code is taken', async () => {
    const fay = await member('family');
    const m = DEMO_MEMBERSHIP_MEMBERS.family;
    const row = await membershipRow('family');
    const opens = (row?.validTo.getTime() ?? 0) - 90 * DAY;
    expect(opens).toBeGreaterThan(s.clock.now);
    for (const extra of [{ renew: true }, {}, { redeem: true, gift_code: DEMO_GIFT_CODES.valid }]) {
      const r = await fay.json('POST', 'my/cart/modify', { body: individual(m, extra) });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      const e = errorOf(r.body);
      expect(e.code).toBe(ErrorCode.renewal_not_open);
      expect(e.context).toBe('membership');
      expect(Date.parse((e.extra as { renewal_opens_at: string }).renewal_opens_at)).toBe(opens);
      // The seller's day (New York), written as the spec's dates are: what the description and the form say.
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(opens);
      expect((e.extra as { renewal_opens_on: string }).renewal_opens_on).toBe(day);
      const shown = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      }).format(opens);
      expect(e.description).toBe(`Your membership can be renewed from ${shown}.`);
      expect(resolveMessage(strings, errorMessage(e, 'membership'))).toBe(
        `Your membership can be renewed from ${shown}.`,
      );
      expect(shown).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    }
    const [code] = await s.handle.db
      .select()
      .from(giftCode)
      .where(and(eq(giftCode.sellerId, SELLER), eq(giftCode.code, DEMO_GIFT_CODES.valid)));
    expect(code?.redeemedCount).toBe(0);
    // A gift is not a renewal of the giver's membership.
    const gift = await fay.json('POST', 'my/cart/modify', {
      body: individual({ firstName: 'Gia', lastName: 'Giftee', email: 'gia@example.com' }, { gift: true }),
    });
    expect(gift.status).toBe(200);
  });

  it('inside the window (45 days to expiry), after expiry, and without a membership: allowed', async () => {
    const mia = await member('enrolled');
    const ezra = await member('expired');
    const ok = [
      await mia.json('POST', 'my/cart/modify', {
        body: individual(DEMO_MEMBERSHIP_MEMBERS.enrolled, { renew: true }),
      }),
      await ezra.json('POST', 'my/cart/modify', {
        body: individual(DEMO_MEMBERSHIP_MEMBERS.expired, { renew: true }),
      }),
      await s.json('POST', 'my/cart/modify', {
        body: individual({ firstName: 'Nu', lastName: 'Member', email: 'nu@example.com' }, { renew: true }),
      }),
    ];
    for (const r of ok) expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('the window opens exactly at expiry minus the period', async () => {
    const row = await membershipRow('cancelled');
    const opens = (row?.validTo.getTime() ?? 0) - 90 * DAY;
    const saved = s.clock.now;
    try {
      s.clock.now = opens - 1;
      // Logged in on that day (a session from today's clock would have ended).
      const cal = await member('cancelled');
      const early = await cal.json('POST', 'my/cart/modify', {
        body: individual(DEMO_MEMBERSHIP_MEMBERS.cancelled, { renew: true }),
      });
      expect(errorOf(early.body).code).toBe(ErrorCode.renewal_not_open);
      s.clock.now = opens;
      const onTime = await cal.json('POST', 'my/cart/modify', {
        body: individual(DEMO_MEMBERSHIP_MEMBERS.cancelled, { renew: true }),
      });
      expect(onTime.status, JSON.stringify(onTime.body)).toBe(200);
    } finally {
      s.clock.now = saved;
    }
  });
});

describe("extend (the membership event's 'extend membership' checkbox, meta membership_extend)", () => {
  const setExtendMeta = async (value: string | null) => {
    const where = and(eq(t.meta.resourceId, membershipIds.event), eq(t.meta.key, MEMBERSHIP_EXTEND_META));
    await s.handle.db.delete(t.meta).where(where);
    if (value !== null)
      await s.handle.db.insert(t.meta).values({
        id: 'test-membership-extend',
        resource: 'event_template',
        resourceId: membershipIds.event,
        key: MEMBERSHIP_EXTEND_META,
        value,
      });
  };
  const CART_Q = { _embed: 'ticket,ticket_group,cart_fees' };

  it('the demo seed offers the checkbox on its membership event (the event answer carries the meta)', async () => {
    const r = await s.json('GET', `events/${membershipIds.event}`, { query: { _embed: 'meta' } });
    expect(r.status).toBe(200);
    const meta = document.parse(r.body).meta?._data ?? [];
    expect(
      meta.find((m) => m.key === MEMBERSHIP_EXTEND_META && m.resource_id === membershipIds.event)?.value,
    ).toBe('yes');
  });

  it('extends a current membership before renewing opens: the term runs on from its valid_to', async () => {
    const fay = await member('family');
    const m = DEMO_MEMBERSHIP_MEMBERS.family;
    const before = await membershipRow('family');
    expect((before?.validTo.getTime() ?? 0) - 90 * DAY).toBeGreaterThan(s.clock.now);
    // Not offered by the event: refused, like any early renewal without it.
    await setExtendMeta(null);
    const notOffered = await fay.json('POST', 'my/cart/modify', { body: individual(m, { extend: true }) });
    expect(notOffered.status).toBe(400);
    expect(errorOf(notOffered.body)).toMatchObject({
      code: ErrorCode.validation_failed,
      context: 'membership',
      description: 'This membership cannot be extended.',
    });
    await setExtendMeta('yes');
    try {
      // Only the purchaser's own membership: not with a gift.
      const gift = await fay.json('POST', 'my/cart/modify', {
        body: individual(
          { firstName: 'Gia', lastName: 'Giftee', email: 'gia@example.com' },
          {
            gift: true,
            extend: true,
          },
        ),
      });
      expect(gift.status).toBe(400);
      expect(errorOf(gift.body).description).toBe('Only your own membership can be extended.');
      // Without the box: still refused before the window.
      const plain = await fay.json('POST', 'my/cart/modify', { body: individual(m) });
      expect(errorOf(plain.body).code).toBe(ErrorCode.renewal_not_open);
      // A strict boundary: extend is a boolean.
      const bad = await fay.json('POST', 'my/cart/modify', { body: individual(m, { extend: 'yes' }) });
      expect(bad.status).toBe(400);
      const r = await fay.json('POST', 'my/cart/modify', {
        body: individual(m, { extend: true }),
        query: CART_Q,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const cartId = document.parse(r.body).cart?._data[0]?.id as string;
      const amount = document.parse(r.body).cart_fees?._data[0]?.grand_totals.total_outstanding ?? '';
      const paid = await fay.json('POST', `my/cart/${cartId}/pay`, {
        body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const after = await membershipRow('family');
      expect(after?.scanCode).toBe(before?.scanCode);
      expect(after?.validFrom.getTime()).toBe(before?.validFrom.getTime());
      expect(after?.validTo.getTime()).toBe(dayjs(before?.validTo).add(12, 'month').valueOf());
    } finally {
      await setExtendMeta(null);
    }
  });
});

describe('member_reserve_session_beyond_term', () => {
  const previewSession = async (daysAhead: number) => {
    const day = new Date(START + daysAhead * DAY).toISOString().slice(0, 10);
    const r = await s.json('GET', `events/${PREVIEW}/sessions`, { query: { _ondate: day } });
    const id = r.body.event_session._data[0]?.id as string | undefined;
    expect(id, day).toBeTruthy();
    return id as string;
  };
  const memberTicket = (b: Browser, sessionId: string) =>
    b.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: sessionId, ticket_type_id: PREVIEW_MEMBER }] },
    });
  const setPolicy = async (value: string | null) => {
    const where = and(eq(t.config.resourceId, SELLER), eq(t.config.key, BEYOND_TERM_CONFIG_KEY));
    await s.handle.db.delete(t.config).where(where);
    if (value !== null)
      await s.handle.db.insert(t.config).values({
        id: `test-beyond-term-${value}`,
        resource: 'seller',
        resourceId: SELLER,
        key: BEYOND_TERM_CONFIG_KEY,
        value,
      });
  };

  it('if_autorenew (the seed): enrolled Mia books after her expiry; once cancelled she is refused', async () => {
    const mia = await member('enrolled');
    const within = await previewSession(10);
    const beyond = await previewSession(50); // Mia's membership ends in 45 days
    expect((await memberTicket(mia, within)).status).toBe(200);
    expect((await memberTicket(mia, beyond)).status).toBe(200);
    const id = membershipIds.membership(DEMO_MEMBERSHIP_MEMBERS.enrolled.key);
    await s.handle.db
      .update(memberMembership)
      .set({ autoRenewState: 'cancelled' })
      .where(eq(memberMembership.id, id));
    try {
      const r = await memberTicket(mia, await previewSession(51));
      expect(r.status).toBe(400);
      const e = errorOf(r.body);
      expect(e.code).toBe(ErrorCode.membership_ends_before_session);
      expect(e.extra).toMatchObject({ event_session_id: await previewSession(51) });
      expect(resolveMessage(strings, errorMessage(e, 'reserve'))).toBe(
        'Your membership expires before this session. Renew your membership to book member tickets for it.',
      );
      // Within the term still fine.
      expect((await memberTicket(mia, await previewSession(11))).status).toBe(200);
    } finally {
      await s.handle.db
        .update(memberMembership)
        .set({ autoRenewState: 'scheduled' })
        .where(eq(memberMembership.id, id));
    }
  });

  it('always lets a member book beyond the term; without the setting nobody may', async () => {
    const mia = await member('enrolled');
    const beyond = await previewSession(52);
    try {
      await setPolicy(null);
      expect(errorOf((await memberTicket(mia, beyond)).body).code).toBe(
        ErrorCode.membership_ends_before_session,
      );
      await setPolicy('always');
      await s.handle.db
        .update(memberMembership)
        .set({ autoRenewState: 'other' })
        .where(eq(memberMembership.id, membershipIds.membership(DEMO_MEMBERSHIP_MEMBERS.enrolled.key)));
      expect((await memberTicket(mia, beyond)).status).toBe(200);
    } finally {
      await setPolicy('if_autorenew');
      await s.handle.db
        .update(memberMembership)
        .set({ autoRenewState: 'scheduled' })
        .where(eq(memberMembership.id, membershipIds.membership(DEMO_MEMBERSHIP_MEMBERS.enrolled.key)));
    }
  });
});
