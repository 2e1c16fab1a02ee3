/**
 * Passes (issue 25; server/catalog/passes.ts, domain/pass-validity.ts): a ticket group with handler `passes` is
 * reserved without a session, and each ticket carries its validity in the seller's zone (America/New_York):
 * fixedto from the purchase day to the policy's day, fixedfrom from the policy's day (the purchase day when
 * none) for `duration_new` (an ISO-8601 duration; `P30D` admits on 30 days). A group whose policy cannot be
 * read, or whose validity has ended, is refused (400 validation_failed, context ticket_group); so is a pass
 * sent with a session. The seed's instant is 2026-11-21 10:00 in New York.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import * as t from '../../server/schema';
import { demoIds } from '../../server/seed/demo';
import { passIds, seedPasses } from '../../server/seed/passes';
import { gaSessions, START, startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const P = passIds(demoIds);
const SEASON = P.type('garden-season', 'Season Pass');
const EXPLORER = P.type('explorer-30', 'Explorer Pass');
const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];

const reserve = (typeId: string, sessionId: string | null = null) =>
  s.json('POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: sessionId, ticket_type_id: typeId }] },
  });

/** The one ticket of a reserve's answer, with its validity as instants. */
async function reservedPass(typeId: string) {
  const r = await reserve(typeId);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const [ticket] = doc(r.body).ticket?._data ?? [];
  expect(ticket?.event_session_id).toBeNull();
  expect(ticket?.handler).toBe('passes');
  return {
    from: new Date(ticket?.valid_from ?? 0).toISOString(),
    to: new Date(ticket?.valid_to ?? 0).toISOString(),
  };
}

/** A pass group of the passes event with its own ids (so no cached group is changed) and one ticket type. */
async function passGroup(
  key: string,
  policy: Pick<typeof t.ticketGroup.$inferInsert, 'startPolicy' | 'startPolicyDate' | 'durationNew'>,
) {
  const group = P.group(key);
  const type = P.type(key, 'Pass');
  await s.handle.db.insert(t.ticketGroup).values({
    id: group,
    eventTemplateId: P.event,
    name: `Pass ${key}`,
    description: null,
    handler: 'passes',
    hiddenType: 'public_browsable',
    minTicketsPerOrder: null,
    maxTicketsPerOrder: null,
    capacity: -1,
    oversellCapacity: 0,
    usedCapacity: 0,
    excludeFromEventCapacity: true,
    rank: 9,
    ...policy,
  });
  await s.handle.db.insert(t.ticketType).values({
    id: type,
    ticketGroupId: group,
    eventTemplateId: P.event,
    name: 'Pass',
    description: null,
    summary: null,
    amountCents: 1000,
    feeFixedCents: null,
    feePercentBp: null,
    rank: 0,
  });
  return type;
}

