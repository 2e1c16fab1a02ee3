/**
 * Gift cards (issue 22; server/ledger/): the lookup `GET ledger/{type}/{number}` (number, state, balance; 404 and
 * the guessing limit), buying cards (one per ticket, exactly once, shown only to the order's owner and in the
 * confirmation email), and ledger payments: partial payments keep the cart payable with a lower balance, the last
 * payment completes the order, refusals of $0, inactive and unknown cards take nothing, and a cart that ends
 * unbooked gives its gift card payments back. The races are in gift-card-races.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { logPath } from '../../server/app';
import { GIFT_CARD_LEDGER_TYPE, issueOrderLedgers, LEDGER_NUMBER_LENGTH } from '../../server/ledger/ledger';
import { ledger } from '../../server/ledger/schema';
import { linkKey, orderToken } from '../../server/manage/token';
import * as t from '../../server/schema';
import { demoIds } from '../../server/seed/demo';
import { GIFT_CARD_VALUES, giftCardIds, SEEDED_GIFT_CARDS } from '../../server/seed/gift-cards';
import { GA_ADULT, gaSessions, startTestServer, type TestServer } from './helpers';
import { type Browser, browser, DEMO_MEMBERS, passwordLogin } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ members: { trustProxy: 1 } });
});
afterAll(async () => {
  await s.handle.close();
});

const G = giftCardIds(demoIds);
const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];
const CARD = { gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } };
const TYPE = GIFT_CARD_LEDGER_TYPE;
type Caller = Pick<Browser, 'json'>;

const ledgerPay = (cartId: string, amount: string, number: string, who: Caller = s) =>
  who.json('POST', `cart/${cartId}/pay`, {
    body: { amount, gateway_id: 'ledger', gateway_data: { ledger_type: TYPE, ledger_number: number } },
  });
const balanceOf = async (number: string) =>
  (await s.handle.db.select().from(ledger).where(eq(ledger.number, number))).find(
    (l) => l.sellerId === demoIds.seller,
  )?.balanceCents;

/** A new card of the demo seller with this balance (each test spends its own). */
let cardCount = 0;
async function newCard(balanceCents: number, state = 'active') {
  const number = `8${String(++cardCount).padStart(15, '0')}`;
  await s.handle.db.insert(ledger).values({
    id: crypto.randomUUID(),
    sellerId: demoIds.seller,
    ledgerType: TYPE,
    number,
    balanceCents,
    state,
    ticketId: null,
    ticketOrderId: null,
    createdAt: new Date(s.clock.now),
  });
  return number;
}

