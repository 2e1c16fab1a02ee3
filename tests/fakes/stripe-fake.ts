/**
 * A local stand-in for the part of Stripe's REST API the server's Stripe gateway uses (test-only; written from
 * Stripe's API reference): PaymentIntents create / confirm / retrieve, Refunds, `Idempotency-Key` replays,
 * `Stripe-Account` (connected accounts: each account sees its own objects), Stripe's test payment methods, and
 * signed webhook events. The official `stripe` SDK talks to it through its `host`/`port`/`protocol` options.
 *
 * Payment methods: `pm_card_visa` (and any other `pm_card_…`) succeeds; `pm_card_chargeDeclined…` is declined
 * (HTTP 402 `card_error`, as Stripe answers); `pm_card_authenticationRequired` / `pm_card_threeDSecure2Required`
 * leave the intent `requires_action` (3-D Secure); `pm_fake_processing` (the fake's own name: Stripe drives
 * bank debits by account numbers) leaves it `processing` until `settle()`; `pm_fake_captureLater` (also the
 * fake's) leaves it `requires_capture` until `POST /v1/payment_intents/{id}/capture`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string | null;
  latest_charge: string | null;
  last_payment_error: Json | null;
  next_action: Json | null;
  created: number;
  livemode: false;
  /** Refunded so far (the fake keeps it on the intent; Stripe keeps it on the charge). */
  refunded: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | null;
  account: string | null;
  replayed: boolean;
}

export interface FakeEvent {
  id: string;
  type: string;
  account: string | null;
  payload: string;
}

const DECLINES: Record<string, { code: string; decline_code?: string; message: string }> = {
  pm_card_chargeDeclined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_visa_chargeDeclined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_chargeDeclinedExpiredCard: { code: 'expired_card', message: 'Your card has expired.' },
  // The fake's own name (Stripe declines a ZIP check failure only by the account's Radar rules).
  pm_fake_incorrectZip: {
    code: 'incorrect_zip',
    message: 'The zip code you supplied failed validation.',
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
};
const NEEDS_ACTION = new Set(['pm_card_authenticationRequired', 'pm_card_threeDSecure2Required']);
export const FAKE_PROCESSING_METHOD = 'pm_fake_processing';
/**
 * The fake's own name for a method that authorises and leaves the capture for later (`requires_capture`, as
 * Stripe leaves an intent of `capture_method: manual`, or Afterpay's).
 */
export const FAKE_CAPTURE_LATER_METHOD = 'pm_fake_captureLater';

/** Form-encoded bodies as Stripe's SDK writes them (`metadata[cart_id]=…`, `a[b][c]=…`) into nested objects. */
function parseForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let at: Json = out;
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1) at[part] = value;
      else {
        at[part] ??= {};
        at = at[part] as Json;
      }
    }
  }
  return out;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String((body.error as Json | undefined)?.message ?? status));
  }
}
const invalidRequest = (message: string, extra: Json = {}) =>
  new HttpError(400, { error: { type: 'invalid_request_error', message, ...extra } });
