/**
 * Flexible price (spec 1 §3 ticket type currency_amount_min / currency_amount_max, §5 "Flexible price: number,
 * step 0.01, between currency_amount_min and currency_amount_max"): a reserve line's `face_value` is what the
 * ticket costs when it lies within the type's bounds; outside them, or on a fixed-price type that is not its
 * price, the reserve is refused (400 validation_failed, context face_value) and nothing is held.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { FACE_VALUE_CONTEXT } from '../../domain/flexible-price';
import * as t from '../../server/schema';
import { demoIds } from '../../server/seed/demo';
import { startTestServer, type TestServer } from './helpers';

const GARDEN = demoIds.event('sculpture-garden');
const ANYTIME_ADULT = demoIds.type('sculpture-garden:Flexible date', 'Anytime Adult');

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
  // The any-date ticket becomes pay-what-you-wish between $5.00 and $50.00.
  await s.handle.db
    .update(t.ticketType)
    .set({ amountMinCents: 500, amountMaxCents: 5000 })
    .where(eq(t.ticketType.id, ANYTIME_ADULT));
});
afterAll(async () => {
  await s.handle.close();
});

const reserve = (face_value?: string | null, ticket_type_id = ANYTIME_ADULT) =>
  s.json('POST', 'my/cart/modify', {
    body: {
      add: [{ event_session_id: null, ticket_type_id, ...(face_value === undefined ? {} : { face_value }) }],
    },
  });

describe('a flexible price on a reserve', () => {
  it('charges the amount chosen within the bounds, the bounds included', async () => {
    for (const amount of ['5.00', '12.5', '50', '17.25']) {
      const r = await reserve(amount);
      expect(r.status, amount).toBe(200);
      const [ticket] = document.parse(r.body).ticket?._data ?? [];
      expect(Number(ticket?.face_value), amount).toBe(Number(amount));
    }
  });

  it('refuses an amount outside the bounds, and a fixed price changed', async () => {
    for (const amount of ['4.99', '50.01', '0']) {
      const r = await reserve(amount);
      expect(r.status, amount).toBe(400);
      expect(errorBody.parse(r.body)._data[0]).toMatchObject({
        _code: 'validation_failed',
        _context: 'face_value',
      });
    }
    const walkSession = (
      await s.handle.db
        .select({ id: t.eventSession.id, startAt: t.eventSession.startAt })
        .from(t.eventSession)
        .where(eq(t.eventSession.eventTemplateId, GARDEN))
    ).find((row) => row.startAt.getTime() > Date.now() + 86_400_000);
    const fixed = await s.json('POST', 'my/cart/modify', {
      body: {
        add: [
          {
            event_session_id: walkSession?.id,
            ticket_type_id: demoIds.type('sculpture-garden', 'Adult'),
            face_value: '1.00',
          },
        ],
        additionalInfo: [{ ticket_group_id: demoIds.group('sculpture-garden'), data: { heard: 'Other' } }],
      },
    });
    expect(fixed.status).toBe(400);
    expect(errorBody.parse(fixed.body)._data[0]?._context).toBe('face_value');
  });

  it('refuses amounts that are not money (more than 2 decimals, signs, words)', async () => {
    for (const amount of ['12.345', '-5', 'ten', '1e3', ''])
      expect((await reserve(amount)).status, amount).toBe(400);
  });
});

describe("the demo seller's pay-what-you-wish admission (Community Evening, $5.00 to $100.00)", () => {
  const EVENING = demoIds.event('community-evening');
  const WISH = demoIds.type('community-evening', 'Pay what you wish');
  const eveningSession = async () =>
    (
      await s.handle.db
        .select({ id: t.eventSession.id })
        .from(t.eventSession)
        .where(eq(t.eventSession.eventTemplateId, EVENING))
    )[0]?.id as string;
  const totalsOf = (body: unknown) => document.parse(body).cart_fees?._data[0]?.grand_totals;

  it('is seeded with its bounds on the wire (currency_amount_min / _max)', async () => {
    const r = await s.json('GET', `events/${EVENING}`, { query: { _embed: 'ticket_type' } });
    expect(r.status).toBe(200);
    const type = document.parse(r.body).ticket_type?._data.find((ty) => ty.id === WISH);
    expect(type).toMatchObject({ currency_amount_min: '5.00', currency_amount_max: '100.00' });
  });

  it("charges the amounts chosen: each ticket's face value and the cart's totals", async () => {
    const session = await eveningSession();
    const r = await s.json('POST', 'my/cart/modify', {
      body: {
        add: [
          { event_session_id: session, ticket_type_id: WISH, face_value: '12.50' },
          { event_session_id: session, ticket_type_id: WISH, face_value: '100.00' },
        ],
      },
    });
    expect(r.status).toBe(200);
    const tickets = document.parse(r.body).ticket?._data ?? [];
    expect(tickets.map((k) => k.face_value).sort()).toEqual(['100.00', '12.50']);
    expect(totalsOf(r.body)).toMatchObject({
      total_before_cartmod_price: '112.50',
      total_outstanding: '112.50',
    });
  });

  it('refuses at the boundary: unknown keys on a line, huge and non-string amounts, NUL and lone surrogates', async () => {
    const session = await eveningSession();
    const line = (extra: Record<string, unknown>) => ({
      add: [{ event_session_id: session, ticket_type_id: WISH, ...extra }],
    });
    for (const body of [
      line({ face_value: '12.50', price: '1.00' }),
      line({ face_value: '99999999.99' }),
      line({ face_value: 1e308 }),
      line({ face_value: 12.5 }),
      line({ face_value: '12.50\u0000' }),
      line({ face_value: '\uD800' }),
      line({ face_value: '+12.50' }),
    ]) {
      const r = await s.json('POST', 'my/cart/modify', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(errorBody.parse(r.body)._data[0]?._code).toBe(ErrorCode.validation_failed);
    }
  });

  it('refuses an amount outside the bounds with the code and context, and holds nothing', async () => {
    const session = await eveningSession();
    for (const amount of ['4.99', '100.01', '0.00']) {
      const r = await s.json('POST', 'my/cart/modify', {
        body: { add: [{ event_session_id: session, ticket_type_id: WISH, face_value: amount }] },
      });
      expect(r.status, amount).toBe(400);
      expect(errorBody.parse(r.body)._data[0]).toMatchObject({
        _code: ErrorCode.validation_failed,
        _context: FACE_VALUE_CONTEXT,
      });
    }
  });
});
