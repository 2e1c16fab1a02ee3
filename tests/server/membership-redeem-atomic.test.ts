/**
 * A redeemed gift code is taken by the reserve's own statement (server/memberships/reserve.ts
 * `giftCodeTakeSql`), never by a statement of its own before it: so no crash, lost connection or failed reserve
 * can leave a code used with no ticket to show for it (before, the code was taken first and given back by a
 * catch, which a dying process never runs). The statements are recorded on PGlite (the embedded client's
 * calls); the race of many redeems of one code is in membership-races.test.ts, on PostgreSQL too.
 */
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { giftCode } from '../../server/memberships/schema';
import * as t from '../../server/schema';
import { membershipIds } from '../../server/seed/membership';
import { GA_ADULT, gaSessions, type TestServer } from './helpers';
import { newGiftCode, redeemBody as redeemWith, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const INDIVIDUAL = membershipIds.level('Individual');
const code = (body: unknown) => errorBody.parse(body)._data[0]?._code;

const newCode = (value: string, uses: number) => newGiftCode(s, value, uses);
const redeemBody = (value: string, i = 0) => redeemWith(value, i, 'Ava');

const usedCount = async (value: string) =>
  (await s.handle.db.select().from(giftCode).where(eq(giftCode.code, value)))[0]?.redeemedCount;

/** Records every SQL text the embedded client runs (in and out of transactions) until `stop`. */
function recordStatements(client: PGlite) {
  const statements: string[] = [];
  type Runner = { query: PGlite['query']; exec: PGlite['exec'] };
  const wrap = <R extends Runner>(target: R): R =>
    new Proxy(target, {
      get(obj, key, receiver) {
        const value = Reflect.get(obj, key, receiver);
        if ((key === 'query' || key === 'exec') && typeof value === 'function')
          return (text: string, ...rest: unknown[]) => {
            statements.push(text);
            return value.call(obj, text, ...rest);
          };
        return typeof value === 'function' ? value.bind(obj) : value;
      },
    });
  const original = { query: client.query, exec: client.exec, transaction: client.transaction };
  client.query = wrap(client).query;
  client.exec = wrap(client).exec;
  client.transaction = ((fn: (tx: Runner) => Promise<unknown>) =>
    original.transaction.call(client, (tx) => fn(wrap(tx as Runner)))) as PGlite['transaction'];
  return {
    statements,
    stop() {
      Object.assign(client, original);
    },
  };
}

const takes = (statements: string[]) => statements.filter((q) => /UPDATE\s+gift_code\b/i.test(q));

describe.skipIf(!!process.env.TEST_DATABASE_URL)('a redeemed gift code is taken with its tickets', () => {
  it('into a new cart and into an existing one: the code is counted in the statement that inserts the ticket', async () => {
    await newCode('ATOMICNEW1', 2);
    const client = (s.handle.db as unknown as { $client: PGlite }).$client;
    const rec = recordStatements(client);
    try {
      const first = await s.json('POST', 'my/cart/modify', { body: redeemBody('ATOMICNEW1') });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const cartId = first.body.cart._data[0].id as string;
      // A second level into the same cart (the locked, transactional path) needs another cart: one at a time.
      const day = (await gaSessions(s, '2026-11-24'))[0];
      const more = await s.json('POST', `my/cart/${cartId}/modify`, {
        body: { add: [{ event_session_id: day?.id, ticket_type_id: GA_ADULT }] },
      });
      expect(more.status, JSON.stringify(more.body)).toBe(200);
      const second = await s.json('POST', 'my/cart/modify', { body: redeemBody('ATOMICNEW1', 1) });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
    } finally {
      rec.stop();
    }
    const taking = takes(rec.statements);
    expect(taking).toHaveLength(2);
    for (const q of taking) expect(q).toMatch(/INSERT\s+INTO\s+ticket\b/i);
    expect(await usedCount('ATOMICNEW1')).toBe(2);
  });

  it('a reserve refused by the database after the code would be taken leaves the code untouched', async () => {
    await newCode('ATOMICFAIL', 1);
    // The membership level's group, limited to what is already used: the capacity step refuses the statement.
    const [level] = await s.handle.db.select().from(t.ticketType).where(eq(t.ticketType.id, INDIVIDUAL));
    const [group] = await s.handle.db
      .select()
      .from(t.ticketGroup)
      .where(eq(t.ticketGroup.id, level?.ticketGroupId ?? ''));
    if (!group) throw new Error('no level group');
    await s.handle.db
      .update(t.ticketGroup)
      .set({ capacity: group.usedCapacity, oversellCapacity: 0 })
      .where(eq(t.ticketGroup.id, group.id));
    try {
      const refused = await s.json('POST', 'my/cart/modify', { body: redeemBody('ATOMICFAIL') });
      expect(refused.status).toBe(409);
      expect(code(refused.body)).toBe(ErrorCode.ticket_group_sold_out);
      expect(await usedCount('ATOMICFAIL')).toBe(0);
    } finally {
      await s.handle.db
        .update(t.ticketGroup)
        .set({ capacity: group.capacity, oversellCapacity: group.oversellCapacity })
        .where(eq(t.ticketGroup.id, group.id));
    }
    const after = await s.json('POST', 'my/cart/modify', { body: redeemBody('ATOMICFAIL', 1) });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(await usedCount('ATOMICFAIL')).toBe(1);
  });

  it('a code used up between the check and the statement answers code_exhausted, not a server error', async () => {
    await newCode('ATOMICLAST', 1);
    const client = (s.handle.db as unknown as { $client: PGlite }).$client;
    // The check reads the code as free; just before the reserve's statement another redeem takes the last use.
    const rec = recordStatements(client);
    const query = client.query;
    let stolen = false;
    client.query = (async (text: string, ...rest: unknown[]) => {
      if (!stolen && /INSERT\s+INTO\s+ticket\b/i.test(text)) {
        stolen = true;
        await s.handle.db.update(giftCode).set({ redeemedCount: 1 }).where(eq(giftCode.code, 'ATOMICLAST'));
      }
      return (query as (...a: unknown[]) => Promise<unknown>).call(client, text, ...rest);
    }) as PGlite['query'];
    try {
      const r = await s.json('POST', 'my/cart/modify', { body: redeemBody('ATOMICLAST') });
      expect(stolen).toBe(true);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(code(r.body)).toBe(ErrorCode.code_exhausted);
    } finally {
      client.query = query;
      rec.stop();
    }
    expect(await usedCount('ATOMICLAST')).toBe(1);
  });
});