const missing = (id: string) =>
  new HttpError(404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such payment_intent: '${id}'`,
    },
  });

export class StripeFake {
  readonly requests: RecordedRequest[] = [];
  readonly events: FakeEvent[] = [];
  /** Intents by account (`''`: the platform account). */
  private readonly intents = new Map<string, Map<string, FakeIntent>>();
  /** Idempotent answers by account and key. */
  private readonly answers = new Map<string, { fingerprint: string; status: number; body: Json }>();
  private seq = 0;
  private server: Server | null = null;

  constructor(
    /** Signs webhook events (`whsec_…`). */
    readonly webhookSecret: string,
    /** Unix seconds of created objects and event signatures (tests inject their clock). */
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        res.statusCode = 500;
        res.end('{"error":{"type":"api_error","message":"fake failure"}}');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return { host: '127.0.0.1', port, protocol: 'http' };
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  intent(id: string, account: string | null = null): FakeIntent | undefined {
    return this.intents.get(account ?? '')?.get(id);
  }

  /** Requests of one method and path pattern (`/v1/payment_intents`, `/v1/refunds`…). */
  calls(method: string, path: RegExp) {
    return this.requests.filter((r) => r.method === method && path.test(r.path) && !r.replayed);
  }

  /** The customer completes 3-D Secure (what Stripe.js `handleNextAction` does): requires_action → succeeded. */
  authenticate(id: string, account: string | null = null) {
    const pi = this.mustIntent(id, account);
    if (pi.status !== 'requires_action') throw new Error(`intent ${id} is ${pi.status}`);
    this.succeed(pi, account);
  }

  /** The customer fails 3-D Secure: requires_action → requires_payment_method, as Stripe leaves it. */
  failAuthentication(id: string, account: string | null = null) {
    const pi = this.mustIntent(id, account);
    if (pi.status !== 'requires_action') throw new Error(`intent ${id} is ${pi.status}`);
    this.fail(pi, account, {
      code: 'payment_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
  }

  /** An intent as the API shows it (what Stripe.js retrieves with the client secret). */
  publicView(id: string, account: string | null = null): Json | undefined {
    const pi = this.intent(id, account);
    return pi ? this.view(pi) : undefined;
  }

  /**
   * A processing payment clears (succeeded), is authorised for a later capture (requires_capture) or fails
   * (requires_payment_method), with its webhook event.
   */
  settle(id: string, outcome: 'succeeded' | 'requires_capture' | 'failed', account: string | null = null) {
    const pi = this.mustIntent(id, account);
    if (pi.status !== 'processing') throw new Error(`intent ${id} is ${pi.status}`);
    if (outcome === 'succeeded') this.succeed(pi, account);
    else if (outcome === 'requires_capture') this.authorise(pi, account);
    else this.fail(pi, account, { code: 'payment_method_provider_decline', message: 'The payment failed.' });
  }

  private mustIntent(id: string, account: string | null) {
    const pi = this.intent(id, account);
    if (!pi) throw new Error(`no intent ${id}`);
    return pi;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const params = method === 'GET' ? parseForm(url.searchParams.toString()) : parseForm(raw);
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : null;
    };
    const key = header('idempotency-key');
    const account = header('stripe-account');
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      params,
      idempotencyKey: key,
      account,
      replayed: false,
    };
    this.requests.push(record);
    const send = (status: number, body: Json, replayed = false) => {
      res.statusCode = status;
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Request-Id', `req_fake_${++this.seq}`);
      if (key) res.setHeader('Idempotency-Key', key);
      if (replayed) res.setHeader('Idempotent-Replayed', 'true');
      res.end(JSON.stringify(body));
    };
    if (!/^Bearer sk_test_/.test(header('authorization') ?? ''))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });

    // Idempotency (POST only, as at Stripe): the same key with the same request replays the first answer; the
    // same key with another request is refused.
    const slot = `${account ?? ''}|${key}`;
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (method === 'POST' && key) {
      const prior = this.answers.get(slot);
      if (prior) {
        if (prior.fingerprint !== fingerprint)
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        record.replayed = true;
        return send(prior.status, prior.body, true);
      }
    }
    let status = 200;
    let body: Json;
    try {
      body = this.route(method, url.pathname, params, account);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      status = err.status;
      body = err.body;
    }
    if (method === 'POST' && key && status !== 401) this.answers.set(slot, { fingerprint, status, body });
    return send(status, body);
  }

  private route(method: string, path: string, params: Json, account: string | null): Json {
    const intents = this.intents.get(account ?? '') ?? new Map<string, FakeIntent>();
    this.intents.set(account ?? '', intents);
    if (method === 'POST' && path === '/v1/payment_intents') return this.create(intents, params, account);
    const m = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)(\/confirm|\/capture)?$/.exec(path);
    if (m?.[1]) {
      const pi = intents.get(m[1]);
      if (!pi) throw missing(m[1]);
      if (method === 'GET' && !m[2]) return this.view(pi);
      if (method === 'POST' && m[2] === '/confirm') return this.confirm(pi, params, account);
      if (method === 'POST' && m[2] === '/capture') return this.capture(pi, account);
    }
    if (method === 'POST' && path === '/v1/refunds') return this.refund(intents, params, account);
    throw invalidRequest(`Unrecognized request URL (${method}: ${path}).`);
  }

  private view(pi: FakeIntent): Json {
    const { refunded: _, ...wire } = pi;
    return wire;
  }

  private create(intents: Map<string, FakeIntent>, params: Json, account: string | null): Json {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50)
      throw invalidRequest('Amount must be at least 50 cents.', { param: 'amount' });
    const currency = String(params.currency ?? '');
    if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest('Invalid currency.', { param: 'currency' });
    const id = `pi_fake${++this.seq}${Math.random().toString(36).slice(2, 10)}`;
    const pi: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: params.payment_method ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 14)}`,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      payment_method: typeof params.payment_method === 'string' ? params.payment_method : null,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      created: this.nowSeconds(),
      livemode: false,
      refunded: 0,
    };
    intents.set(id, pi);
    return params.confirm === 'true' ? this.confirm(pi, {}, account) : this.view(pi);
  }

  private confirm(pi: FakeIntent, params: Json, account: string | null): Json {
    if (typeof params.payment_method === 'string') pi.payment_method = params.payment_method;
    if (!['requires_confirmation', 'requires_payment_method'].includes(pi.status))
      throw invalidRequest(`This PaymentIntent's status is ${pi.status}, so it cannot be confirmed.`, {
        code: 'payment_intent_unexpected_state',
        payment_intent: this.view(pi),
      });
    const method = pi.payment_method;
    if (!method) throw invalidRequest('You must provide a payment method.', { param: 'payment_method' });
    const decline = DECLINES[method];
    if (decline) {
      this.fail(pi, account, decline);
      throw new HttpError(402, {
        error: { type: 'card_error', ...decline, payment_intent: this.view(pi) },
      });
    }
    if (NEEDS_ACTION.has(method)) {
      pi.status = 'requires_action';
      pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
      this.emit('payment_intent.requires_action', pi, account);
    } else if (method === FAKE_CAPTURE_LATER_METHOD) this.authorise(pi, account);
    else if (method === FAKE_PROCESSING_METHOD) {
      pi.status = 'processing';
      this.emit('payment_intent.processing', pi, account);
    } else if (method.startsWith('pm_card_')) this.succeed(pi, account);
    else
      throw invalidRequest(`No such PaymentMethod: '${method}'`, {
        code: 'resource_missing',
        param: 'payment_method',
      });
    return this.view(pi);
  }

  /** Authorised: the amount is capturable until the capture (Stripe's `requires_capture`). */
  private authorise(pi: FakeIntent, account: string | null) {
    pi.status = 'requires_capture';
    pi.next_action = null;
    this.emit('payment_intent.amount_capturable_updated', pi, account);
  }

  /** `POST /v1/payment_intents/{id}/capture`: the whole authorised amount. */
  private capture(pi: FakeIntent, account: string | null): Json {
    if (pi.status !== 'requires_capture')
      throw invalidRequest(
        `This PaymentIntent could not be captured because it has a status of ${pi.status}.`,
        {
          code: 'payment_intent_unexpected_state',
          payment_intent: this.view(pi),
        },
      );
    this.succeed(pi, account);
    return this.view(pi);
  }

  private succeed(pi: FakeIntent, account: string | null) {
    pi.status = 'succeeded';
    pi.next_action = null;
    pi.amount_received = pi.amount;
    pi.latest_charge = `ch_fake${++this.seq}`;
    this.emit('payment_intent.succeeded', pi, account);
  }

  private fail(
    pi: FakeIntent,
    account: string | null,
    error: { code: string; decline_code?: string; message: string },
  ) {
    pi.status = 'requires_payment_method';
    pi.next_action = null;
    pi.last_payment_error = { type: 'card_error', ...error };
    this.emit('payment_intent.payment_failed', pi, account);
  }

  private refund(intents: Map<string, FakeIntent>, params: Json, account: string | null = null): Json {
    const id = String(params.payment_intent ?? '');
    const pi = intents.get(id);
    if (!pi) throw missing(id);
    if (pi.status !== 'succeeded')
      throw invalidRequest('This PaymentIntent does not have a successful charge to refund.', {
        code: 'charge_not_refundable',
      });
    const amount = params.amount === undefined ? pi.amount - pi.refunded : Number(params.amount);
    if (pi.refunded >= pi.amount)
      throw invalidRequest(`Charge ${pi.latest_charge} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    pi.refunded += amount;
    const refund = {
      id: `re_fake${++this.seq}`,
      object: 'refund',
      amount,
      currency: pi.currency,
      payment_intent: pi.id,
      charge: pi.latest_charge,
      status: 'succeeded',
      created: this.nowSeconds(),
    };
    this.emitObject('refund.created', refund, account);
    return refund;
  }

  /** A refund made in Stripe's Dashboard (not through the API): the intent's charge, its `refund.created` event. */
  refundInDashboard(id: string, amount: number, account: string | null = null): FakeEvent {
    const intents = this.intents.get(account ?? '') ?? new Map<string, FakeIntent>();
    this.refund(intents, { payment_intent: id, amount }, account);
    return this.events[this.events.length - 1] as FakeEvent;
  }

  /**
   * The cardholder disputes the intent's charge (`charge.dispute.created`), the bank takes the amount and Stripe's
   * fee (`charge.dispute.funds_withdrawn`, a balance transaction with the fee), the dispute closes
   * (`charge.dispute.closed`). Returns the event of the step.
   */
  dispute(
    id: string,
    step: 'created' | 'funds_withdrawn' | 'closed',
    feeCents = 1500,
    account: string | null = null,
  ): FakeEvent {
    const pi = this.mustIntent(id, account);
    const dispute = {
      id: `dp_${pi.id}`,
      object: 'dispute',
      amount: pi.amount,
      currency: pi.currency,
      charge: pi.latest_charge,
      payment_intent: pi.id,
      reason: 'fraudulent',
      status: step === 'closed' ? 'lost' : 'needs_response',
      balance_transactions:
        step === 'created' ? [] : [{ id: `txn_${pi.id}`, amount: -pi.amount - feeCents, fee: feeCents }],
      created: this.nowSeconds(),
    };
    this.emitObject(`charge.dispute.${step}`, dispute, account);
    return this.events[this.events.length - 1] as FakeEvent;
  }

  /** Records a webhook event, signed with the webhook secret as Stripe signs them. */
  private emit(type: string, pi: FakeIntent, account: string | null) {
    this.emitObject(type, this.view(pi), account);
  }

  private emitObject(type: string, object: Json, account: string | null) {
    const id = `evt_fake${++this.seq}`;
    const event = {
      id,
      object: 'event',
      type,
      api_version: null,
      created: this.nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      ...(account ? { account } : {}),
      data: { object },
    };
    this.events.push({ id, type, account, payload: JSON.stringify(event) });
  }

  /** The `Stripe-Signature` header of a payload, as Stripe computes it (at the fake's clock, or at `at`). */
  sign(payload: string, at = this.nowSeconds(), secret = this.webhookSecret): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: at });
  }

  /** The last event of a type about an intent. */
  lastEvent(type: string, intentId: string): FakeEvent {
    const found = this.events.findLast((e) => e.type === type && e.payload.includes(`"id":"${intentId}"`));
    if (!found) throw new Error(`no ${type} event for ${intentId}`);
    return found;
  }
}
