/**
 * Gateway audits (spec 2 §3 "Gateway audit"; issues 19, 22): what Stripe reports about a completed payment after
 * it was made, from its signed webhook (./webhook.ts): `refund.created` a refund, `charge.dispute.created` a
 * dispute opened, `charge.dispute.closed` closed, `charge.dispute.funds_withdrawn` the dispute's fee. Each is
 * recorded once against the payment its PaymentIntent paid (`payment_audit.event_id` is unique, so a replayed or
 * concurrent delivery records nothing twice); an event about an intent that paid none of our payments (a refund
 * of a charge the completion re-check gave back) records nothing. The payment itself is its capture.
 *
 * An audit is a record for the purchaser and the venue: it changes no balance (a refund or a lost dispute is
 * the venue's decision, made in Stripe's Dashboard).
 */
import { and, eq } from 'drizzle-orm';
import type { Q } from '../db';
import * as t from '../schema';
import { newId } from '../util';
import { paymentAudit } from './schema';

/** The audit action of each event type Stripe sends about a payment after it was made. */
export const AUDIT_EVENTS: Readonly<Record<string, string>> = {
  'refund.created': 'refund',
  'charge.dispute.created': 'dispute_opened',
  'charge.dispute.closed': 'dispute_closed',
  'charge.dispute.funds_withdrawn': 'dispute_fee',
};

interface EventObject {
  amount?: unknown;
  payment_intent?: unknown;
  balance_transactions?: unknown;
}

/** The cents an event moved: a refund's or dispute's amount; for the fee, the fees of its balance transactions. */
function amountOf(action: string, object: EventObject): number {
  if (action === 'dispute_fee') {
    const txs = Array.isArray(object.balance_transactions) ? object.balance_transactions : [];
    return txs.reduce(
      (sum: number, bt: { fee?: unknown }) => sum + (Number.isSafeInteger(bt?.fee) ? Number(bt.fee) : 0),
      0,
    );
  }
  return Number.isSafeInteger(object.amount) ? Number(object.amount) : 0;
}

/**
 * Records the audit of one verified event (a type of AUDIT_EVENTS), once; returns whether it recorded one.
 * `at`: when it occurred (the event's `created`, ms).
 */
export async function recordAudit(
  q: Q,
  event: { id: string; type: string; data: { object: unknown } },
  at: number,
): Promise<boolean> {
  const action = AUDIT_EVENTS[event.type];
  const object = (event.data.object ?? {}) as EventObject;
  if (!action || typeof object.payment_intent !== 'string') return false;
  const [paid] = await q
    .select()
    .from(t.payment)
    .where(and(eq(t.payment.gatewayId, 'stripe'), eq(t.payment.reference, object.payment_intent)))
    .limit(1);
  if (!paid) return false;
  const rows = await q
    .insert(paymentAudit)
    .values({
      id: newId(),
      paymentId: paid.id,
      cartId: paid.cartId,
      action,
      amountCents: amountOf(action, object),
      eventId: event.id,
      occurredAt: new Date(at),
    })
    .onConflictDoNothing()
    .returning({ id: paymentAudit.id });
  return rows.length > 0;
}
