/**
 * The Stripe adapter of the gateway port, on the official `stripe` SDK (PaymentIntents, "finalize payments on
 * the server"): the client's Payment Element makes a PaymentMethod; the server creates a PaymentIntent for the
 * cart (amount in cents, the seller's currency, metadata cart_id and seller_id), records its id under the
 * attempt's idempotency key (`stripe_payment`), then confirms it with the payment method. Every POST carries an
 * idempotency key derived from the attempt's (`{key}`, `{key}:confirm`, `{key}:refund`); every call carries
 * the connected account when one is configured.
 *
 * Why create, record, then confirm: Stripe cannot be searched by idempotency key, and recovery must learn what
 * an attempt cut off by a crash came to. The intent id is in our table before any confirm is sent, so an
 * attempt without one never charged anything, and one with it is answered by Stripe's current intent status.
 */
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../db';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway';
import { stripeIntentClaim, stripePayment } from './schema';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A connected account (`acct_…`) the seller's payments are made in; null: the platform account. */
  accountId: string | null;
  /** Development and tests only: the API's address (a local Stripe-compatible fake). */
  api?: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

type Intent = Stripe.PaymentIntent;

const INTERRUPTED = 'The payment was interrupted.';
const USED = 'This payment has already been used.';
const MISMATCH = 'The payment intent does not match this cart.';
const KEY_REUSED = 'This payment attempt was already made with different details. Please try again.';

