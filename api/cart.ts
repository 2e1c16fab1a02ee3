/** Cart: reserve, load, remove, discard, purchaser, payment and free checkout (spec 1 §7, spec 2 §7). */
import type { CodeSteps, PreparationRequest } from './cart-preparation';
import type { CallOptions } from './events';
import type { UrlSettings } from './join';
import { localeOf } from './locale-field';
import type { CardPaymentResult, CartModel, PurchaserInput, ReserveRequest } from './models';
import { fromCents } from './money';
import { cartJoins } from './on-demand';
import { memoryOrderTokens, type OrderTokens } from './order-tokens';
import type { ApiRequest } from './request';
import type { CartModifyBody, PaymentBody, PurchaserBody, ReservationLine } from './schemas';

/** Options of an apply_code call: the server's require_benefit and ignore_errors, and an abort signal. */
export interface ApplyCodeOptions extends CallOptions {
  requireBenefit?: boolean;
  ignoreErrors?: boolean;
}

/** Embeds of a cart load (spec 1 §7), plus cart_fees and ticket_order for totals and order ids. */
export const CART_EMBED = [
  'identity',
  'ticket',
  'ticket_type',
  'ticket_group',
  'event_session',
  'event_template',
  'venue',
  'config',
  'meta',
  'scheduled_payment',
  'seller',
  'cart_fees',
  'ticket_order',
];
export const CART_LIMIT = 1000;
export const CART_QUERY = { 'config.key._in': ['image', 'web.session_picker_tabs'] };

const enc = encodeURIComponent;

/**
 * The city-pass vouchers of a reserve in the order of its lines (`reservationLines`): the server pairs the i-th
 * voucher with the i-th line of a group that takes them.
 */
export function reservationVouchers(request: ReserveRequest): string[] {
  const byType = request.vouchers?.byType ?? {};
  const out: string[] = [];
  for (const [ticketTypeId, quantity] of Object.entries(request.quantities)) {
    const list = byType[ticketTypeId];
    if (!list) continue;
    const count = Number.isFinite(quantity) ? Math.floor(quantity) : 0;
    for (let i = 0; i < count; i++) out.push((list[i] ?? '').trim());
  }
  return out;
}

/**
 * One reservation line per ticket; only types with a quantity above 0; admit details when given; the i-th
 * ticket of a type carries the i-th seat given for that type.
 */
export function reservationLines(request: ReserveRequest): ReservationLine[] {
  const lines: ReservationLine[] = [];
  for (const [ticketTypeId, quantity] of Object.entries(request.quantities)) {
    const admits = request.admits?.[ticketTypeId] ?? [];
    const seats = request.seats?.[ticketTypeId];
    const count = Number.isFinite(quantity) ? Math.floor(quantity) : 0;
    for (let i = 0; i < count; i++) {
      const line: ReservationLine = { event_session_id: request.sessionId, ticket_type_id: ticketTypeId };
      const name = admits[i]?.name?.trim();
      const email = admits[i]?.email?.trim();
      if (name) line.admit_name = name;
      if (email) line.admit_email = email;
      // A seated ticket carries its seat as handler data (spec 1 §3: templateID and ticketGroupID).
      const seat = seats?.[i];
      if (seat) line.handler_data = seat;
      // A flexible price: the amount chosen for the type (spec 1 §5), charged within its bounds.
      const faceValue = request.faceValues?.[ticketTypeId];
      if (faceValue) line.face_value = faceValue;
      lines.push(line);
    }
  }
  return lines;
}

