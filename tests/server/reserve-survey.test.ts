/**
 * Survey answers of a ticket reserve (spec 1 §3 "Survey spec", §5 "Survey fields", §7 "survey answers go as
 * ticket_group_id with data"): the seeded survey of the Sculpture Garden's guided walk (meta
 * `additional_info_spec`). Answers only for the groups the reserve takes tickets of, once per group, known
 * questions, required present, choices from the list, numbers in range; anything else is 400
 * additional_info_validation_failed and nothing is reserved. Oversized or malformed answers are 400/413.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import * as t from '../../server/schema';
import { demoIds } from '../../server/seed/demo';
import { startTestServer, type TestServer } from './helpers';

const GARDEN = demoIds.event('sculpture-garden');
const WALK = demoIds.group('sculpture-garden');
const WALK_ADULT = demoIds.type('sculpture-garden', 'Adult');
const ANYTIME = demoIds.flexibleGroup('sculpture-garden');
const ANYTIME_ADULT = demoIds.type('sculpture-garden:Flexible date', 'Anytime Adult');

let s: TestServer;
let session: string;

beforeAll(async () => {
  s = await startTestServer();
  const rows = await s.handle.db
    .select({ id: t.eventSession.id, startAt: t.eventSession.startAt })
    .from(t.eventSession)
    .where(eq(t.eventSession.eventTemplateId, GARDEN));
  const later = rows.filter((r) => r.startAt.getTime() > Date.now() + 86_400_000);
  session = (later[0] ?? rows[0])?.id as string;
});
afterAll(async () => {
  await s.handle.close();
});

const reserve = (
  additionalInfo: unknown,
  add: unknown[] = [{ event_session_id: session, ticket_type_id: WALK_ADULT }],
) =>
  s.json('POST', 'my/cart/modify', {
    body: { add, ...(additionalInfo === undefined ? {} : { additionalInfo }) },
  });
const answers = (data: Record<string, unknown>, group = WALK) => [{ ticket_group_id: group, data }];

describe('survey answers of a ticket reserve', () => {
  it('answers that fit are taken, numbers as numbers, optional ones left out', async () => {
    const r = await reserve(
      answers({ heard: 'A friend', youngest: 7, photos: 'ada@example.com', return_visit: '2027-05-01' }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await reserve(answers({ heard: 'Other' }))).status).toBe(200);
  });

  it('refusals: 400 additional_info_validation_failed naming the group, question and problem', async () => {
    const cases: Array<[string, unknown, string, string | null, string]> = [
      ['no answers, a required question', undefined, WALK, 'heard', 'required'],
      ['required left blank', answers({ heard: '   ' }), WALK, 'heard', 'required'],
      ['an unknown question', answers({ heard: 'Other', shoe: '42' }), WALK, 'shoe', 'unknown'],
      ['not a listed choice', answers({ heard: 'Radio' }), WALK, 'heard', 'choice'],
      ['a number out of range', answers({ heard: 'Other', youngest: 121 }), WALK, 'youngest', 'range'],
      ['not a whole number', answers({ heard: 'Other', youngest: 2.5 }), WALK, 'youngest', 'number'],
      ['not a number', answers({ heard: 'Other', youngest: 'seven' }), WALK, 'youngest', 'number'],
      ['not an address', answers({ heard: 'Other', photos: 'ada@' }), WALK, 'photos', 'email'],
      ['not a date', answers({ heard: 'Other', return_visit: '01/05/2027' }), WALK, 'return_visit', 'date'],
      ['too long', answers({ heard: 'Other', notes: 'x'.repeat(201) }), WALK, 'notes', 'tooLong'],
      [
        'a group the reserve takes no tickets of',
        [...answers({ heard: 'Other' }), ...answers({}, ANYTIME)],
        ANYTIME,
        null,
        'group',
      ],
      ['twice', [...answers({ heard: 'Other' }), ...answers({ heard: 'Other' })], WALK, null, 'repeated'],
    ];
    for (const [what, info, group, question, problem] of cases) {
      const r = await reserve(info);
      expect(r.status, what).toBe(400);
      const e = errorBody.parse(r.body)._data[0];
      expect(e?._code, what).toBe(ErrorCode.additional_info_validation_failed);
      expect(e?._context, what).toBe('additional_info');
      expect(e?._extra, what).toMatchObject({ ticket_group_id: group, question, problem });
    }
  });

  it('a group without a survey needs no answers and takes none', async () => {
    const anytime = [{ event_session_id: null, ticket_type_id: ANYTIME_ADULT }];
    const plain = await reserve(undefined, anytime);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    const r = await reserve(answers({ heard: 'Other' }, ANYTIME), anytime);
    expect(r.status).toBe(400);
    expect(errorBody.parse(r.body)._data[0]?._code).toBe(ErrorCode.additional_info_validation_failed);
  });

  it('a refused survey reserves nothing', async () => {
    const used = async () =>
      (await s.handle.db.select().from(t.ticket).where(eq(t.ticket.eventSessionId, session))).length;
    const before = await used();
    expect((await reserve(answers({ heard: 'Radio' }))).status).toBe(400);
    expect(await used()).toBe(before);
  });

  it('oversized and malformed answers are 400/413, never 500', async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`q${i}`, 'a']));
    const bodies: unknown[] = [
      answers({ heard: 'x'.repeat(1001) }),
      answers({ ['k'.repeat(101)]: 'Other' }),
      answers(many),
      answers({ heard: 'O\u0000ther' }),
      answers({ heard: 'O\uD800ther' }),
      answers({ heard: true }),
      answers({ heard: ['Other'] }),
      [{ ticket_group_id: WALK, data: { heard: 'Other' }, extra: 1 }],
      [{ ticket_group_id: WALK }],
      Array.from({ length: 21 }, () => answers({ heard: 'Other' })[0]),
      'Other',
      { heard: 'Other' },
    ];
    for (const info of bodies) {
      const r = await reserve(info);
      expect([400, 413], JSON.stringify(info).slice(0, 80)).toContain(r.status);
    }
    const huge = await reserve(answers({ heard: 'x'.repeat(1_100_000) }));
    expect([400, 413]).toContain(huge.status);
  });
});

describe('survey answers kept on the tickets', () => {
  const CARD = { gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } };
  const given = { heard: 'A friend', youngest: 7 };

  it('each ticket of the group carries them in the cart and the order, with the survey beside them; an order id alone reads none', async () => {
    const walk = { event_session_id: session, ticket_type_id: WALK_ADULT };
    const r = await reserve(answers(given), [walk, walk]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = document.parse(r.body);
    const cartId = d.cart?._data[0]?.id as string;
    expect(d.ticket?._data.map((k) => k.additional_info)).toEqual([given, given]);
    // The group's survey comes with them, so the answers read with their questions.
    const survey = (doc: typeof d) =>
      doc.meta?._data.find((m) => m.resource_id === WALK && m.key === 'additional_info_spec');
    expect(survey(d)).toBeDefined();
    const loaded = document.parse((await s.json('GET', `cart/${cartId}`)).body);
    expect(loaded.ticket?._data.map((k) => k.additional_info)).toEqual([given, given]);
    expect(survey(loaded)).toBeDefined();
    // A ticket reserved without answers carries none (and no survey is sent for it).
    const anytime = await reserve(undefined, [{ event_session_id: null, ticket_type_id: ANYTIME_ADULT }]);
    const plain = document.parse(anytime.body);
    expect(plain.ticket?._data.every((k) => !('additional_info' in k))).toBe(true);
    expect(plain.meta?._data.some((m) => m.key === 'additional_info_spec')).toBe(false);

    expect(
      (
        await s.json('POST', `cart/${cartId}/purchaser`, {
          body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada.survey@example.com' },
        })
      ).status,
    ).toBe(200);
    const amount = d.cart_fees?._data[0]?.grand_totals.total_outstanding as string;
    const paid = await s.json('POST', `cart/${cartId}/pay`, { body: { amount, ...CARD } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = document.parse(paid.body).ticket_order?._data[0];
    const orderId = order?.id as string;
    const whole = document.parse(
      (
        await s.json('GET', 'ticket_order', {
          query: { 'id._in': orderId, token: order?.access_token as string },
        })
      ).body,
    );
    expect(whole.ticket?._data.map((k) => k.additional_info)).toEqual([given, given]);
    expect(survey(whole)).toBeDefined();
    // An order id alone (printed in its QR code) gives away no answers, like the attendees' names.
    const alone = await s.json('GET', 'ticket_order', { query: { 'id._in': orderId } });
    const tickets = document.parse(alone.body).ticket?._data ?? [];
    expect(tickets.length).toBeGreaterThan(0);
    expect(tickets.every((k) => !('additional_info' in k))).toBe(true);
  });
});