/** A cart of one General Admission adult (25.00 + 1.50 fee = 26.50 outstanding) with a purchaser. */
async function gaCart(who: Caller = s, email = 'gift.payer@example.com') {
  const [session] = (await gaSessions(s, '2026-12-03')).filter((x) => !x.sold_out);
  const r = await who.json('POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: session?.id, ticket_type_id: GA_ADULT }] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const cartId = doc(r.body).cart?._data[0]?.id as string;
  const p = await who.json('POST', `cart/${cartId}/purchaser`, {
    body: { first_name: 'Gift', last_name: 'Payer', email },
  });
  expect(p.status).toBe(200);
  return cartId;
}
const totalsOf = (body: unknown) => doc(body).cart_fees?._data[0]?.grand_totals;

describe('GET ledger/{type}/{number}', () => {
  it('answers a card’s number, state and balance, uncached; 404 for unknown numbers and types', async () => {
    const r = await s.json('GET', `ledger/${TYPE}/${SEEDED_GIFT_CARDS.ten.number}`);
    expect(r.status).toBe(200);
    expect(r.res.headers.get('cache-control')).toBe('no-store');
    expect(doc(r.body).ledger?._data).toEqual([
      expect.objectContaining({ number: SEEDED_GIFT_CARDS.ten.number, state: 'active', balance: '10.00' }),
    ]);
    const inactive = await s.json('GET', `ledger/${TYPE}/${SEEDED_GIFT_CARDS.inactive.number}`);
    expect(doc(inactive.body).ledger?._data[0]).toMatchObject({ state: 'inactive', balance: '25.00' });
    for (const path of [`ledger/${TYPE}/1234123412341234`, `ledger/other/${SEEDED_GIFT_CARDS.ten.number}`]) {
      const miss = await s.json('GET', path);
      expect(miss.status).toBe(404);
      expect(err(miss.body)).toMatchObject({ _code: ErrorCode.not_found, _context: 'ledger' });
    }
    // Numbers over 70 characters or with NUL are unknown numbers, not errors.
    expect((await s.json('GET', `ledger/${TYPE}/${'1'.repeat(71)}`)).status).toBe(404);
    expect((await s.json('GET', `ledger/${TYPE}/12%00`)).status).toBe(404);
    expect(logPath(`/api/ledger/${TYPE}/${SEEDED_GIFT_CARDS.ten.number}`)).toBe(`/api/ledger/${TYPE}/…`);
  });

  it('counts unknown numbers per address: the 21st miss in an hour is 429; known cards never count', async () => {
    const guesser = browser(s);
    for (let i = 0; i < 20; i++) {
      expect(
        (await guesser.json('GET', `ledger/${TYPE}/99990000000000${String(i).padStart(2, '0')}`)).status,
      ).toBe(404);
      // A real card between the guesses neither counts nor is refused.
      if (i === 10)
        expect((await guesser.json('GET', `ledger/${TYPE}/${SEEDED_GIFT_CARDS.ten.number}`)).status).toBe(
          200,
        );
    }
    const over = await guesser.json('GET', `ledger/${TYPE}/9999000000000099`);
    expect(over.status).toBe(429);
    expect(err(over.body)?._code).toBe(ErrorCode.too_many_attempts);
    // Another address is not limited; unknown numbers in payments count against the same limit.
    const other = browser(s);
    expect((await other.json('GET', `ledger/${TYPE}/${SEEDED_GIFT_CARDS.ten.number}`)).status).toBe(200);
    const cartId = await gaCart(guesser);
    const paid = await ledgerPay(cartId, '5.00', '9999000000000100', guesser);
    expect(paid.status).toBe(429);
  });
});

describe('buying gift cards', () => {
  async function buy(n: number, who: Caller, email: string) {
    const r = await who.json('POST', 'my/cart/modify', {
      body: {
        add: Array.from({ length: n }, () => ({
          event_session_id: null,
          ticket_type_id: G.type(GIFT_CARD_VALUES[0]?.name as string),
        })),
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const cartId = doc(r.body).cart?._data[0]?.id as string;
    await who.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Gi', last_name: 'Ver', email },
    });
    const paid = await who.json('POST', `cart/${cartId}/pay`, { body: { amount: `${n * 25}.00`, ...CARD } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return { cartId, orderId: doc(paid.body).ticket_order?._data[0]?.id as string };
  }

  it('issues one active card of the ticket’s price per ticket, exactly once; the email and the owner see the numbers', async () => {
    const { orderId, cartId } = await buy(2, s, 'card.buyer@example.com');
    const cards = await s.handle.db.select().from(ledger).where(eq(ledger.ticketOrderId, orderId));
    expect(cards).toHaveLength(2);
    for (const c of cards) {
      expect(c).toMatchObject({ balanceCents: 2500, state: 'active', ledgerType: TYPE });
      expect(c.number).toMatch(new RegExp(`^\\d{${LEDGER_NUMBER_LENGTH}}$`));
    }
    // A retried issue for the booked tickets creates nothing; a second pay is refused.
    const booked = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, orderId));
    const [order] = await s.handle.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.id, orderId));
    await s.handle.db.transaction(async (tx) => {
      expect(
        await issueOrderLedgers(tx, order as typeof t.ticketOrder.$inferSelect, booked, s.clock.now),
      ).toBe(0);
    });
    expect(await s.handle.db.select().from(ledger).where(eq(ledger.ticketOrderId, orderId))).toHaveLength(2);
    expect((await s.json('POST', `cart/${cartId}/pay`, { body: { amount: '50.00', ...CARD } })).status).toBe(
      409,
    );
    // The confirmation email carries the numbers; nothing else does.
    const mails = await s.handle.db.select().from(t.outbox).where(eq(t.outbox.to, 'card.buyer@example.com'));
    expect(mails).toHaveLength(1);
    for (const c of cards) {
      expect(mails[0]?.body).toContain(`${c.number} (balance 25.00)`);
      expect(mails[0]?.html).toContain(c.number);
    }
    // A guest's order: the numbers only with the manage link's token (the email's), not to the bare order id.
    const bare = await s.json('GET', `ticket_order/${orderId}`);
    expect(bare.status).toBe(200);
    expect(doc(bare.body).ledger?._data).toEqual([]);
    expect(JSON.stringify(bare.body)).not.toContain(cards[0]?.number);
    const listed = await s.json('GET', 'ticket_order', { query: { 'id._in': orderId } });
    expect(JSON.stringify(listed.body)).not.toContain(cards[0]?.number);
    const wrong = await s.json('GET', `ticket_order/${orderId}`, { query: { token: 'x'.repeat(43) } });
    expect(doc(wrong.body).ledger?._data).toEqual([]);
    const token = orderToken(await linkKey(s.handle.db, undefined), 'manage', orderId);
    const owner = await s.json('GET', `ticket_order/${orderId}`, { query: { token } });
    expect(
      doc(owner.body)
        .ledger?._data.map((l) => l.number)
        .sort(),
    ).toEqual(cards.map((c) => c.number).sort());
    const cart = await s.json('GET', `cart/${cartId}`);
    expect(JSON.stringify(cart.body)).not.toContain(cards[0]?.number);
  });

  it('a member’s cards show to the member’s session only', async () => {
    const ada = browser(s);
    expect((await passwordLogin(ada, DEMO_MEMBERS.password.email)).status).toBe(200);
    const { orderId } = await buy(1, ada, DEMO_MEMBERS.password.email);
    const mine = await ada.json('GET', `ticket_order/${orderId}`);
    expect(doc(mine.body).ledger?._data).toHaveLength(1);
    const visitor = await s.json('GET', `ticket_order/${orderId}`);
    expect(doc(visitor.body).ledger?._data).toEqual([]);
  });
});

