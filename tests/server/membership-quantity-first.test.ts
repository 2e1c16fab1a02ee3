/**
 * Members in the quantity-first calls (issue 11; spec 1 §6 members-only groups and member pricing): POST
 * events/{id}/calendar and sessions take a member's members-only types (the seeded "Member show tickets" of
 * the Planetarium show, and the types of a members-only event) when their current membership allows them,
 * with the member price; guests and expired members get them refused as unknown types, as before. The
 * reserve that follows keeps the member limits (member_limit_exceeded).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { demoIds } from '../../server/seed/demo';
import { DEMO_MEMBERSHIP_MEMBERS, MEMBER_SHOW_CENTS, membershipIds } from '../../server/seed/membership';
import { PLANETARIUM, PLANETARIUM_ADULT, type TestServer } from './helpers';
import { type Browser, browser, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];
const MEMBER_SHOW = membershipIds.memberShowType;
const DAY = '2026-11-24';

type Caller = Pick<Browser, 'json'>;
const guest = (): Caller => ({ json: (m, p, o) => s.json(m, p, o) });

async function member(key: keyof typeof DEMO_MEMBERSHIP_MEMBERS): Promise<Browser> {
  const b = browser(s);
  expect((await passwordLogin(b, DEMO_MEMBERSHIP_MEMBERS[key].email)).status).toBe(200);
  return b;
}

const sessions = (b: Caller, quantities: Record<string, number>) =>
  b.json('POST', `events/${PLANETARIUM}/sessions`, { query: { _ondate: DAY }, body: { quantities } });

const calendar = (b: Caller, quantities: Record<string, number>) =>
  b.json('POST', `events/${PLANETARIUM}/calendar`, {
    query: { _format: 'price', 'date._gte': DAY, 'date._lt': '2026-11-25' },
    body: { quantities },
  });

describe('quantity-first calls for members', () => {
  it('the event shows the members-only group to a member only', async () => {
    const groupsOf = async (b: Caller) =>
      (
        await b.json('GET', `events/${PLANETARIUM}`, {
          query: {
            'ticket_group.hidden_type._in': 'public_browsable,public_link_only,public_member_only',
            _embed: 'ticket_group,ticket_type',
          },
        })
      ).body.ticket_group._data.map((g: { id: string }) => g.id);
    expect(await groupsOf(guest())).toEqual([demoIds.group('planetarium')]);
    expect(await groupsOf(await member('individual'))).toContain(membershipIds.memberShowGroup);
  });

  it('a member: calendar and sessions for member tickets, at the member price', async () => {
    const ivy = await member('individual');
    const cal = await calendar(ivy, { [MEMBER_SHOW]: 2 });
    expect(cal.status).toBe(200);
    expect(doc(cal.body).calendar?._data.map((d) => [d.date, d.status, d.min_price])).toEqual([
      [DAY, 'available', (MEMBER_SHOW_CENTS / 100).toFixed(2)],
    ]);
    const r = await sessions(ivy, { [MEMBER_SHOW]: 2, [PLANETARIUM_ADULT]: 1 });
    expect(r.status).toBe(200);
    const d = doc(r.body);
    expect(d.event_session?._data.length).toBe(3);
    const first = d.event_session?._data[0]?.id;
    const rows = (d.price_schedule?._data ?? []).filter((row) => row.event_session_id === first);
    expect(Object.fromEntries(rows.map((row) => [row.ticket_type_id, row.price]))).toEqual({
      [MEMBER_SHOW]: '8.00',
      [PLANETARIUM_ADULT]: '15.00',
    });
  });

  it('guests and expired members: member tickets are unknown types (400)', async () => {
    for (const caller of [guest(), await member('expired')]) {
      const r = await sessions(caller, { [MEMBER_SHOW]: 1 });
      expect(r.status).toBe(400);
      expect(err(r.body)).toMatchObject({ _code: ErrorCode.validation_failed, _context: 'quantities' });
    }
    const cal = await calendar(guest(), { [MEMBER_SHOW]: 1 });
    expect(cal.status).toBe(400);
    // Guests' ordinary quantities are unchanged.
    expect((await sessions(guest(), { [PLANETARIUM_ADULT]: 2 })).status).toBe(200);
  });

  it('a members-only event: its quantity-first calls answer a member (they were refused as no event)', async () => {
    const preview = demoIds.event('members-preview');
    const previewType = demoIds.type('members-preview', 'Member');
    const post = (b: Caller) =>
      b.json('POST', `events/${preview}/sessions`, {
        query: { _ondate: DAY },
        body: { quantities: { [previewType]: 2 } },
      });
    const ivy = await post(await member('individual'));
    expect(ivy.status).toBe(200);
    expect(doc(ivy.body).event_session?._data.length).toBe(1);
    const refused = await post(guest());
    expect(refused.status).toBe(400);
    expect(err(refused.body)).toMatchObject({ _code: ErrorCode.validation_failed, _context: 'quantities' });
  });

  it('the reserve keeps the member limit of the level (Individual: 2 per event)', async () => {
    const cal = await member('cancelled');
    const r = await sessions(cal, { [MEMBER_SHOW]: 2 });
    const sessionId = doc(r.body).event_session?._data[0]?.id;
    const line = { event_session_id: sessionId, ticket_type_id: MEMBER_SHOW };
    const first = await cal.json('POST', 'my/cart/modify', { body: { add: [line, line] } });
    expect(first.status).toBe(200);
    const over = await cal.json('POST', 'my/cart/modify', { body: { add: [line] } });
    expect(over.status).toBe(400);
    expect(err(over.body)?._code).toBe(ErrorCode.member_limit_exceeded);
  });
});