export function createCart(
  request: ApiRequest,
  urls: UrlSettings,
  now: () => number = Date.now,
  /** Whether a member is logged in now: members use the my/ endpoints (spec 3 §6). */
  isMember: () => boolean = () => false,
  /** Where the paid orders' read tokens of the answers are kept (./order-tokens). */
  orderTokens: OrderTokens = memoryOrderTokens(),
  /** The preparation request's code steps (no-ops until promo codes fill them). */
  codeSteps?: CodeSteps,
  /** The visitor's locale (issue 26), read when the cart pays: the order's emails are written in it. */
  locale: () => string | null = () => null,
) {
  /** The payment's `locale`, when the storefront has one (a seller naming locales). */
  const localeField = () => localeOf(locale);
  /** cart/{id} for a guest, my/cart/{id} for a logged-in member. */
  const cartPath = (cartId: string) => `${isMember() ? 'my/' : ''}cart/${enc(cartId)}`;
  const load = (path: string, signal: AbortSignal | undefined) =>
    request('GET', path, { query: CART_QUERY, embed: CART_EMBED, limit: CART_LIMIT, signal });
  /** The cart of an answer; the join code loads together with the call (on-demand.ts). */
  const toCart = async (answer: Promise<unknown>) => {
    const [raw, joins] = await Promise.all([answer, cartJoins()]);
    joins.keepOrderTokens(raw, orderTokens);
    return joins.toCart(raw, { now: now(), urls });
  };
  const toOrderIds = async (answer: Promise<unknown>) => {
    const [raw, joins] = await Promise.all([answer, cartJoins()]);
    joins.keepOrderTokens(raw, orderTokens);
    return joins.toOrderIds(raw);
  };

  /** POST a modification with the cart embeds so the answer is a whole cart; reload if it is not. */
  function modify(cartId: string | null, body: CartModifyBody, signal: AbortSignal | undefined) {
    return post(cartId === null ? 'my/cart/modify' : `my/cart/${enc(cartId)}/modify`, cartId, body, signal);
  }

  /** POST to a cart path with the cart embeds; the answer is the whole cart, else the cart is loaded. */
  async function post(path: string, cartId: string | null, body: unknown, signal: AbortSignal | undefined) {
    void cartJoins().catch(() => {});
    const raw = await request('POST', path, {
      query: CART_QUERY,
      embed: CART_EMBED,
      limit: CART_LIMIT,
      body,
      signal,
    });
    // An answer without the cart (a server that ignores embeds on POST) is followed by a load of the cart;
    // a new cart must come back in the answer, or toCart rejects with ApiError 'unexpected'.
    if (cartId === null || hasCart(raw)) return toCart(Promise.resolve(raw));
    return toCart(load(`my/cart/${enc(cartId)}`, signal));
  }

  /** A payment's answer: its order ids, and the fresh cart when something is still outstanding (partial). */
  async function paymentAnswer(raw: Promise<unknown>): Promise<PaymentAnswer> {
    const [orderIds, cart] = await Promise.all([
      toOrderIds(raw),
      raw.then((answer) => (hasCart(answer) ? toCart(Promise.resolve(answer)) : null)),
    ]);
    return cart && cart.totals.outstandingCents > 0 ? { orderIds, partial: cart } : { orderIds };
  }

  return {
    /**
     * POST my/cart/modify (new cart) or my/cart/{id}/modify: the preparation request (api/cart-preparation.ts)
     * with one `add` line per ticket, and this reserve's codes before it (the 'code required' prompt's).
     */
    async reserve(
      cartId: string | null,
      reserve: ReserveRequest,
      // This reserve's own codes (`codesBeforeReserve`, `defaultCodes`) go into the request as they are.
      options: CallOptions & Pick<PreparationRequest, 'codesBeforeReserve' | 'defaultCodes'> = {},
    ): Promise<CartModel> {
      // Loaded with the first reserve: no first load carries it.
      const { preparationBody, preparationSteps } = await import('./cart-preparation');
      const vouchers = reserve.vouchers
        ? { codes: reservationVouchers(reserve), visitDatetime: reserve.vouchers.visitDatetime }
        : undefined;
      const steps = preparationSteps(
        { ...options, cartId, add: reservationLines(reserve), ...(vouchers ? { vouchers } : {}) },
        codeSteps,
      );
      const body = preparationBody(steps);
      // Survey answers per ticket group go with the reserve (spec 1 §7), checked by the server.
      if (reserve.additionalInfo?.length) body.additionalInfo = reserve.additionalInfo;
      return modify(cartId, body, options.signal);
    },

    /** GET my/cart/{id}, uncached, limit 1000. */
    async get(cartId: string, { signal }: CallOptions = {}): Promise<CartModel> {
      return toCart(load(`my/cart/${enc(cartId)}`, signal));
    },

    /**
     * A donation's change (spec 2 §4 "Donations": remove ticket ids and add ticket items): POST
     * my/cart/{id}/modify { remove, add } in one modification, so the cart never holds two donations; `add`
     * null removes the donation only.
     */
    changeDonation(
      cartId: string,
      change: { remove: string[]; add: ReservationLine | null },
      { signal }: CallOptions = {},
    ): Promise<CartModel> {
      return modify(cartId, { remove: change.remove, ...(change.add ? { add: [change.add] } : {}) }, signal);
    },

    /** POST my/cart/{id}/modify { remove }. */
    remove(cartId: string, ticketIds: string[], { signal }: CallOptions = {}): Promise<CartModel> {
      return modify(cartId, { remove: ticketIds }, signal);
    },

    /** POST cart/{id}/extend (a member: my/cart/{id}/extend): 'more time' on the hold; answers the whole cart. */
    async extend(cartId: string, { signal }: CallOptions = {}): Promise<CartModel> {
      await request('POST', `${cartPath(cartId)}/extend`, { body: {}, signal });
      return toCart(load(`my/cart/${enc(cartId)}`, signal));
    },

    /** DELETE cart/{id} (a member: my/cart/{id}). */
    async discard(cartId: string, { signal }: CallOptions = {}): Promise<void> {
      await request('DELETE', cartPath(cartId), { signal });
    },

    /**
     * POST cart/{id}/purchaser { first_name, last_name, email, and the identity form's other fields given: phone,
     * address, address_more, city, state, country, zip_code } (trimmed; empty ones left out).
     */
    async setPurchaser(
      cartId: string,
      purchaser: PurchaserInput,
      { signal }: CallOptions = {},
    ): Promise<void> {
      const details = Object.fromEntries(
        Object.entries(purchaser.details ?? {}).flatMap(([key, value]) =>
          value?.trim() ? [[key, value.trim()]] : [],
        ),
      ) as Omit<PurchaserBody, 'first_name' | 'last_name' | 'email'>;
      const body: PurchaserBody = {
        first_name: purchaser.firstName.trim(),
        last_name: purchaser.lastName.trim(),
        email: purchaser.email.trim(),
        ...details,
      };
      await request('POST', `${cartPath(cartId)}/purchaser`, { body, signal });
    },

    /**
     * POST cart/{id}/pay with a card source, with the cart's query and embeds (spec 2 §7: "query and embed present
     * (partial payments)"). A 402 'intent_requires_action' rejects as that ApiError (its `extra` carries what the
     * payment adapter needs); the caller confirms and pays again with the intent id. An answer that leaves
     * something outstanding is a partial payment (a deposit or an instalment of a payment plan: the deposit books
     * the order, yet the order is not paid): it carries the fresh cart as `partial`, and the checkout stays.
     */
    async pay(
      cartId: string,
      payment: {
        amountCents: number;
        captcha?: CaptchaProof | null;
        sendEmail?: boolean;
      } & CardPaymentResult,
      { signal }: CallOptions = {},
    ): Promise<PaymentAnswer> {
      const body: PaymentBody = {
        amount: fromCents(payment.amountCents),
        gateway_id: 'stripe',
        gateway_data: { source: payment.source },
        ...(payment.captcha ? { captcha: payment.captcha } : {}),
        ...(payment.sendEmail === false ? { send_email: false } : {}),
        ...localeField(),
      };
      const raw = request('POST', `${cartPath(cartId)}/pay`, {
        query: CART_QUERY,
        embed: CART_EMBED,
        limit: CART_LIMIT,
        body,
        signal,
      });
      return paymentAnswer(raw);
    },

    /**
     * POST cart/{id}/pay with gateway `ledger` (spec 2 §3 payment payload, §4 submit order): one pending gift
     * card payment, with the cart's query and embeds as `pay`. An answer that leaves something outstanding is a
     * partial payment (another gift card or the card pays the rest, or it paid a payment plan's deposit: the order
     * is booked, not paid): it carries the fresh cart as `partial`. The payment that pays the rest completes the
     * order and answers its order ids. A refusal rejects as its ApiError.
     */
    async payWithLedger(
      cartId: string,
      payment: {
        ledgerType: string;
        cardNumber: string;
        amountCents: number;
        captcha?: CaptchaProof | null;
        /** false: the order's confirmation email is not sent (an injected staff-style checkout, spec 2 §4). */
        sendEmail?: boolean;
      },
      { signal }: CallOptions = {},
    ): Promise<PaymentAnswer> {
      // The body is built with the gift card calls (loaded on demand: no first load carries it).
      const { ledgerPaymentBody } = await import('./gift-card');
      const raw = request('POST', `${cartPath(cartId)}/pay`, {
        query: CART_QUERY,
        embed: CART_EMBED,
        limit: CART_LIMIT,
        body: {
          ...ledgerPaymentBody(payment),
          ...(payment.captcha ? { captcha: payment.captcha } : {}),
          ...(payment.sendEmail === false ? { send_email: false } : {}),
          ...localeField(),
        },
        signal,
      });
      return paymentAnswer(raw);
    },

    /**
     * POST cart/{id}/apply_code (a member: my/cart/{id}/apply_code) { codes, require_benefit, ignore_errors }
     * with the cart embeds: answers the fresh cart (its codes, mods and totals). A refused code rejects as its
     * ApiError (code_not_found, code_exhausted, no_code_benefit, duplicate_code, validation_failed …).
     */
    applyCode(cartId: string, codes: readonly string[], options: ApplyCodeOptions = {}): Promise<CartModel> {
      // The body is built where the reserve's code steps are (loaded on demand: no first load carries it).
      return import('./cart-preparation').then((m) =>
        post(`${cartPath(cartId)}/apply_code`, cartId, m.applyCodeBody(codes, options), options.signal),
      );
    },

    /** POST cart/{id}/guest_checkout for a free cart (a guest's with the captcha's token, issue 23). */
    async guestCheckout(
      cartId: string,
      {
        signal,
        captcha,
        sendEmail = true,
      }: CallOptions & { captcha?: CaptchaProof | null; sendEmail?: boolean } = {},
    ): Promise<{ orderIds: string[] }> {
      const raw = request('POST', `${cartPath(cartId)}/guest_checkout`, {
        body: {
          gateway_id: 'free',
          send_email: sendEmail,
          ...(captcha ? { captcha } : {}),
          ...localeField(),
        },
        embed: ['ticket_order', 'ticket'],
        signal,
      });
      return { orderIds: await toOrderIds(raw) };
    },
  };
}

/** The captcha's token a guest's last payment carries (spec 2 §3 payment payload `captcha`). */
export interface CaptchaProof {
  provider: string;
  token: string;
}

/** True when a response carries a cart collection with at least one cart. */
function hasCart(raw: unknown): boolean {
  if (!raw || typeof raw !== 'object') return false;
  const cart: unknown = (raw as Record<string, unknown>).cart;
  if (!cart || typeof cart !== 'object') return false;
  const data: unknown = (cart as Record<string, unknown>)._data;
  return Array.isArray(data) && data.length > 0;
}

export type CartApi = ReturnType<typeof createCart>;

/**
 * What a card payment answers: the orders it booked, and when it leaves something outstanding (a partial payment
 * of a payment plan, spec 2 §4) the fresh cart.
 */
export interface PaymentAnswer {
  orderIds: string[];
  partial?: CartModel;
}
