/**
 * Fees and gateway totals of the cart document (spec 2 §3 "Gateway totals", spec 1 §4): fixed and percent
 * fees computed by the server per ticket, every amount a decimal string with 2 places, the same document on
 * GET cart/{id} and GET my/cart/{id}. Seed: the admission's Adult ticket has a $1.50 fixed fee, the
 * Guided Highlights Tour a 5 % percent fee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../api/schemas';
import { demoIds } from '../../server/seed/demo';
import { money, percentFee } from '../../server/util';
import { GA_ADULT, GA_CHILD, gaSessions, startTestServer, type TestServer } from './helpers';

const TOUR = demoIds.event('guided-highlights-tour');
const TOUR_TYPE = demoIds.type('guided-highlights-tour', 'Tour');
const DECIMAL = /^-?\d+\.\d{2}$/;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const doc = (body: unknown) => document.parse(body);
const totalsOf = (body: unknown) => doc(body).cart_fees?._data[0]?.grand_totals;

async function tourSession(date: string) {
  const r = await s.json('GET', `events/${TOUR}/sessions`, { query: { _ondate: date } });
  expect(r.status).toBe(200);
  return r.body.event_session._data[0].id as string;
}

async function modify(add: { event_session_id: string; ticket_type_id: string }[]) {
  const r = await s.json('POST', 'my/cart/modify', { body: { add } });
  expect(r.status).toBe(200);
  return { id: doc(r.body).cart?._data[0]?.id as string, body: r.body };
}

describe('server fee computation', () => {
  it('rounds a percent fee half up to whole cents', () => {
    expect(percentFee(800, 500)).toBe(40);
    expect(percentFee(1010, 500)).toBe(51); // 50.5 cents
    expect(percentFee(1009, 500)).toBe(50); // 50.45 cents
    expect(percentFee(2500, null)).toBe(0);
  });

  it('writes amounts as decimal strings with 2 places', () => {
    expect([0, 5, 40, 150, 123456].map(money)).toEqual(['0.00', '0.05', '0.40', '1.50', '1234.56']);
  });

  it('seeds a fixed-fee and a percent-fee ticket type', async () => {
    const r = await s.json('GET', 'events/available', { query: { _embed: 'ticket_type' } });
    expect(r.status).toBe(200);
    const types = doc(r.body).ticket_type?._data ?? [];
    expect(types.find((ty) => ty.id === GA_ADULT)).toMatchObject({
      fee_fixed_outside: '1.50',
      fee_percent_outside: null,
    });
    expect(types.find((ty) => ty.id === TOUR_TYPE)).toMatchObject({
      currency_amount: '8.00',
      fee_fixed_outside: null,
      fee_percent_outside: '5.00',
    });
  });
});

describe('gateway totals', () => {
  it('a fixed fee per ticket: total_fee_fixed_outside, no percent fee', async () => {
    const [session] = await gaSessions(s, '2026-11-24');
    const sid = session?.id as string;
    const cart = await modify([
      { event_session_id: sid, ticket_type_id: GA_ADULT },
      { event_session_id: sid, ticket_type_id: GA_ADULT },
      { event_session_id: sid, ticket_type_id: GA_CHILD },
    ]);
    expect(totalsOf(cart.body)).toEqual({
      total_before_cartmod_price: '62.00', // 2 × 25 + 12
      total_fee_fixed_outside: '3.00', // 2 × 1.50
      total_fee_percent_outside: '0.00',
      total_cartmod_amount: '0.00',
      total_payments: '0.00',
      total_outstanding: '65.00',
    });
  });

  it('a percent fee per ticket, beside a fixed fee in the same cart, on both GET paths', async () => {
    const tid = await tourSession('2026-11-25');
    const [session] = await gaSessions(s, '2026-11-25');
    const cart = await modify([
      { event_session_id: tid, ticket_type_id: TOUR_TYPE },
      { event_session_id: tid, ticket_type_id: TOUR_TYPE },
      { event_session_id: tid, ticket_type_id: TOUR_TYPE },
      { event_session_id: session?.id as string, ticket_type_id: GA_ADULT },
    ]);
    const expected = {
      total_before_cartmod_price: '49.00', // 3 × 8 + 25
      total_fee_fixed_outside: '1.50',
      total_fee_percent_outside: '1.20', // 3 × 5 % of 8.00
      total_cartmod_amount: '0.00',
      total_payments: '0.00',
      total_outstanding: '51.70',
    };
    expect(totalsOf(cart.body)).toEqual(expected);
    const query = { _embed: 'scheduled_payment,seller', _limit: '1000' };
    for (const path of [`cart/${cart.id}`, `my/cart/${cart.id}`]) {
      const r = await s.json('GET', path, { query });
      expect(r.status, path).toBe(200);
      const d = doc(r.body);
      expect(d.cart_fees?._data[0]).toMatchObject({ gateway_id: 'stripe', face_value: '49.00' });
      expect(d.cart_fees?._data[0]?.grand_totals, path).toEqual(expected);
      for (const value of Object.values(expected)) expect(value).toMatch(DECIMAL);
      expect(d.scheduled_payment?._count, path).toBe(0);
    }
  });

  it('payments and the outstanding balance after paying; removal takes the fees away', async () => {
    const tid = await tourSession('2026-11-26');
    const cart = await modify([
      { event_session_id: tid, ticket_type_id: TOUR_TYPE },
      { event_session_id: tid, ticket_type_id: TOUR_TYPE },
    ]);
    const ticketIds = doc(cart.body).ticket?._data.map((k) => k.id) ?? [];
    const removed = await s.json('POST', `my/cart/${cart.id}/modify`, { body: { remove: [ticketIds[0]] } });
    expect(removed.status).toBe(200);
    expect(totalsOf(removed.body)).toMatchObject({
      total_before_cartmod_price: '8.00',
      total_fee_percent_outside: '0.40',
      total_outstanding: '8.40',
    });
    await s.json('POST', `cart/${cart.id}/purchaser`, {
      body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    });
    const paid = await s.json('POST', `cart/${cart.id}/pay`, {
      body: { amount: '8.40', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(paid.status).toBe(200);
    const after = await s.json('GET', `cart/${cart.id}`);
    expect(totalsOf(after.body)).toMatchObject({
      total_fee_percent_outside: '0.40',
      total_payments: '8.40',
      total_outstanding: '0.00',
    });
    expect(doc(after.body).cart_fees?._data[0]?.gateway_id).toBe('free');
  });
});
