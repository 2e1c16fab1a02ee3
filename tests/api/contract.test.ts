/**
 * The API client against the reference server, in process (no network): proves that the client's URLs, headers,
 * bodies and joins agree with what server/ really answers. Assertions are about shapes and arithmetic, not seed
 * details.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, createApi, isApiError } from '../../api/index';
import { createApp } from '../../server/app';
import { createDb, type DbHandle } from '../../server/db';
import { DEMO_SELLER_ID, demoIds, seed } from '../../server/seed/demo';
import { donationIds } from '../../server/seed/donation';

/** 2026-11-21 10:00 in New York. */
const NOW = Date.parse('2026-11-21T15:00:00Z');

let handle: DbHandle;
let api: Api;
const warn = vi.fn();

beforeAll(async () => {
  handle = await createDb({ dataDir: 'memory://' });
  await seed(handle.db, { now: () => NOW });
  const app = createApp({ db: handle.db, now: () => NOW });
  const fetch = (async (input: string | URL | Request, init?: RequestInit) =>
    app.request(`http://localhost${String(input)}`, init)) as typeof globalThis.fetch;
  api = createApi(
    { apiPrefix: '/api/', cachedApiPrefix: '/cached/api/', sellerId: DEMO_SELLER_ID },
    { fetch, now: () => NOW, logger: { warn }, sleep: async () => {} },
  );
});

afterAll(async () => {
  await handle?.close();
});