describe('paying with gift cards', () => {
  it('a payment below the outstanding balance is partial; a card payment of the rest completes the order', async () => {
    const number = await newCard(1000);
    const cartId = await gaCart();
    const partial = await ledgerPay(cartId, '10.00', number);
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const d = doc(partial.body);
    expect(d.cart?._data[0]?.state).toBe('pending');
    expect(d.ticket_order?._data).toEqual([]);
    expect(totalsOf(partial.body)).toMatchObject({ total_payments: '10.00', total_outstanding: '16.50' });
    expect(d.payment?._data).toEqual([
      expect.objectContaining({
        gateway_id: 'ledger',
        amount: '10.00',
        status: 'succeeded',
        ticket_order_id: null,
        ledger_ending: number.slice(-4),
      }),
    ]);
    expect(JSON.stringify(partial.body)).not.toContain(number);
    expect(await balanceOf(number)).toBe(0);
    // The cart's own GET shows the same; paying the old total by card is refused, the rest completes.
    const got = await s.json('GET', `cart/${cartId}`);
    expect(totalsOf(got.body)).toMatchObject({ total_outstanding: '16.50' });
    expect((await s.json('POST', `cart/${cartId}/pay`, { body: { amount: '26.50', ...CARD } })).status).toBe(
      400,
    );
    const rest = await s.json('POST', `cart/${cartId}/pay`, { body: { amount: '16.50', ...CARD } });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const orderId = doc(rest.body).ticket_order?._data[0]?.id as string;
    expect(orderId).toBeTruthy();
    const payments = await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, cartId));
    expect(payments.map((p) => [p.gatewayId, p.amountCents, p.ticketOrderId]).sort()).toEqual([
      ['ledger', 1000, orderId],
      ['stripe', 1650, orderId],
    ]);
    expect(
      doc(rest.body)
        .payment?._data.map((p) => p.amount)
        .sort(),
    ).toEqual(['10.00', '16.50']);
    const [mail] = await s.handle.db.select().from(t.outbox).where(eq(t.outbox.to, 'gift.payer@example.com'));
    expect(mail?.body).toContain('Total paid: 26.50 USD');
  });

  it('a card that covers the whole order completes it in one payment, its balance lowered', async () => {
    const number = await newCard(20000);
    const cartId = await gaCart();
    const paid = await ledgerPay(cartId, '26.50', number);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(doc(paid.body).ticket_order?._data).toHaveLength(1);
    expect(doc(paid.body).cart?._data[0]?.state).toBe('completed');
    expect(await balanceOf(number)).toBe(20000 - 2650);
  });

  it('refuses $0, inactive, unknown and short cards and amounts over the balance due, taking nothing', async () => {
    const cartId = await gaCart();
    const cases: Array<[string, string, number, string, string | null]> = [
      [SEEDED_GIFT_CARDS.empty.number, '5.00', 400, ErrorCode.ledger_balance_insufficient, 'ledger'],
      [SEEDED_GIFT_CARDS.inactive.number, '5.00', 400, ErrorCode.ledger_inactive, 'ledger'],
      ['1234123412349999', '5.00', 404, ErrorCode.not_found, 'ledger'],
      [await newCard(500), '6.00', 400, ErrorCode.ledger_balance_insufficient, 'ledger'],
      [await newCard(5000), '26.51', 400, ErrorCode.validation_failed, 'payment'],
    ];
    for (const [number, amount, status, code, context] of cases) {
      const before = await balanceOf(number);
      const r = await ledgerPay(cartId, amount, number);
      expect(r.status, `${number} ${JSON.stringify(r.body)}`).toBe(status);
      expect(err(r.body)).toMatchObject({ _code: code, _context: context });
      expect(await balanceOf(number)).toBe(before);
    }
    expect(await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, cartId))).toEqual([]);
    // Without a card number: 400.
    const bare = await s.json('POST', `cart/${cartId}/pay`, {
      body: { amount: '5.00', gateway_id: 'ledger' },
    });
    expect(bare.status).toBe(400);
  });

  it('a crash between the debit and the booking loses nothing: the card keeps its balance, the cart stays payable', async () => {
    const number = await newCard(20000);
    const cartId = await gaCart();
    // The booking fails after the card's debit, inside the payment's transaction (a crash at that point).
    const run = (statement: string) => s.handle.db.execute(sql.raw(statement));
    await run(`CREATE FUNCTION gc_crash() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'crash between the debit and the booking'; END $$`);
    await run(
      'CREATE TRIGGER gc_crash BEFORE INSERT ON ticket_order FOR EACH ROW EXECUTE FUNCTION gc_crash()',
    );
    try {
      const crashed = await ledgerPay(cartId, '26.50', number);
      expect(crashed.status).toBeGreaterThanOrEqual(500);
    } finally {
      await run('DROP TRIGGER gc_crash ON ticket_order');
      await run('DROP FUNCTION gc_crash()');
    }
    expect(await balanceOf(number)).toBe(20000);
    expect(await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, cartId))).toEqual([]);
    // Once the server is back: the same payment books the order, the card debited once.
    const paid = await ledgerPay(cartId, '26.50', number);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(doc(paid.body).ticket_order?._data).toHaveLength(1);
    expect(await balanceOf(number)).toBe(20000 - 2650);
  });

  it('a cart that expires or is deleted after a partial payment gives it back to the card', async () => {
    const number = await newCard(1500);
    const expiring = await gaCart();
    expect((await ledgerPay(expiring, '10.00', number)).status).toBe(200);
    expect(await balanceOf(number)).toBe(500);
    s.clock.now += 16 * 60 * 1000;
    const gone = await s.json('GET', `cart/${expiring}`);
    expect(doc(gone.body).cart?._data[0]?.state).toBe('expired');
    expect(await balanceOf(number)).toBe(1500);
    const [refunded] = await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, expiring));
    expect(refunded?.state).toBe('refunded');
    const deleted = await gaCart();
    expect((await ledgerPay(deleted, '15.00', number)).status).toBe(200);
    expect(await balanceOf(number)).toBe(0);
    expect((await s.json('DELETE', `cart/${deleted}`)).status).toBe(200);
    expect(await balanceOf(number)).toBe(1500);
  });
});
