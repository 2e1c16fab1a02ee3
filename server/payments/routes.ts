/**
 * Thin handlers of payment: pay (limited per cart and per address, `members/rate.ts` LIMITS.payCart and
 * payAddress), free guest checkout, and the sandbox gateway's 3-D Secure stand-in.
 */
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { ErrorCode } from '../../domain/codes';
import { matchLocale } from '../../domain/locale';
import { captchaOf, issueSandboxToken, verifyCaptcha } from '../captcha/captcha';
import { documentResponse } from '../cart/routes';
import { loadCart, requirePending } from '../cart/state';
import { localesOf } from '../catalog/locales';
import { clientAddress } from '../http/client-address';
import { type AppCtx, type C, type Env, withRequestOrigin } from '../http/context';
import { coll } from '../http/docs';
import { ApiError, invalid, notFound } from '../http/errors';
import {
  anyBody,
  body,
  giftFreeCheckoutBody,
  guestCheckoutBody,
  isGiftFreeCheckout,
  paymentBody,
} from '../http/validate';
import { guardLedgerGuesses } from '../ledger/routes';
import { LIMITS, take } from '../members/rate';
import { requireMember } from '../members/session';
import { giftFreeCheckout } from '../memberships/gift-free-checkout';
import * as t from '../schema';
import { parseMoney } from '../util';
import { checkoutFree, type PayRequest, payCart } from './completion';
import type { SandboxGateway } from './gateway';

/**
 * The error code of a decline: the provider's when the storefront tells it apart (spec 2 §8: a wallet's postcode
 * error gets a note), else card_declined.
 */
const declineCode = (code: string | undefined) =>
  code === ErrorCode.incorrect_zip ? ErrorCode.incorrect_zip : ErrorCode.card_declined;

/**
 * Issue 23: a guest's payment carries the captcha token when the seller has a captcha (server/captcha/captcha.ts):
 * the card's payment and the free checkout always; a gift card's when it is the last payment, the one that books
 * the order (an order paid entirely by gift card included: spec 2 §5 "Captcha required for anonymous users when a
 * key is configured"); an earlier gift card payment may come without one, so an optional check answers `missing`
 * and the payment decides under the cart lock (completion.ts `payByLedger`). The payment again with the intent the
 * first one created (spec 2 §4, after the customer's confirmation) is the same payment and needs none. A member's
 * cart never needs one (spec 2 §6).
 */
async function checkCaptcha(
  ctx: AppCtx,
  c: C,
  cart: { id: string; identityId: string },
  captcha: { provider: string; token: string } | undefined,
  options: { optional?: boolean; source?: string | null } = {},
): Promise<'checked' | 'missing'> {
  const seller = c.get('seller');
  if (!ctx.captcha) return 'checked';
  // A guest's cart: the public identity's, or (once the purchaser is stored) a guest identity's.
  if (cart.identityId !== seller.publicIdentityId) {
    const [owner] = await ctx.db
      .select({ type: t.identity.type })
      .from(t.identity)
      .where(eq(t.identity.id, cart.identityId))
      .limit(1);
    if (owner?.type !== 'guest') return 'checked';
  }
  if (options.optional && !captcha)
    return (await captchaOf(ctx.db, seller.id, ctx.captcha)) ? 'missing' : 'checked';
  if (!captcha && options.source?.startsWith('pi_')) {
    const [intent] = await ctx.db
      .select({ id: t.paymentIntent.id })
      .from(t.paymentIntent)
      .where(and(eq(t.paymentIntent.id, options.source), eq(t.paymentIntent.cartId, cart.id)))
      .limit(1);
    if (intent) return 'checked';
  }
  const settings = await captchaOf(ctx.db, seller.id, ctx.captcha);
  await verifyCaptcha(ctx.db, settings, seller.id, captcha, ctx.captcha, ctx.now());
  return 'checked';
}

/**
 * Keeps the visitor's locale on the cart (issue 26): the order's emails are written in it. Only a locale the
 * seller offers is kept (matched as the storefront negotiates: `es-ES` keeps `es`); another tag keeps nothing,
 * and the emails use the seller's default. Malformed tags never get here (validate.ts answers 400).
 */
async function keepLocale(
  ctx: AppCtx,
  cart: { id: string; sellerId: string; locale: string | null },
  tag: string | undefined,
) {
  if (tag === undefined) return;
  const offered = await localesOf(ctx.db, cart.sellerId);
  const locale = offered ? matchLocale(tag, offered.offered) : null;
  if (locale !== cart.locale) await ctx.db.update(t.cart).set({ locale }).where(eq(t.cart.id, cart.id));
}

