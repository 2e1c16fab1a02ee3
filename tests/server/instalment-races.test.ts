/**
 * Scheduled payments under concurrency (issue 22; server/payments/completion.ts): partial payments racing on one
 * cart on a payment plan, before and after the deposit booked it, never pay more than its outstanding balance
 * (the cart lock, the paying state, and the amount checked again under the lock). Proves something only on
 * PostgreSQL (TEST_DATABASE_URL; scripts/test.mjs RACES): PGlite runs one transaction at a time.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../api/schemas';
import * as t from '../../server/schema';
import { demoIds, INSTALMENTS_KEY } from '../../server/seed/demo';
import { startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ members: { trustProxy: 1 } });
});
afterAll(async () => {
  await s.handle.close();
});

let n = 0;
// Each racing request from an address of its own (the pay limits count per address).
const from = () => ({ 'X-Forwarded-For': `192.0.2.${++n % 250}` });

/** A cart of two study trip places ($400.00 on the plan: $100 deposit, then $150 and $150). */
async function tripCart() {
  const sessions = await s.json('GET', `events/${demoIds.event(INSTALMENTS_KEY)}/sessions`);
  const session = sessions.body.event_session._data[0];
  const type = demoIds.type(INSTALMENTS_KEY, 'Traveller');
  const r = await s.json('POST', 'my/cart/modify', {
    body: { add: [0, 1].map(() => ({ event_session_id: session.id, ticket_type_id: type })) },
  });
  const id = document.parse(r.body).cart?._data[0]?.id as string;
  await s.json('POST', `cart/${id}/purchaser`, {
    body: { first_name: 'Race', last_name: 'Payer', email: 'race.payer@example.com' },
  });
  return id;
}

const pay = (id: string, amount: string) =>
  s.json('POST', `cart/${id}/pay`, {
    body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    headers: from(),
  });
const paidCents = async (id: string) =>
  (await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, id)))
    .filter((p) => p.state === 'succeeded')
    .reduce((a, p) => a + p.amountCents, 0);

describe('partial payments racing on one cart on a plan', () => {
  it('deposits at once: one books the order, the rest are refused; never more than outstanding', async () => {
    const id = await tripCart();
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(id, '300.00')));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of answers) expect([200, 400, 409, 429]).toContain(r.status);
    expect(await paidCents(id)).toBe(30000);
    const orders = await s.handle.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.cartId, id));
    expect(orders).toHaveLength(1);
  });

  it('instalments at once on a booked order: the outstanding balance is paid once, never more', async () => {
    const id = await tripCart();
    expect((await pay(id, '100.00')).status).toBe(200);
    // 300.00 left; each racer pays 150.00 (the due amount): at most two can.
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(id, '150.00')));
    const paid = await paidCents(id);
    expect(paid).toBeLessThanOrEqual(40000);
    expect(paid).toBe(10000 + 15000 * answers.filter((r) => r.status === 200).length);
    for (const r of answers) expect([200, 400, 409, 429]).toContain(r.status);
  });
});