export class StripeGateway implements PaymentGateway {
  private readonly stripe: Stripe;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly settings: StripeSettings,
  ) {
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(settings.api ?? {}),
    });
  }

  /** What the browser may know: the publishable key and the connected account. */
  get publicSettings() {
    return { publishableKey: this.settings.publishableKey, accountId: this.settings.accountId };
  }

  /** Verifies a webhook's `Stripe-Signature` over the raw body (throws when it does not match). */
  verifyEvent(payload: string, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(
      payload,
      signature,
      this.settings.webhookSecret,
      300,
      undefined,
      this.now(), // milliseconds (the SDK divides by 1000)
    );
  }

  /** The account events of this gateway come from (null: the platform's). */
  get accountId() {
    return this.settings.accountId;
  }

  private options(idempotencyKey?: string): Stripe.RequestOptions {
    return {
      ...(idempotencyKey ? { idempotencyKey } : {}),
      ...(this.settings.accountId ? { stripeAccount: this.settings.accountId } : {}),
    };
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const row = await this.record(req);
    if (!row) return { status: 'invalid', message: KEY_REUSED };
    if (req.source.startsWith('pi_')) {
      const intent = await this.retrieve(req.source);
      if (!intent || !matches(intent, req)) return this.noted(req.idempotencyKey, invalid(MISMATCH));
      return this.noted(req.idempotencyKey, await this.resultOf(intent, req.idempotencyKey));
    }
    let intentId = row.intentId;
    if (!intentId) {
      const created = await this.stripe.paymentIntents.create(
        {
          amount: req.amountCents,
          currency: req.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { cart_id: req.cartId, seller_id: req.sellerId },
        },
        this.options(req.idempotencyKey),
      );
      intentId = created.id;
      await this.db
        .update(stripePayment)
        .set({ intentId })
        .where(eq(stripePayment.idempotencyKey, req.idempotencyKey));
    } else {
      // A takeover of an attempt that had reached Stripe: its intent says how far it got.
      const intent = await this.retrieve(intentId);
      if (!intent) return this.noted(req.idempotencyKey, invalid(INTERRUPTED));
      if (intent.status !== 'requires_confirmation' && intent.status !== 'requires_payment_method')
        return this.noted(req.idempotencyKey, await this.resultOf(intent, req.idempotencyKey));
      if (intent.last_payment_error) return this.noted(req.idempotencyKey, declinedBy(intent));
    }
    let confirmed: Intent;
    try {
      confirmed = await this.stripe.paymentIntents.confirm(
        intentId,
        { payment_method: req.source, use_stripe_sdk: true },
        this.options(`${req.idempotencyKey}:confirm`),
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError)
        return this.noted(req.idempotencyKey, {
          status: 'declined',
          message: err.message,
          ...(err.code ? { code: err.code } : {}),
        });
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.payment_intent)
        return this.noted(req.idempotencyKey, await this.resultOf(err.payment_intent, req.idempotencyKey));
      throw err;
    }
    return this.noted(req.idempotencyKey, await this.resultOf(confirmed, req.idempotencyKey));
  }

  async find(idempotencyKey: string): Promise<ChargeResult | null> {
    const [row] = await this.db
      .select()
      .from(stripePayment)
      .where(eq(stripePayment.idempotencyKey, idempotencyKey));
    // No intent recorded: nothing was confirmed with this key.
    if (!row?.intentId) return null;
    const intent = await this.retrieve(row.intentId);
    if (!intent) return null;
    if (intent.status === 'requires_confirmation' || intent.status === 'requires_payment_method')
      return intent.last_payment_error ? declinedBy(intent) : null;
    return this.resultOf(intent, idempotencyKey);
  }

  async refund(idempotencyKey: string): Promise<void> {
    const [row] = await this.db
      .select()
      .from(stripePayment)
      .where(eq(stripePayment.idempotencyKey, idempotencyKey));
    if (!row?.intentId) return;
    try {
      await this.stripe.refunds.create(
        { payment_intent: row.intentId },
        this.options(`${idempotencyKey}:refund`),
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.code === 'charge_already_refunded') return;
      // The kind of failure only: Stripe's messages can name the customer's card.
      console.error('[stripe] refund failed', (err as Stripe.errors.StripeError)?.code ?? 'unknown');
      throw err;
    }
  }

  /**
   * The attempt's row, written before Stripe is called; null when the key was used with other details. The
   * same key racing in: the first row wins, as Stripe's idempotency does.
   */
  private async record(req: ChargeRequest) {
    await this.db
      .insert(stripePayment)
      .values({
        idempotencyKey: req.idempotencyKey,
        cartId: req.cartId,
        sellerId: req.sellerId,
        amountCents: req.amountCents,
        currency: req.currency,
        source: req.source,
        accountId: this.settings.accountId,
        intentId: req.source.startsWith('pi_') ? req.source : null,
        status: 'started',
        createdAt: new Date(this.now()),
      })
      .onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(stripePayment)
      .where(eq(stripePayment.idempotencyKey, req.idempotencyKey));
    if (!row || row.amountCents !== req.amountCents || row.source !== req.source || row.cartId !== req.cartId)
      return null;
    return row;
  }

  private async noted(idempotencyKey: string, result: ChargeResult): Promise<ChargeResult> {
    await this.db
      .update(stripePayment)
      .set({ status: result.status })
      .where(eq(stripePayment.idempotencyKey, idempotencyKey));
    return result;
  }

  private async retrieve(id: string): Promise<Intent | null> {
    try {
      return await this.stripe.paymentIntents.retrieve(id, {}, this.options());
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing')
        return null;
      throw err;
    }
  }

  /** Captures an authorised intent; an intent that can no longer be captured answers as it now is. */
  private async capture(intent: Intent, idempotencyKey: string): Promise<Intent> {
    try {
      return await this.stripe.paymentIntents.capture(
        intent.id,
        {},
        this.options(`${idempotencyKey}:capture`),
      );
    } catch (err) {
      // Captured meanwhile (succeeded), or a lapsed authorisation (canceled): the intent as it now is.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.payment_intent)
        return err.payment_intent;
      throw err;
    }
  }

  /** The port's answer for an intent; a succeeded intent is booked by one attempt only (its claim). */
  private async resultOf(intent: Intent, idempotencyKey: string): Promise<ChargeResult> {
    switch (intent.status) {
      case 'succeeded': {
        await this.db
          .insert(stripeIntentClaim)
          .values({ intentId: intent.id, idempotencyKey })
          .onConflictDoNothing();
        const [claim] = await this.db
          .select()
          .from(stripeIntentClaim)
          .where(
            and(
              eq(stripeIntentClaim.intentId, intent.id),
              eq(stripeIntentClaim.idempotencyKey, idempotencyKey),
            ),
          );
        if (!claim) return invalid(USED);
        const charge = intent.latest_charge;
        return {
          status: 'succeeded',
          chargeId: typeof charge === 'string' ? charge : (charge?.id ?? intent.id),
          intentId: intent.id,
        };
      }
      case 'requires_capture': {
        // Authorised, to be captured (an intent made with manual capture, or a method that authorises first,
        // as Afterpay does): spec 2 §4 lets such a payment go on like a succeeded one. Captured here, once per
        // attempt (`{key}:capture`), before anything is booked: the order is booked on money taken, never on an
        // authorisation that could lapse. What the capture leaves decides (succeeded: booked by this attempt).
        const captured = await this.capture(intent, idempotencyKey);
        return captured.status === 'requires_capture'
          ? invalid(INTERRUPTED)
          : this.resultOf(captured, idempotencyKey);
      }
      case 'processing':
        return { status: 'processing', intentId: intent.id };
      case 'requires_action':
        return intent.client_secret
          ? { status: 'requires_action', intentId: intent.id, clientSecret: intent.client_secret }
          : invalid(INTERRUPTED);
      case 'requires_payment_method':
        return intent.last_payment_error ? declinedBy(intent) : invalid(INTERRUPTED);
      default:
        return invalid(INTERRUPTED);
    }
  }
}

const invalid = (message: string): ChargeResult => ({ status: 'invalid', message });

const declinedBy = (intent: Intent): ChargeResult => ({
  status: 'declined',
  message: intent.last_payment_error?.message ?? 'Your card was declined.',
});

/** An intent given back as the source of a retry is this cart's, for this amount and currency. */
const matches = (intent: Intent, req: ChargeRequest) =>
  intent.metadata?.cart_id === req.cartId &&
  intent.amount === req.amountCents &&
  intent.currency === req.currency.toLowerCase();
