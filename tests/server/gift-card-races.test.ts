/**
 * Gift card payments under concurrency (issue 22; server/ledger/ledger.ts `debitLedger`, payments/completion.ts
 * `payByLedger`): carts spending one card at once never take more than its balance (the debit's conditional
 * UPDATE), and partial payments racing on one cart never pay more than its outstanding balance (the cart lock and
 * the re-check under it). Proves something only on PostgreSQL (TEST_DATABASE_URL; scripts/test.mjs RACES): PGlite
 * runs one transaction at a time.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { GIFT_CARD_LEDGER_TYPE } from '../../server/ledger/ledger';
import { ledger } from '../../server/ledger/schema';
import * as t from '../../server/schema';
import { demoIds } from '../../server/seed/demo';
import { GA_ADULT, gaSessions, startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ members: { trustProxy: 1 } });
});
afterAll(async () => {
  await s.handle.close();
});

let n = 0;
// Each racing request from an address of its own (the pay and guessing limits count per address).
const from = () => ({ 'X-Forwarded-For': `203.0.113.${++n % 250}` });
const code = (body: unknown) => errorBody.parse(body)._data[0]?._code;

async function newCard(balanceCents: number) {
  const number = `9${String(++n).padStart(15, '0')}`;
  await s.handle.db.insert(ledger).values({
    id: crypto.randomUUID(),
    sellerId: demoIds.seller,
    ledgerType: GIFT_CARD_LEDGER_TYPE,
    number,
    balanceCents,
    state: 'active',
    ticketId: null,
    ticketOrderId: null,
    createdAt: new Date(s.clock.now),
  });
  return number;
}
const balanceOf = async (number: string) =>
  (await s.handle.db.select().from(ledger).where(eq(ledger.number, number)))[0]?.balanceCents;

/** `count` carts of one General Admission adult (26.50 outstanding each) with a purchaser. */
async function carts(count: number) {
  const sessions = (await gaSessions(s, '2026-12-04')).filter((x) => !x.sold_out);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: sessions[i % sessions.length]?.id, ticket_type_id: GA_ADULT }] },
    });
    expect(r.status).toBe(200);
    const cartId = document.parse(r.body).cart?._data[0]?.id as string;
    await s.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Race', last_name: 'Payer', email: 'race.payer@example.com' },
    });
    out.push(cartId);
  }
  return out;
}
const pay = (cartId: string, amount: string, number: string) =>
  s.json('POST', `cart/${cartId}/pay`, {
    headers: from(),
    body: {
      amount,
      gateway_id: 'ledger',
      gateway_data: { ledger_type: GIFT_CARD_LEDGER_TYPE, ledger_number: number },
    },
  });

describe('gift card payments at once', () => {
  it('eight carts spending one $60 card at once: two take $26.50 each, the rest are refused, never below zero', async () => {
    const number = await newCard(6000);
    const ids = await carts(8);
    const answers = await Promise.all(ids.map((id) => pay(id, '26.50', number)));
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(2);
    for (const r of answers.filter((x) => x.status !== 200))
      expect(code(r.body)).toBe(ErrorCode.ledger_balance_insufficient);
    expect(await balanceOf(number)).toBe(6000 - 2 * 2650);
    const paid = (await s.handle.db.select().from(t.payment).where(eq(t.payment.gatewayId, 'ledger'))).filter(
      (p) => ids.includes(p.cartId),
    );
    expect(paid.reduce((a, p) => a + p.amountCents, 0)).toBe(2 * 2650);
  });

  it('partial payments racing on one cart never pay more than its outstanding balance', async () => {
    const [cartId] = await carts(1);
    const cards = await Promise.all(Array.from({ length: 6 }, () => newCard(2000)));
    const answers = await Promise.all(cards.map((number) => pay(cartId as string, '20.00', number)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200))
      expect(code(r.body)).toBe(ErrorCode.validation_failed);
    const payments = await s.handle.db
      .select()
      .from(t.payment)
      .where(eq(t.payment.cartId, cartId as string));
    expect(payments.reduce((a, p) => a + p.amountCents, 0)).toBe(2000);
    // Only the card that paid was debited.
    const balances = await Promise.all(cards.map(balanceOf));
    expect(balances.sort()).toEqual([0, 2000, 2000, 2000, 2000, 2000]);
  });
});