describe('client against the reference server', () => {
  it("reserves with survey answers and reads them back under the cart's line, by the questions' titles", async () => {
    const garden = demoIds.event('sculpture-garden');
    const groups = (await api.events.get(garden)).ticketGroups;
    const walk = groups.find((g) => g.survey?.length);
    const type = walk?.types[0];
    if (!walk || !type) throw new Error('no surveyed group');
    const days = await api.events.calendar(garden, { ticketGroupIds: [walk.id] });
    const day = days.find((d) => d.status === 'available');
    if (!day) throw new Error('no available day');
    const sessions = await api.events.sessions(garden, { date: day.date });
    const session = sessions.find((x) => !x.soldOut && Date.parse(x.start) > NOW);
    if (!session) throw new Error('no session');
    const cart = await api.cart.reserve(null, {
      eventId: garden,
      sessionId: session.id,
      quantities: { [type.id]: 2 },
      additionalInfo: [{ ticket_group_id: walk.id, data: { heard: 'A friend', youngest: 7 } }],
    });
    const title = (name: string) => walk.survey?.find((q) => q.name === name)?.title;
    expect(cart.items[0]?.lines[0]?.answers).toEqual([
      { question: title('heard'), answer: 'A friend' },
      { question: title('youngest'), answer: '7' },
    ]);
    expect((await api.cart.get(cart.id)).items[0]?.lines[0]?.answers).toHaveLength(2);
  });

  it('changes a donation in one modification: the old donation ids removed, the new item added (issue 23)', async () => {
    const group = await api.ticketGroups.get(donationIds.group, { handler: 'donation' });
    const friend = group.types.find((t) => t.name === 'Friend');
    const own = group.types.find((t) => t.amountMinCents != null);
    if (!friend || !own) throw new Error('no donation types');
    const first = await api.cart.reserve(null, {
      eventId: '',
      sessionId: null,
      quantities: { [friend.id]: 1 },
    });
    const donationIdsIn = (cart: typeof first) =>
      cart.items.flatMap((i) => i.lines.flatMap((l) => l.ticketIds ?? []));
    const old = donationIdsIn(first);
    expect(old).toHaveLength(1);
    const changed = await api.cart.changeDonation(first.id, {
      remove: old,
      add: { event_session_id: null, ticket_type_id: own.id, face_value: '42.50' },
    });
    const lines = changed.items.flatMap((i) => i.lines);
    expect(lines.map((l) => [l.ticketTypeId, l.unitCents, l.ticketIds?.length])).toEqual([[own.id, 4250, 1]]);
    expect(donationIdsIn(changed)).not.toContain(old[0]);
    // An amount outside the type's bounds is refused and the donation stays as it was.
    const refused = await api.cart
      .changeDonation(first.id, {
        remove: donationIdsIn(changed),
        add: { event_session_id: null, ticket_type_id: own.id, face_value: '1.00' },
      })
      .catch((e) => e);
    expect(isApiError(refused, 'validation_failed')).toBe(true);
    expect(donationIdsIn(await api.cart.get(first.id))).toEqual(donationIdsIn(changed));
    const removed = await api.cart.changeDonation(first.id, { remove: donationIdsIn(changed), add: null });
    expect(removed.ticketCount).toBe(0);
  });

  it('browses, reserves, pays and reads the order', async () => {
    const events = await api.events.listAvailable();
    expect(events.length).toBeGreaterThan(0);
    const timed = events.find((e) => e.eventType === 'repeating') ?? events[0];
    if (!timed) throw new Error('no event');

    const detail = await api.events.get(timed.id);
    expect(detail.id).toBe(timed.id);
    expect(detail.ticketGroups.length).toBeGreaterThan(0);

    const days = await api.events.calendar(timed.id, {
      ticketGroupIds: detail.ticketGroups.map((g) => g.id),
    });
    const day = days.find((d) => d.status === 'available');
    if (!day) throw new Error('no available day');

    const dated = await api.events.listAvailable({ date: day.date, timezone: detail.venue.timezone });
    expect(dated.map((e) => e.id)).toContain(timed.id);

    const sessions = await api.events.sessions(timed.id, { date: day.date });
    const session = sessions.find((s) => !s.soldOut);
    if (!session) throw new Error('no session');

    const groups = await api.events.sessionGroups(timed.id, session.id);
    const type = groups[0]?.types[0];
    if (!type) throw new Error('no ticket type');

    const cart = await api.cart.reserve(null, {
      eventId: timed.id,
      sessionId: session.id,
      quantities: { [type.id]: 2 },
      admits: { [type.id]: [{ name: 'Ada Lovelace' }] },
    });
    expect(cart.ticketCount).toBe(2);
    expect(cart.expiresAt).toBeGreaterThan(NOW);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.lines).toEqual([
      {
        ticketTypeId: type.id,
        name: type.name,
        count: 2,
        unitCents: type.priceCents,
        totalCents: 2 * type.priceCents,
        // The one attendee named in the reserve, under its line (issue 25).
        admitNames: ['Ada Lovelace'],
      },
    ]);
    expect(cart.totals.subtotalCents).toBe(2 * type.priceCents);
    expect(cart.totals.feesFixedCents + cart.totals.feesPercentCents).toBe(2 * type.feeCents);
    expect(cart.totals.outstandingCents).toBe(2 * (type.priceCents + type.feeCents));

    const reloaded = await api.cart.get(cart.id);
    expect(reloaded.ticketCount).toBe(2);
    const after = await api.cart.remove(cart.id, [reloaded.items[0]?.ticketIds[0] ?? '']);
    expect(after.ticketCount).toBe(1);
    const due = after.totals.outstandingCents;

    await api.cart.setPurchaser(cart.id, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
    });
    const declined = await api.cart
      .pay(cart.id, { amountCents: due, source: 'pm_card_chargeDeclined' })
      .catch((e) => e);
    expect(isApiError(declined, 'card_declined')).toBe(true);

    const paid =
      due > 0
        ? await api.cart.pay(cart.id, { amountCents: due, source: 'pm_card_visa' })
        : await api.cart.guestCheckout(cart.id);
    expect(paid.orderIds).toHaveLength(1);

    const [order] = (await api.orders.confirmation(paid.orderIds)).orders;
    expect(order).toMatchObject({
      cartId: cart.id,
      ticketCount: 1,
      kind: 'tickets',
      purchaserEmail: 'ada@example.com',
    });
    expect((await api.orders.get(order?.id ?? '')).number).toBe(order?.number);

    const discarded = await api.cart.discard(cart.id).catch((e) => e);
    expect(isApiError(discarded, 'cart_booked')).toBe(true);
    const done = await api.cart.get(cart.id);
    expect(done.orderIds).toEqual(paid.orderIds);

    await expect(api.events.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'event_not_found',
    });
    expect(warn).not.toHaveBeenCalled();
  });
});