export function registerPayments(api: Hono<Env>, ctx: AppCtx, sandbox: SandboxGateway | null) {
  const payRoute = async (c: C) => {
    const cart = await loadCart(ctx, c);
    // A booked order may still take payments on its schedule: the locked check decides (completion.ts).
    if (cart.state !== 'completed') await requirePending(ctx, cart, true);
    const p = await body(c, paymentBody, 'payment');
    await keepLocale(ctx, cart, p.locale);
    const req: PayRequest = {
      amountCents: parseMoney(p.amount),
      gatewayId: p.gateway_id,
      source: p.gateway_data?.source ?? null,
      ledger:
        p.gateway_data?.ledger_type && p.gateway_data.ledger_number
          ? { type: p.gateway_data.ledger_type, number: p.gateway_data.ledger_number }
          : null,
      address: clientAddress(c, ctx.trustProxy ?? 0),
      ...(p.send_email === false ? { sendEmail: false } : {}),
    };
    const captcha = await checkCaptcha(ctx, c, cart, p.captcha, {
      optional: req.gatewayId === 'ledger',
      source: req.source,
    });
    if (captcha === 'missing') req.captchaMissing = true;
    const pay = () => payCart(withRequestOrigin(ctx, c), cart.id, req);
    // Unknown gift card numbers count against the address's guessing limit, as the lookup's (ledger/routes.ts).
    const out = req.gatewayId === 'ledger' ? await guardLedgerGuesses(ctx, c, pay) : await pay();
    if (out.kind === 'completed' || out.kind === 'partial') return documentResponse(ctx, c, out.cart);
    const r = out.result;
    if (r.status === 'declined')
      throw new ApiError(400, declineCode(r.code), 'payment', r.message, {
        type: 'card_error',
        message: r.message,
      });
    if (r.status === 'requires_action')
      throw new ApiError(
        402,
        ErrorCode.intent_requires_action,
        'payment',
        'The payment needs to be confirmed.',
        {
          payment_intent_id: r.intentId,
          client_secret: r.clientSecret,
        },
      );
    if (r.status === 'processing')
      throw new ApiError(
        402,
        ErrorCode.intent_processing,
        'payment',
        'The payment is being processed. The order is booked when it clears.',
        { payment_intent_id: r.intentId },
      );
    throw invalid('payment', r.status === 'invalid' ? r.message : 'The payment could not be made.');
  };
  api.post('/cart/:id/pay', payRoute);
  api.post('/my/cart/:id/pay', payRoute);

  const guestCheckoutRoute = async (c: C) => {
    const cart = await loadCart(ctx, c);
    await requirePending(ctx, cart, true);
    const p = await body(c, guestCheckoutBody, 'guest_checkout');
    await checkCaptcha(ctx, c, cart, p.captcha);
    await keepLocale(ctx, cart, p.locale);
    return documentResponse(
      ctx,
      c,
      await checkoutFree(withRequestOrigin(ctx, c), cart.id, p.send_email !== false),
    );
  };
  api.post('/cart/:id/guest_checkout', guestCheckoutRoute);
  // A member's gift with nothing to pay names the guest (giftee) and the giver (spec 2 §7); else as cart/….
  api.post('/my/cart/:id/guest_checkout', async (c) => {
    if (!isGiftFreeCheckout(await body(c, anyBody, 'guest_checkout'))) return guestCheckoutRoute(c);
    const member = await requireMember(ctx, c);
    const cart = await loadCart(ctx, c);
    await requirePending(ctx, cart, true);
    const p = await body(c, giftFreeCheckoutBody, 'guest_checkout');
    return documentResponse(ctx, c, await giftFreeCheckout(withRequestOrigin(ctx, c), cart, member, p));
  });

  // The sandbox captcha's challenge was answered: a token for one payment (outside production, or the demo).
  if (ctx.captcha?.sandbox)
    api.post('/sandbox/captcha', async (c) => {
      await take(
        ctx.db,
        LIMITS.sandboxCaptchaAddress,
        c.get('seller').id,
        clientAddress(c, ctx.trustProxy ?? 0),
        ctx.now(),
      );
      const token = await issueSandboxToken(ctx.db, c.get('seller').id, ctx.now());
      c.header('Cache-Control', 'no-store');
      return c.json({ captcha: coll([{ provider: 'sandbox', token }]) });
    });

  if (sandbox)
    api.post('/sandbox/payment_intents/:id/confirm', async (c) => {
      const id = c.req.param('id');
      if (!/^pi_[A-Za-z0-9_]{1,100}$/.test(id)) throw notFound('payment_intent');
      const [intent] = await ctx.db.select().from(t.paymentIntent).where(eq(t.paymentIntent.id, id));
      if (!intent) throw notFound('payment_intent');
      const [cart] = await ctx.db.select().from(t.cart).where(eq(t.cart.id, intent.cartId));
      if (!cart || cart.sellerId !== c.get('seller').id) throw notFound('payment_intent');
      const confirmed = await sandbox.confirmIntent(id);
      if (!confirmed) throw notFound('payment_intent');
      return c.json({ payment_intent: coll([{ id, status: confirmed.status }]) });
    });
}
