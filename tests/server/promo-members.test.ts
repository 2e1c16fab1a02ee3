/**
 * The automatic member discount (issue 21, seed/promo.ts): a logged-in member with a current membership gets 10% off
 * the Evening Lecture in their cart's totals and pays that; a guest's cart of the same tickets does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../api/schemas';
import { demoIds } from '../../server/seed/demo';
import { promoIds } from '../../server/seed/promo';
import { LECTURE, type TestServer } from './helpers';
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
