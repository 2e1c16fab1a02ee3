/**
 * Stripe's webhook: `POST /api/stripe/webhook` (outside the storefront API's guards: Stripe sends neither the
 * app header nor a seller id). The signature is checked over the raw body with the webhook secret (5 minutes'
 * tolerance on the server's clock); a bad or missing one answers 400 and says nothing more. Events are handled
 * once (their ids are stored after handling; handling is idempotent anyway, so a duplicate delivered meanwhile
 * changes nothing).
 *
 * `payment_intent.succeeded`, `payment_intent.payment_failed` and `payment_intent.amount_capturable_updated`
 * settle the attempts of that intent that wait
 * for Stripe: attempts that answered `processing`, and attempts cut off past their lease. The event's own
 * copy of the intent is not trusted for the outcome: the gateway asks Stripe (`find`), and `finish` books or
 * puts the cart back under the cart lock, exactly as the synchronous path and crash recovery do. An attempt
 * still in its request is left to that request.
 *
 * Refunds and disputes (`refund.created`, `charge.dispute.created|closed|funds_withdrawn`) are recorded as gateway
 * audits of the payment their intent paid (./audits.ts), each once.
 */
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { ErrorCode } from '../../domain/codes';
import { errorResponse } from '../http/api';
import type { AppCtx } from '../http/context';
import { ApiError, payloadTooLarge } from '../http/errors';
import { AUDIT_EVENTS, recordAudit } from './audits';
import { attemptOf, finish, PAY_LEASE_MS } from './completion';
import { stripeEvent, stripePayment } from './schema';
import type { StripeGateway } from './stripe';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
/** Stripe's events are a few KB; anything much larger is not one. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * `payment_intent.amount_capturable_updated`: an intent that authorised later (requires_capture) is captured
 * and booked by the same settle (the gateway captures it when asked about it).
 */
const HANDLED = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.amount_capturable_updated',
]);

/** A bad or missing signature, or an event of another account: one answer, no detail. */
const rejected = () =>
  new ApiError(400, ErrorCode.webhook_rejected, 'webhook', 'The webhook could not be verified.');

export function registerStripeWebhook(app: Hono, ctx: AppCtx, gateways: StripeGateway | StripeGateway[]) {
  const all = Array.isArray(gateways) ? gateways : [gateways];
  app.post(STRIPE_WEBHOOK_PATH, async (c) => {
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (declared > MAX_EVENT_BYTES) return errorResponse(payloadTooLarge(MAX_EVENT_BYTES));
    const raw = await c.req.arrayBuffer();
    if (raw.byteLength > MAX_EVENT_BYTES) return errorResponse(payloadTooLarge(MAX_EVENT_BYTES));
    const signature = c.req.header('stripe-signature');
    if (!signature || signature.length > 2000) return errorResponse(rejected());
    // One endpoint for every seller with keys: the event is the gateway's whose webhook secret signed it and
    // whose account it names; events of an account this server does not serve are refused.
    const payload = new TextDecoder().decode(raw);
    let event: ReturnType<StripeGateway['verifyEvent']> | null = null;
    let gateway: StripeGateway | null = null;
    for (const candidate of all) {
      try {
        const verified = candidate.verifyEvent(payload, signature);
        if ((verified.account ?? null) !== candidate.accountId) continue;
        event = verified;
        gateway = candidate;
        break;
      } catch {}
    }
    if (!event || !gateway) return errorResponse(rejected());
    const [seen] = await ctx.db.select().from(stripeEvent).where(eq(stripeEvent.id, event.id));
    if (!seen && HANDLED.has(event.type)) {
      const intent = (event.data.object as { id?: unknown }).id;
      if (typeof intent === 'string') await settleIntent(ctx, gateway, intent);
    }
    if (!seen && AUDIT_EVENTS[event.type]) await recordAudit(ctx.db, event, event.created * 1000);
    if (!seen)
      await ctx.db
        .insert(stripeEvent)
        .values({ id: event.id, type: event.type, receivedAt: new Date(ctx.now()) })
        .onConflictDoNothing();
    c.header('Cache-Control', 'no-store');
    return c.json({ received: true });
  });
}

/** Settles the attempts of one intent that wait for Stripe; returns how many carts it booked or released. */
export async function settleIntent(ctx: AppCtx, gateway: StripeGateway, intentId: string): Promise<number> {
  const rows = await ctx.db.select().from(stripePayment).where(eq(stripePayment.intentId, intentId));
  let settled = 0;
  for (const row of rows) {
    const attempt = attemptOf(row.idempotencyKey);
    if (!attempt || attempt.cartId !== row.cartId) continue;
    const result = await gateway.find(row.idempotencyKey);
    if (!result || result.status === 'processing' || result.status === 'requires_action') continue;
    // Processing: the request has answered, settle now. Otherwise only an attempt past its lease.
    const staleBefore = new Date(row.status === 'processing' ? ctx.now() : ctx.now() - PAY_LEASE_MS);
    try {
      if (await finish(ctx, row.cartId, attempt.attempt, row.amountCents, result, staleBefore)) settled++;
    } catch (err) {
      // A charge that no longer matches the cart was refunded and the cart put back: settled too.
      if (!(err instanceof ApiError)) throw err;
      settled++;
    }
  }
  return settled;
}
