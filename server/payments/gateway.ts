/**
 * The payment gateway port and its sandbox adapter (Stripe test-mode semantics; the Stripe adapter is
 * `stripe.ts`). Every charge carries an idempotency key (`cart:{id}:attempt:{n}`): a charge repeated
 * with the same key returns the first result and never charges twice, as Stripe's `Idempotency-Key` does.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db';
import * as t from '../schema';
import { newId } from '../util';

export interface ChargeRequest {
  idempotencyKey: string;
  cartId: string;
  sellerId: string;
  amountCents: number;
  currency: string;
  /** A card source (`pm_…`, `tok_…`) or a confirmed payment intent (`pi_…`). */
  source: string;
}

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string; intentId: string | null }
  /** `code`: the provider's decline code when it is one the storefront tells apart (incorrect_zip, …). */
  | { status: 'declined'; message: string; code?: string }
  | { status: 'requires_action'; intentId: string; clientSecret: string }
  /** Accepted but not settled yet (bank debits): the cart stays paying until the gateway says (webhook). */
  | { status: 'processing'; intentId: string }
  /** The request cannot be charged as given (unknown or used intent, amount mismatch, key reuse). */
  | { status: 'invalid'; message: string };

export interface PaymentGateway {
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** Gives a succeeded charge back (idempotent). */
  refund(idempotencyKey: string): Promise<void>;
  /** What a charge made with this key came to, or null if none was made (recovery after a crash). */
  find(idempotencyKey: string): Promise<ChargeResult | null>;
}

const DECLINES: Record<string, string> = {
  pm_card_chargeDeclined: 'Your card was declined.',
  pm_card_visa_chargeDeclined: 'Your card was declined.',
  pm_card_chargeDeclinedInsufficientFunds: 'Your card has insufficient funds.',
  pm_card_chargeDeclinedExpiredCard: 'Your card has expired.',
  pm_card_chargeDeclinedIncorrectCvc: "Your card's security code is incorrect.",
};
const NEEDS_ACTION = new Set([
  'pm_card_authenticationRequired',
  'pm_card_threeDSecure2Required',
  'pm_card_authenticationRequiredOnSetup',
]);

const token = () => newId().replace(/-/g, '').slice(0, 24);

/**
 * The sandbox: its own records (charges by idempotency key, payment intents) in the shared database, written
 * outside the caller's transactions as an external service would be.
 */
export class SandboxGateway implements PaymentGateway {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const prior = await this.stored(req.idempotencyKey);
    if (prior) return prior.amountCents === req.amountCents ? prior.result : keyReused();
    const result = await this.decide(req);
    const chargeId = result.status === 'succeeded' ? result.chargeId : `ch_sandbox_${token()}`;
    const [row] = await this.db
      .insert(t.gatewayCharge)
      .values({
        idempotencyKey: req.idempotencyKey,
        id: chargeId,
        cartId: req.cartId,
        amountCents: req.amountCents,
        status: result.status,
        message: 'message' in result ? result.message : null,
        intentId: 'intentId' in result ? result.intentId : null,
        createdAt: new Date(this.now()),
      })
      .onConflictDoNothing()
      .returning();
    if (row) return result;
    // The same key raced in: the first record wins, as at Stripe.
    const first = await this.stored(req.idempotencyKey);
    return first && first.amountCents === req.amountCents ? first.result : keyReused();
  }

  async refund(idempotencyKey: string): Promise<void> {
    await this.db
      .update(t.gatewayCharge)
      .set({ status: 'refunded' })
      .where(
        and(eq(t.gatewayCharge.idempotencyKey, idempotencyKey), eq(t.gatewayCharge.status, 'succeeded')),
      );
  }

  async find(idempotencyKey: string): Promise<ChargeResult | null> {
    return (await this.stored(idempotencyKey))?.result ?? null;
  }

  /** Stands in for the 3-D Secure challenge: the intent becomes succeeded. */
  async confirmIntent(id: string) {
    const [intent] = await this.db.select().from(t.paymentIntent).where(eq(t.paymentIntent.id, id));
    if (!intent) return null;
    if (intent.status === 'requires_action')
      await this.db
        .update(t.paymentIntent)
        .set({ status: 'succeeded' })
        .where(and(eq(t.paymentIntent.id, id), eq(t.paymentIntent.status, 'requires_action')));
    return { intent, status: intent.status === 'requires_action' ? 'succeeded' : intent.status };
  }

  private async stored(key: string) {
    const [row] = await this.db.select().from(t.gatewayCharge).where(eq(t.gatewayCharge.idempotencyKey, key));
    if (!row) return null;
    let result: ChargeResult;
    if (row.status === 'succeeded' || row.status === 'refunded')
      result = { status: 'succeeded', chargeId: row.id, intentId: row.intentId };
    else if (row.status === 'requires_action') {
      const [intent] = await this.db
        .select()
        .from(t.paymentIntent)
        .where(eq(t.paymentIntent.id, row.intentId ?? ''));
      result = {
        status: 'requires_action',
        intentId: row.intentId ?? '',
        clientSecret: intent?.clientSecret ?? '',
      };
    } else if (row.status === 'declined') result = { status: 'declined', message: row.message ?? '' };
    else result = { status: 'invalid', message: row.message ?? '' };
    return { amountCents: row.amountCents, result };
  }

  private async decide(req: ChargeRequest): Promise<ChargeResult> {
    const { source } = req;
    if (source.startsWith('pi_')) {
      const [intent] = await this.db.select().from(t.paymentIntent).where(eq(t.paymentIntent.id, source));
      if (!intent || intent.cartId !== req.cartId)
        return { status: 'invalid', message: 'Unknown payment intent.' };
      if (intent.amountCents !== req.amountCents)
        return { status: 'invalid', message: 'The payment intent amount does not match.' };
      if (intent.status === 'requires_action')
        return { status: 'requires_action', intentId: intent.id, clientSecret: intent.clientSecret };
      const [used] = await this.db
        .update(t.paymentIntent)
        .set({ status: 'consumed' })
        .where(and(eq(t.paymentIntent.id, intent.id), eq(t.paymentIntent.status, 'succeeded')))
        .returning({ id: t.paymentIntent.id });
      if (!used) return { status: 'invalid', message: 'This payment has already been used.' };
      return { status: 'succeeded', chargeId: `ch_sandbox_${token()}`, intentId: intent.id };
    }
    const decline = DECLINES[source];
    if (decline) return { status: 'declined', message: decline };
    if (NEEDS_ACTION.has(source)) {
      const id = `pi_sandbox_${token()}`;
      const clientSecret = `${id}_secret_${token()}`;
      await this.db.insert(t.paymentIntent).values({
        id,
        cartId: req.cartId,
        amountCents: req.amountCents,
        clientSecret,
        status: 'requires_action',
        createdAt: new Date(this.now()),
      });
      return { status: 'requires_action', intentId: id, clientSecret };
    }
    return { status: 'succeeded', chargeId: `ch_sandbox_${token()}`, intentId: null };
  }
}

const keyReused = (): ChargeResult => ({
  status: 'invalid',
  message: 'This payment attempt was already made with different details. Please try again.',
});
