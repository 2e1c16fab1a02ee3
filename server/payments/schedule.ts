/**
 * Scheduled payments (issue 22; spec 2 §3 "Scheduled payment", §4 "Scheduled payments"): a seller sells an event
 * on a plan with the event meta `payment_plan`, a JSON object `{ deposit_percent, instalments, interval_days }`
 * (a deposit now, then `instalments` equal payments every `interval_days` days; the last takes the cents left
 * over). A cart with a ticket of such an event is paid on that plan, whole (the first such event's plan): its
 * deposit is due before the cart's hold ends (its due date is the cart's expiry), the instalments
 * `interval_days` apart from the cart's creation.
 *
 * Until it is booked a cart's schedule follows its contents (tickets added or removed, discounts). The payment
 * that books it (at least the due amount) writes the schedule on the order (`scheduled_payment` rows, the plan
 * as it stood then); what is left of each instalment is what the order's payments have not covered, earliest
 * instalment first. The due amount is everything overdue plus the next instalment (`domain/instalments.ts`).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import type * as w from '../../api/schemas';
import { dueCents, type Instalment, statusOf } from '../../domain/instalments';
import type { Q } from '../db';
import * as t from '../schema';
import { money, stableId } from '../util';
import { scheduledPayment } from './schema';

/** The event meta key of a payment plan. */
export const PAYMENT_PLAN_META = 'payment_plan';
const DAY_MS = 86_400_000;

const planSchema = z.strictObject({
  deposit_percent: z.number().check(z.int(), z.gte(1), z.lte(100)),
  instalments: z.number().check(z.int(), z.gte(1), z.lte(24)),
  interval_days: z.number().check(z.int(), z.gte(1), z.lte(366)),
});
export type PaymentPlan = z.infer<typeof planSchema>;

/** A plan meta value, or null when it is not one (a seller's typo sells without a plan, never fails a pay). */
export function parsePlan(value: string): PaymentPlan | null {
  try {
    const parsed = planSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The plan's payments for a total: the deposit (seq 0) due at `depositDueMs`, then the instalments. */
export function planInstalments(
  plan: PaymentPlan,
  totalCents: number,
  anchorMs: number,
  depositDueMs: number,
) {
  const deposit = Math.round((totalCents * plan.deposit_percent) / 100);
  const rest = totalCents - deposit;
  const each = Math.floor(rest / plan.instalments);
  return [
    { seq: 0, dueMs: depositDueMs, amountCents: deposit },
    ...Array.from({ length: plan.instalments }, (_, i) => ({
      seq: i + 1,
      dueMs: anchorMs + (i + 1) * plan.interval_days * DAY_MS,
      amountCents: i === plan.instalments - 1 ? rest - each * (plan.instalments - 1) : each,
    })),
  ];
}

/** The plan of the first of these events (in the given order) that has one, or null. */
export async function planOf(q: Q, eventIds: readonly string[]): Promise<PaymentPlan | null> {
  const ids = [...new Set(eventIds)];
  if (!ids.length) return null;
  const rows = await q
    .select()
    .from(t.meta)
    .where(and(inArray(t.meta.resourceId, ids), eq(t.meta.key, PAYMENT_PLAN_META)));
  for (const id of ids) {
    const row = rows.find((r) => r.resourceId === id);
    const plan = row ? parsePlan(row.value) : null;
    if (plan) return plan;
  }
  return null;
}

export interface ScheduledRow extends Instalment {
  id: string;
  seq: number;
}

export interface CartSchedule {
  /** What is left to pay, by instalment, in due order (paid instalments left out). */
  rows: ScheduledRow[];
  dueCents: number;
}

const idOf = (cartId: string, seq: number) => stableId(`scheduled_payment:${cartId}:${seq}`);

/** Takes what was paid off the instalments, earliest first; keeps those with something left. */
function remaining(
  all: { seq: number; dueMs: number; amountCents: number }[],
  cartId: string,
  paidCents: number,
) {
  let paid = paidCents;
  const rows: ScheduledRow[] = [];
  for (const p of [...all].sort((a, b) => a.seq - b.seq)) {
    const covered = Math.min(paid, p.amountCents);
    paid -= covered;
    if (p.amountCents - covered > 0)
      rows.push({
        id: idOf(cartId, p.seq),
        seq: p.seq,
        dueMs: p.dueMs,
        amountCents: p.amountCents - covered,
      });
  }
  return rows;
}

/**
 * The cart's schedule, or null when it is on no plan. `totalCents`: what the cart costs (discounts off), `paidCents`:
 * its payments; `eventIds`: the events of its tickets in ticket order.
 */
export async function cartSchedule(
  q: Q,
  cart: { id: string; createdAt: Date; expiresAt: Date | null },
  totalCents: number,
  paidCents: number,
  eventIds: readonly string[],
  nowMs: number,
): Promise<CartSchedule | null> {
  const saved = await q
    .select()
    .from(scheduledPayment)
    .where(eq(scheduledPayment.cartId, cart.id))
    .orderBy(asc(scheduledPayment.seq));
  let all: { seq: number; dueMs: number; amountCents: number }[];
  if (saved.length)
    all = saved.map((r) => ({ seq: r.seq, dueMs: r.dueAt.getTime(), amountCents: r.amountCents }));
  else {
    const plan = await planOf(q, eventIds);
    if (!plan || totalCents <= 0) return null;
    const anchor = cart.createdAt.getTime();
    all = planInstalments(plan, totalCents, anchor, cart.expiresAt?.getTime() ?? anchor);
  }
  const rows = remaining(all, cart.id, paidCents);
  const outstanding = rows.reduce((a, r) => a + r.amountCents, 0);
  return { rows, dueCents: dueCents(rows, outstanding, nowMs) };
}

/**
 * Writes the schedule on the order the cart books (inside the booking transaction), when its cart is on a plan:
 * the plan for the cart's total (`total`, read only for a cart on a plan), the deposit due at the booking.
 */
export async function saveSchedule(
  q: Q,
  cart: { id: string; createdAt: Date; expiresAt: Date | null },
  orderId: string,
  total: () => Promise<number>,
  eventIds: readonly string[],
  nowMs: number,
): Promise<void> {
  const plan = await planOf(q, eventIds);
  if (!plan) return;
  const totalCents = await total();
  if (totalCents <= 0) return;
  const anchor = cart.createdAt.getTime();
  const rows = planInstalments(plan, totalCents, anchor, Math.min(nowMs, cart.expiresAt?.getTime() ?? nowMs));
  await q
    .insert(scheduledPayment)
    .values(
      rows.map((r) => ({
        id: idOf(cart.id, r.seq),
        cartId: cart.id,
        ticketOrderId: orderId,
        seq: r.seq,
        dueAt: new Date(r.dueMs),
        amountCents: r.amountCents,
      })),
    )
    .onConflictDoNothing();
}

/** The wire rows (spec 2 §3: id, due, amount, status Upcoming or Overdue). */
export const wScheduled = (schedule: CartSchedule | null, nowMs: number): w.ScheduledPayment[] =>
  (schedule?.rows ?? []).map((r) => ({
    id: r.id,
    due: new Date(r.dueMs).toISOString(),
    amount: money(r.amountCents),
    status: statusOf(r.dueMs, nowMs),
  }));
