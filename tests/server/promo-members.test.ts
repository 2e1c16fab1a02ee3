/**
 * The automatic member discount (issue 21, seed/promo.ts): a logged-in member with a current membership gets 10% off
 * the Evening Lecture in their cart's totals and pays that; a guest's cart of the same tickets does not. The demo
 * zip-code discount (spec 2 §4): the demo seller has the option on, and the demo members' ZIP codes 10021 and 10024
 * are codes of $2 off each General Admission ticket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../api/schemas';
import { demoIds } from '../../server/seed/demo';
import { promoIds } from '../../server/seed/promo';
import { GA, GA_ADULT, LECTURE, SELLER, type TestServer } from './helpers';
import { browser, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const GENERAL = demoIds.type('lecture-restoration', 'General');
const totals = (body: unknown) => document.parse(body).cart_fees?._data[0]?.grand_totals;

describe('automatic member discount', () => {
  it('a current member gets 10% off the lecture; a guest does not', async () => {
    const session = (await s.json('GET', `events/${LECTURE}/sessions`)).body.event_session._data[0]
      .id as string;
    const add = [
      { event_session_id: session, ticket_type_id: GENERAL },
      { event_session_id: session, ticket_type_id: GENERAL },
    ];
    const guest = await s.json('POST', 'my/cart/modify', { body: { add } });
    expect(totals(guest.body)).toMatchObject({ total_cartmod_amount: '0.00', total_outstanding: '40.00' });

    const mia = browser(s);
    expect((await passwordLogin(mia, 'mia.member@example.com')).status).toBe(200);
    const r = await mia.json('POST', 'my/cart/modify', { body: { add } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(totals(r.body)).toMatchObject({ total_cartmod_amount: '-4.00', total_outstanding: '36.00' });
    expect(document.parse(r.body).cartmod?._data).toEqual([
      expect.objectContaining({ id: promoIds(demoIds).mod('members'), automatic: true, amount: '-4.00' }),
    ]);
    const cartId = document.parse(r.body).cart?._data[0]?.id as string;
    const paid = await mia.json('POST', `my/cart/${cartId}/pay`, {
      body: { amount: '36.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(totals(paid.body)).toMatchObject({ total_payments: '36.00', total_outstanding: '0.00' });
  });
});

describe('zip-code discount (demo data)', () => {
  it("the demo seller has zip_code_discount on, and Mia's ZIP 10021 is a code: $2 off each General Admission ticket", async () => {
    const config = await s.json('GET', 'config', {
      query: { 'resource_id._in': SELLER, 'key._in': 'zip_code_discount' },
    });
    expect(document.parse(config.body).config?._data).toEqual([
      expect.objectContaining({ resource_id: SELLER, key: 'zip_code_discount', value: true }),
    ]);
    const session = (await s.json('GET', `events/${GA}/sessions`)).body.event_session._data[0].id as string;
    const mia = browser(s);
    expect((await passwordLogin(mia, 'mia.member@example.com')).status).toBe(200);
    const add = [
      { event_session_id: session, ticket_type_id: GA_ADULT },
      { event_session_id: session, ticket_type_id: GA_ADULT },
    ];
    const r = await mia.json('POST', 'my/cart/modify', { body: { add } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const cartId = document.parse(r.body).cart?._data[0]?.id as string;
    const applied = await mia.json('POST', `my/cart/${cartId}/apply_code`, {
      body: { codes: ['10021'], require_benefit: true, ignore_errors: true },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(totals(applied.body)).toMatchObject({ total_cartmod_amount: '-4.00' });
    expect(document.parse(applied.body).promo_code?._data.map((c) => c.code)).toEqual(['10021']);
    // A ZIP that is no code: errors ignored, nothing changes.
    const other = await mia.json('POST', `my/cart/${cartId}/apply_code`, {
      body: { codes: ['10099'], require_benefit: true, ignore_errors: true },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(totals(other.body)).toMatchObject({ total_cartmod_amount: '-4.00' });
  });
});
