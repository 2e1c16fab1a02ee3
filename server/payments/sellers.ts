/**
 * Per-seller payment configuration (issue 19), server-side only: `STRIPE_SELLERS` (JSON, in the environment)
 * gives a seller, by slug, its own Stripe keys:
 * `{"venue-slug": {"secretKey": "sk_…", "publishableKey": "pk_…", "webhookSecret": "whsec_…", "accountId": "acct_…"}}`
 * (accountId optional). Each is checked as the `STRIPE_*` variables are (server/payments/config.ts); a problem
 * names the seller and the setting, never a value. Sellers not listed use the process's gateway (the `STRIPE_*`
 * keys, the sandbox with the demo, or none).
 *
 * `SellerGateways` is the gateway port over them: a charge goes to its seller's gateway; `find` and `refund`
 * (by idempotency key, `cart:{id}:attempt:{n}`) to the gateway of the key's cart's seller.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { paymentUnavailable } from '../http/errors';
import * as t from '../schema';
import { sellerEntries } from '../seller-settings';
import { attemptOf } from './completion';
import { stripeFromEnv } from './config';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway';
import type { StripeGateway, StripeSettings } from './stripe';

export type StripeSellersEnv =
  | { ok: true; sellers: Map<string, StripeSettings> }
  | { ok: false; problem: string };

/** The sellers' Stripe settings by slug (empty without `STRIPE_SELLERS`), or the problem. */
export function stripeSellersFromEnv(env: NodeJS.ProcessEnv, production: boolean): StripeSellersEnv {
  const sellers = new Map<string, StripeSettings>();
  const read = sellerEntries(env.STRIPE_SELLERS, 'STRIPE_SELLERS');
  if (!read.ok) return read;
  for (const [slug, v] of read.entries) {
    const text = (x: unknown) => (typeof x === 'string' ? x : undefined);
    const one = stripeFromEnv(
      {
        STRIPE_SECRET_KEY: text(v.secretKey),
        STRIPE_PUBLISHABLE_KEY: text(v.publishableKey),
        STRIPE_WEBHOOK_SECRET: text(v.webhookSecret),
        STRIPE_ACCOUNT_ID: text(v.accountId),
        STRIPE_API_BASE: env.STRIPE_API_BASE,
      },
      production,
    );
    if (!one.ok) return { ok: false, problem: `STRIPE_SELLERS[${slug}]: ${one.problem}` };
    if (!one.settings)
      return { ok: false, problem: `STRIPE_SELLERS[${slug}]: secretKey, publishableKey and webhookSecret` };
    sellers.set(slug, one.settings);
  }
  return { ok: true, sellers };
}

export class SellerGateways implements PaymentGateway {
  private readonly byId = new Map<string, PaymentGateway | null>();

  constructor(
    private readonly db: Db,
    /** The sellers' own gateways, by slug. */
    readonly bySlug: ReadonlyMap<string, StripeGateway>,
    /** Every other seller's (the process's gateway), null: none. */
    readonly fallback: PaymentGateway | null,
  ) {}

  /** The gateway of a seller (by id), or null when it takes no card payments. */
  async forSeller(sellerId: string): Promise<PaymentGateway | null> {
    if (this.byId.has(sellerId)) return this.byId.get(sellerId) ?? null;
    const [seller] = await this.db
      .select({ slug: t.seller.slug })
      .from(t.seller)
      .where(eq(t.seller.id, sellerId));
    const gateway = (seller && this.bySlug.get(seller.slug)) ?? this.fallback;
    this.byId.set(sellerId, gateway);
    return gateway;
  }

  /** The Stripe settings the browser may know of a seller (by slug), or null. */
  publicSettingsOf(slug: string) {
    return this.bySlug.get(slug)?.publicSettings ?? null;
  }

  private async forKey(idempotencyKey: string) {
    const attempt = attemptOf(idempotencyKey);
    if (!attempt) return this.fallback;
    const [cart] = await this.db
      .select({ sellerId: t.cart.sellerId })
      .from(t.cart)
      .where(eq(t.cart.id, attempt.cartId));
    return cart ? this.forSeller(cart.sellerId) : this.fallback;
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const gateway = await this.forSeller(req.sellerId);
    if (!gateway) throw paymentUnavailable();
    return gateway.charge(req);
  }

  async find(idempotencyKey: string): Promise<ChargeResult | null> {
    return (await this.forKey(idempotencyKey))?.find(idempotencyKey) ?? null;
  }

  async refund(idempotencyKey: string): Promise<void> {
    await (await this.forKey(idempotencyKey))?.refund(idempotencyKey);
  }
}