describe('passes', () => {
  it('shows each pass group with its policy, and no other group with one', async () => {
    const pass = await s.json('GET', `ticket_group/${P.group('garden-season')}`);
    expect(pass.status).toBe(200);
    expect(doc(pass.body).ticket_group?._data[0]).toMatchObject({
      handler: 'passes',
      start_policy: 'fixedto',
      start_policy_date: '2027-10-31',
      duration_new: null,
    });
    const explorer = await s.json('GET', `ticket_group/${P.group('explorer-30')}`);
    expect(doc(explorer.body).ticket_group?._data[0]).toMatchObject({
      start_policy: 'fixedfrom',
      start_policy_date: null,
      duration_new: 'P30D',
    });
    const ledger = await s.json('GET', `ticket_group/${demoIds.group('gift-cards')}`);
    expect(doc(ledger.body).ticket_group?._data[0]).not.toHaveProperty('start_policy');
  });

  it('fixedto: valid from the purchase day to the end of the season day', async () => {
    expect(await reservedPass(SEASON)).toEqual({
      from: '2026-11-21T05:00:00.000Z', // midnight EST
      to: '2027-11-01T03:59:59.000Z', // 31 Oct 2027 23:59:59 EDT
    });
  });

  it('fixedfrom without a day: valid for 30 days from the purchase day', async () => {
    expect(await reservedPass(EXPLORER)).toEqual({
      from: '2026-11-21T05:00:00.000Z',
      to: '2026-12-21T04:59:59.000Z', // 20 Dec, the 30th day, 23:59:59 EST
    });
  });

  it('fixedfrom with a day: valid from that day for its duration, across a daylight-saving change', async () => {
    const type = await passGroup('spring', {
      startPolicy: 'fixedfrom',
      startPolicyDate: '2027-03-01',
      durationNew: 'P1M',
    });
    expect(await reservedPass(type)).toEqual({
      from: '2027-03-01T05:00:00.000Z',
      to: '2027-04-01T03:59:59.000Z', // 31 Mar 23:59:59 EDT
    });
  });

  it.each([
    ['a season that has ended', { startPolicy: 'fixedto', startPolicyDate: '2026-11-20', durationNew: null }],
    ['fixedto without its day', { startPolicy: 'fixedto', startPolicyDate: null, durationNew: 'P30D' }],
    ['fixedfrom without a duration', { startPolicy: 'fixedfrom', startPolicyDate: null, durationNew: null }],
    [
      'a duration that is not ISO-8601',
      { startPolicy: 'fixedfrom', startPolicyDate: null, durationNew: '30 days' },
    ],
    [
      'a day that does not exist',
      { startPolicy: 'fixedto', startPolicyDate: '2027-02-30', durationNew: null },
    ],
    ['an unknown policy', { startPolicy: 'rolling', startPolicyDate: null, durationNew: 'P30D' }],
    ['no policy', { startPolicy: null, startPolicyDate: null, durationNew: null }],
  ])('refuses a pass group with %s', async (label, policy) => {
    const type = await passGroup(`bad-${label.replace(/\W+/g, '-')}`, policy);
    const r = await reserve(type);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(err(r.body)).toMatchObject({ _code: ErrorCode.validation_failed, _context: 'ticket_group' });
  });

  it('refuses a pass sent with a session, and a fixedfrom pass once its days are over', async () => {
    const [session] = await gaSessions(s, '2026-11-22');
    const withSession = await reserve(EXPLORER, session?.id ?? null);
    expect(withSession.status).toBe(400);
    expect(err(withSession.body)).toMatchObject({
      _code: ErrorCode.validation_failed,
      _context: 'event_session',
    });
    const type = await passGroup('autumn', {
      startPolicy: 'fixedfrom',
      startPolicyDate: '2026-10-01',
      durationNew: 'P7W',
    });
    // 7 weeks from 1 Oct: the last day is 18 Nov, before the seed's 21 Nov.
    expect((await reserve(type)).status).toBe(400);
    s.clock.now = START - 4 * 86_400_000; // 17 Nov: still valid, to 18 Nov
    try {
      expect(await reservedPass(type)).toEqual({
        from: '2026-10-01T04:00:00.000Z',
        to: '2026-11-19T04:59:59.000Z',
      });
    } finally {
      s.clock.now = START;
    }
  });

  it('a kept database seeded again after the season: the season pass runs to the next 31 October, and sells', async () => {
    const seasonDay = async () =>
      (
        await s.handle.db
          .select()
          .from(t.ticketGroup)
          .where(eq(t.ticketGroup.id, P.group('garden-season')))
      )[0]?.startPolicyDate;
    // The seed's day (21 Nov 2026) is after this year's 31 October: the season is next year's.
    expect(await seasonDay()).toBe('2027-10-31');
    // The same database a year on (5 Nov 2027, after that season): seeded again, the season moves on.
    const yearOn = Date.UTC(2027, 10, 5, 15);
    await seedPasses(s.handle.db, demoIds, yearOn);
    s.clock.now = yearOn;
    try {
      expect(await seasonDay()).toBe('2028-10-31');
      expect(await reservedPass(SEASON)).toEqual({
        from: '2027-11-05T04:00:00.000Z',
        to: '2028-11-01T03:59:59.000Z',
      });
    } finally {
      s.clock.now = START;
      await seedPasses(s.handle.db, demoIds, START);
    }
    expect(await seasonDay()).toBe('2027-10-31');
  });
});
