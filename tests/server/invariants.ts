/**
 * Whole-database invariants that any interleaving must keep (checked after the race tests):
 * - no session or limited ticket group holds more than its capacity, and its used capacity equals its live and
 *   booked tickets;
 * - every completed cart has exactly one order and one payment; the payment equals what its booked tickets cost
 *   (and those an order change gave up since); an order change's cart has no order of its own and paid what its
 *   tickets cost more than the ones it gave up;
 *   the gateway charged exactly that, once (succeeded charges per cart, refunds excluded);
 * - no ticket is booked outside an order.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db';

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

type CapacityRow = { id: string; used: number; cap: number; tickets: number };

const sessionRows = (db: Db) =>
  rows<CapacityRow>(
    db,
    sql`select s.id, s.used_capacity as used, s.capacity + s.oversell_capacity as cap,
          (select count(*)::int from ticket k where k.event_session_id = s.id
             and k.state in ('held','in_cart','booked','redeemed')) as tickets
        from event_session s where s.used_capacity > 0 or exists (select 1 from ticket k where k.event_session_id = s.id)`,
  );

/**
 * Used capacity not backed by tickets (set by the seed or by a test to simulate earlier sales): take it before
 * a race, and pass it to ledgerProblems.
 */
export async function capacityBaseline(db: Db): Promise<Map<string, number>> {
  return new Map((await sessionRows(db)).map((s) => [s.id, s.used - s.tickets]));
}

export async function ledgerProblems(db: Db, baseline: Map<string, number>): Promise<string[]> {
  const problems: string[] = [];
  for (const s of await sessionRows(db)) {
    if (s.cap >= 0 && s.used > s.cap) problems.push(`session ${s.id}: used ${s.used} > capacity ${s.cap}`);
    const offset = baseline.get(s.id) ?? 0;
    if (s.used - offset !== s.tickets)
      problems.push(`session ${s.id}: used ${s.used} (${offset} before) but ${s.tickets} tickets`);
  }
  const groups = await rows<{ id: string; used: number; cap: number; tickets: number }>(
    db,
    sql`select g.id, g.used_capacity as used, g.capacity + g.oversell_capacity as cap,
          (select count(*)::int from ticket k where k.ticket_group_id = g.id
             and k.state in ('held','in_cart','booked','redeemed')) as tickets
        from ticket_group g where g.capacity >= 0`,
  );
  // Unlimited groups (capacity -1) do not count their tickets.
  for (const g of groups.filter((x) => x.cap >= 0)) {
    if (g.used > g.cap) problems.push(`group ${g.id}: used ${g.used} > capacity ${g.cap}`);
    if (g.used !== g.tickets) problems.push(`group ${g.id}: used ${g.used} but ${g.tickets} tickets`);
  }
  const carts = await rows<{
    id: string;
    orders: number;
    payments: number;
    paid: number;
    cost: number;
    charged: number;
    charges: number;
    gateway: string | null;
    credit: number | null;
  }>(
    db,
    sql`select c.id,
          (select count(*)::int from ticket_order o where o.cart_id = c.id) as orders,
          (select count(*)::int from payment p where p.cart_id = c.id) as payments,
          (select coalesce(sum(p.amount_cents), 0)::int from payment p where p.cart_id = c.id) as paid,
          (select max(p.gateway_id) from payment p where p.cart_id = c.id) as gateway,
          (select coalesce(sum(k.adjusted_value_cents + coalesce(ty.fee_fixed_cents, 0)
                  + round(k.adjusted_value_cents * coalesce(ty.fee_percent_bp, 0) / 10000.0)), 0)::int
             from ticket k join ticket_type ty on ty.id = k.ticket_type_id
             where k.cart_id = c.id and (k.state = 'booked' or exists (select 1 from order_edit e
               join cart ec on ec.id = e.cart_id where ec.state = 'completed' and e.removed ? k.id))) as cost,
          (select e.credit_cents from order_edit e where e.cart_id = c.id) as credit,
          (select coalesce(sum(g.amount_cents), 0)::int from gateway_charge g
             where g.cart_id = c.id and g.status = 'succeeded') as charged,
          (select count(*)::int from gateway_charge g where g.cart_id = c.id and g.status = 'succeeded') as charges
        from cart c where c.state = 'completed'`,
  );
  for (const c of carts) {
    // An order-bound cart (server/manage/edit.ts) books into its order: no order of its own, a payment only for
    // what its tickets cost more than the ones it gave up.
    if (c.credit !== null) {
      const owed = Math.max(0, c.cost - c.credit);
      if (c.orders !== 0 || c.payments !== (owed > 0 ? 1 : 0) || c.paid !== owed)
        problems.push(`order change ${c.id}: ${c.orders} orders, paid ${c.paid} of ${owed} owed`);
      if (owed > 0 && (c.charges !== 1 || c.charged !== c.paid))
        problems.push(
          `order change ${c.id}: ${c.charges} charges of ${c.charged} for a payment of ${c.paid}`,
        );
      continue;
    }
    if (c.orders !== 1 || c.payments !== 1)
      problems.push(`cart ${c.id}: ${c.orders} orders and ${c.payments} payments`);
    if (c.paid !== c.cost) problems.push(`cart ${c.id}: paid ${c.paid} for tickets costing ${c.cost}`);
    if (c.gateway !== 'free' && (c.charges !== 1 || c.charged !== c.paid))
      problems.push(
        `cart ${c.id}: ${c.charges} charges of ${c.charged} at the gateway for a payment of ${c.paid}`,
      );
  }
  const stray = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from gateway_charge g join cart c on c.id = g.cart_id
        where g.status = 'succeeded' and c.state <> 'completed'`,
  );
  if ((stray[0]?.n ?? 0) > 0) problems.push(`${stray[0]?.n} succeeded charges without a completed cart`);
  const orphan = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ticket k where k.state = 'booked'
        and (k.ticket_order_id is null or not exists (select 1 from ticket_order o where o.id = k.ticket_order_id))`,
  );
  if ((orphan[0]?.n ?? 0) > 0) problems.push(`${orphan[0]?.n} booked tickets outside an order`);
  return problems;
}
