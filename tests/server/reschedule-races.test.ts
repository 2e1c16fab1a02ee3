/**
 * Races of order changes (issue 24; server/manage/edit.ts), meaningful on PostgreSQL only (TEST_DATABASE_URL:
 * PGlite runs one transaction at a time; scripts/test.mjs runs this file in the PostgreSQL pass only):
 * - a cancel and a reschedule's confirm of the same ticket at once: exactly one wins, the ticket is in one state,
 *   its place is given back once;
 * - two reschedules of the same ticket confirmed at once: exactly one wins, likewise;
 * - reschedules of several orders into a session with fewer places left than they want, at once: the places left are
 *   taken and no more (the rest answer 409 event_session_sold_out), never counted twice.
 * Whole-database invariants (tests/server/invariants.ts) hold after each.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import * as t from '../../server/schema';
import { startTestServer, type TestServer } from './helpers';
import { capacityBaseline, ledgerProblems } from './invariants';
import { type Bought, manageHelpers, WORKSHOP_ADULT } from './manage-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const err = (body: unknown) => errorBody.parse(body)._data[0];
const { workshopSession, usedOf, buyFree, cancel } = manageHelpers(() => s);

/** An order-bound cart of `a` that moves its first ticket to `sessionId`, ready to confirm. */
async function rescheduled(a: Bought, sessionId: string) {
  const r = await s.json('POST', `ticket_order/${a.orderId}/edit`, { body: { token: a.token } });
  expect(r.status).toBe(200);
  const cartId = r.body.cart._data[0].id as string;
  const changed = await s.json('POST', `cart/${cartId}/modify`, {
    body: {
      remove: [a.ticketIds[0]],
      add: [{ event_session_id: sessionId, ticket_type_id: WORKSHOP_ADULT }],
    },
  });
  expect(changed.status).toBe(200);
  return cartId;
}
const confirm = (cartId: string) =>
  s.json('POST', `cart/${cartId}/guest_checkout`, {
    body: { send_email: false, gateway_id: 'free', gateway_data: {} },
  });
const stateOf = async (ticketId: string) =>
  (await s.handle.db.select().from(t.ticket).where(eq(t.ticket.id, ticketId)))[0]?.state;

describe('order changes racing (meaningful on PostgreSQL)', () => {
  it('a cancel and a reschedule of the same ticket at once: one outcome, the place given back once', async () => {
    const target = await workshopSession('2026-12-21');
    for (let round = 0; round < 6; round++) {
      const a = await buyFree('2026-12-20', [WORKSHOP_ADULT, WORKSHOP_ADULT]);
      const one = a.ticketIds[0] as string;
      const cartId = await rescheduled(a, target.id);
      const baseline = await capacityBaseline(s.handle.db);
      const [oldBefore, newBefore] = [await usedOf(a.sessionId), await usedOf(target.id)] as [number, number];
      const [cancelled, confirmed] = await Promise.all([cancel(a, [one]), confirm(cartId)]);
      expect([cancelled.status, confirmed.status].filter((x) => x === 200)).toHaveLength(1);
      expect(await stateOf(one)).toBe('cancelled');
      // The old place comes back once, whoever won.
      expect(await usedOf(a.sessionId)).toBe(oldBefore - 1);
      const tickets = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.cartId, cartId));
      if (confirmed.status === 200) {
        expect(err(cancelled.body)?._code).toBe(ErrorCode.no_valid_tickets);
        expect(tickets.map((k) => [k.state, k.ticketOrderId])).toEqual([['booked', a.orderId]]);
      } else {
        expect([confirmed.status, err(confirmed.body)?._code]).toEqual([
          409,
          ErrorCode.ticket_state_incorrect,
        ]);
        // The change's new place stays held by its cart until it is discarded or expires.
        expect(tickets.map((k) => k.state)).toEqual(['in_cart']);
      }
      expect(await usedOf(target.id)).toBe(newBefore);
      expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
    }
  });

  it('two reschedules of the same ticket confirmed at once: one wins, the place given back once', async () => {
    const [to1, to2] = [await workshopSession('2026-12-23'), await workshopSession('2026-12-24')];
    for (let round = 0; round < 6; round++) {
      const a = await buyFree('2026-12-22', [WORKSHOP_ADULT]);
      const [c1, c2] = [await rescheduled(a, to1.id), await rescheduled(a, to2.id)];
      const baseline = await capacityBaseline(s.handle.db);
      const oldBefore = (await usedOf(a.sessionId)) as number;
      const results = await Promise.all([confirm(c1), confirm(c2)]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const lost = results.find((r) => r.status !== 200);
      expect([lost?.status, err(lost?.body)?._code]).toEqual([409, ErrorCode.ticket_state_incorrect]);
      expect(await usedOf(a.sessionId)).toBe(oldBefore - 1);
      const booked = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, a.orderId));
      expect(booked.filter((k) => k.state === 'booked')).toHaveLength(1);
      expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
    }
  });

  it('reschedules into a session selling out, at once: its places left are taken and no more', async () => {
    const target = await workshopSession('2026-12-26');
    const full = eq(t.eventSession.id, target.id);
    const [row] = await s.handle.db.select().from(t.eventSession).where(full);
    const cap = (row?.capacity ?? 0) + (row?.oversellCapacity ?? 0);
    try {
      for (let round = 0; round < 4; round++) {
        const orders = await Promise.all([0, 1, 2, 3].map(() => buyFree('2026-12-25', [WORKSHOP_ADULT])));
        // Two places left in the target session; four changes want one each.
        await s.handle.db
          .update(t.eventSession)
          .set({ usedCapacity: cap - 2 })
          .where(full);
        const baseline = await capacityBaseline(s.handle.db);
        const carts = await Promise.all(
          orders.map(async (a) => {
            const r = await s.json('POST', `ticket_order/${a.orderId}/edit`, { body: { token: a.token } });
            return r.body.cart._data[0].id as string;
          }),
        );
        const results = await Promise.all(
          carts.map((cartId, i) =>
            s.json('POST', `cart/${cartId}/modify`, {
              body: {
                remove: [orders[i]?.ticketIds[0]],
                add: [{ event_session_id: target.id, ticket_type_id: WORKSHOP_ADULT }],
              },
            }),
          ),
        );
        expect(results.filter((r) => r.status === 200)).toHaveLength(2);
        for (const r of results.filter((x) => x.status !== 200))
          expect([r.status, err(r.body)?._code]).toEqual([409, ErrorCode.event_session_sold_out]);
        expect(await usedOf(target.id)).toBe(cap);
        expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
        for (const cartId of carts) await s.json('DELETE', `cart/${cartId}`);
      }
    } finally {
      await s.handle.db
        .update(t.eventSession)
        .set({ usedCapacity: row?.usedCapacity ?? 0 })
        .where(full);
    }
  });
});
