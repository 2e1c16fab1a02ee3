/**
 * The Stripe path end to end, offline (issue 19): the reference server in Stripe mode (`STRIPE_*` keys, its
 * API at tests/fakes/stripe-fake.ts through `STRIPE_API_BASE`), and in the browser tests/fakes/stripe-js.ts in
 * place of Stripe.js (served for `https://js.stripe.com/**`; what it asks of `https://api.stripe.com` is
 * answered from the fake). So the client's Stripe adapter (routes/payment/stripe.tsx), the server's gateway and
 * its webhook run as they would against Stripe.
 *
 * This file's worker starts its own fake and its own server (on a port the system picks) and seeds its own
 * seller there; the other specs keep the sandbox server of playwright.config.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { StripeFake } from '../tests/fakes/stripe-fake';
import { stripeJsScript } from '../tests/fakes/stripe-js';
import { test as base, expect, type Seller } from './fixtures';
import { expectNoA11yViolations, reserveOneTicket } from './helpers';

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_e2eFakeSecret0001',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2eFakePublishable0001',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2eFakeWebhookSecret0001',
};

interface StripeServer {
  url: string;
  fake: StripeFake;
}

async function startServer(apiBase: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...KEYS,
      STRIPE_API_BASE: apiBase,
      PORT: '0',
      DATA_DIR: 'memory://',
      NODE_ENV: 'test',
      LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server goes with this worker, however the worker ends.
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  child.once('exit', () => process.off('exit', stop));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on port (\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the Stripe-mode server exited (${code}):\n${output}`)));
  });
  if (!output.includes('payments: Stripe (test mode, local API)')) {
    child.kill('SIGTERM');
    throw new Error(`the server is not in Stripe mode:\n${output}`);
  }
  return { url: `http://127.0.0.1:${port}`, child };
}

const test = base.extend<{ standIn: undefined }, { stripe: StripeServer }>({
  stripe: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; none
    async ({}, use) => {
      const fake = new StripeFake(KEYS.STRIPE_WEBHOOK_SECRET);
      const api = await fake.start();
      const { url, child } = await startServer(`${api.protocol}://${api.host}:${api.port}`);
      try {
        await use({ url, fake });
      } finally {
        child.kill('SIGTERM');
        await fake.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  seller: [
    async ({ stripe }, use, workerInfo) => {
      const slug = `w${workerInfo.workerIndex}-stripe`;
      const res = await fetch(`${stripe.url}/__test/sellers`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ slug }),
      });
      if (!res.ok) throw new Error(`seeding the seller ${slug}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { sellerId: string; events: Record<string, string> };
      await use({ slug, base: `/${slug}`, id: body.sellerId, events: body.events });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ stripe }, use) => use(stripe.url),
  // Stripe.js is the stand-in, and Stripe's API for it is the fake.
  standIn: [
    async ({ page, stripe }, use) => {
      await serveStripeJs(page, stripe.fake);
      await use(undefined);
    },
    { auto: true },
  ],
});

async function serveStripeJs(page: Page, fake: StripeFake) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: stripeJsScript() }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const params = new URLSearchParams(request.method() === 'GET' ? url.search : (request.postData() ?? ''));
    const headers = { 'Access-Control-Allow-Origin': '*' };
    const answer = (status: number, body: unknown) =>
      route.fulfill({ status, headers, contentType: 'application/json', body: JSON.stringify(body) });
    const found = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)(\/authenticate)?$/.exec(url.pathname);
    const id = found?.[1] ?? '';
    const account = params.get('_stripe_account');
    const intent = fake.publicView(id, account);
    // Stripe.js reads an intent with the publishable key and the intent's client secret.
    if (
      !intent ||
      params.get('key') !== KEYS.STRIPE_PUBLISHABLE_KEY ||
      params.get('client_secret') !== intent.client_secret
    )
      return answer(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
    if (!found?.[2]) return answer(200, intent);
    if (params.get('outcome') === 'complete') {
      fake.authenticate(id, account);
      return answer(200, fake.publicView(id, account));
    }
    fake.failAuthentication(id, account);
    const failed = fake.publicView(id, account) as { last_payment_error: Record<string, unknown> };
    return answer(402, { error: { ...failed.last_payment_error, payment_intent: failed } });
  });
}

/** Stripe delivers a signed event of the fake to the server's webhook endpoint. */
async function deliverWebhook(stripe: StripeServer, type: string, intentId: string) {
  const event = stripe.fake.lastEvent(type, intentId);
  const res = await fetch(`${stripe.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripe.fake.sign(event.payload) },
    body: event.payload,
  });
  expect(res.status).toBe(200);
}

/** The intent of the last payment left processing (from the fake's event). */
function processingIntent(stripe: StripeServer): string {
  const processing = stripe.fake.events.findLast((e) => e.type === 'payment_intent.processing');
  const id = (JSON.parse(processing?.payload ?? '{}') as { data?: { object?: { id?: string } } }).data?.object
    ?.id;
  expect(id).toMatch(/^pi_/);
  return String(id);
}

async function fillIdentity(page: Page) {
  await page.getByLabel('First name').fill('Katherine');
  await page.getByLabel('Last name').fill('Johnson');
  await page.getByLabel('Email', { exact: true }).fill('katherine@example.com');
  await page.getByLabel('Confirm email').fill('katherine@example.com');
}

/** The card in the Payment Element (the stand-in's fields). */
async function fillCard(page: Page, number: string) {
  const card = page.getByRole('group', { name: 'Card' });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await card.getByLabel('Security code (CVC)').fill('123');
}

async function checkout(page: Page, seller: Seller, card: string) {
  await reserveOneTicket(page, seller, 'Adult');
  await fillIdentity(page);
  await fillCard(page, card);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

test.describe.configure({ mode: 'serial' });

test('Stripe mode: a Visa card pays through the Payment Element and the gateway to Done!', async ({
  page,
  seller,
  stripe,
}) => {
  const before = stripe.fake.calls('POST', /^\/v1\/payment_intents$/).length;
  await checkout(page, seller, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Order number \S+/ })).toBeVisible();
  // One intent, for the ticket and its fee in cents, tagged with the cart and the seller.
  const created = stripe.fake.calls('POST', /^\/v1\/payment_intents$/).slice(before);
  expect(created).toHaveLength(1);
  expect(created[0]?.params).toMatchObject({
    amount: '2650',
    currency: 'usd',
    metadata: { seller_id: seller.id },
  });
  const confirmed = stripe.fake.calls('POST', /\/confirm$/).at(-1);
  expect(confirmed?.params.payment_method).toBe('pm_card_visa');
});

test('Stripe mode: a declined card is not charged and the cart can still be paid', async ({
  page,
  seller,
}) => {
  await checkout(page, seller, '4000 0000 0000 0002');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Your card has not been charged.');
  await expect(alert).toContainText('Your card was declined.');
  await expect(alert).toContainText('Please edit your payment details and try again.');
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByText('1 × Adult')).toBeVisible();

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Order number / })).toHaveCount(1);
});

test('Stripe mode: 3-D Secure (402 intent_requires_action) is authenticated, then paid with the intent', async ({
  page,
  seller,
}) => {
  const pays: number[] = [];
  page.on('response', (response) => {
    if (/\/cart\/[^/]+\/pay$/.test(new URL(response.url()).pathname)) pays.push(response.status());
  });
  await checkout(page, seller, '4000 0025 0000 3155');
  const bank = page.getByRole('dialog', { name: 'Test payment authentication' });
  await expect(bank).toBeVisible();
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  expect(pays).toEqual([402, 200]);
});

test('Stripe mode: a payment still processing waits on the pending page until its webhook books it', async ({
  page,
  seller,
  stripe,
}) => {
  await checkout(page, seller, '4000 0000 0000 0077');
  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout/pending/[^/?]+$`));
  const cartId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'Your order is pending' })).toBeVisible();
  // The reference is the cart's number (spec 2 §2), not the id in the address.
  const read = await page.request.get(
    new URL(`/api/cart/${encodeURIComponent(cartId)}?seller_id=${seller.id}`, page.url()).href,
    { headers: { 'Tix-App': 'ecomm' } },
  );
  const cartNumber = (await read.json()).cart._data[0].cart_number as string;
  expect(cartNumber).toBeTruthy();
  expect(cartNumber).not.toBe(cartId);
  await expect(page.getByRole('definition')).toHaveText(cartNumber);
  await expect(page.getByText(cartId)).toHaveCount(0);

  const intentId = processingIntent(stripe);
  stripe.fake.settle(intentId, 'succeeded');
  await deliverWebhook(stripe, 'payment_intent.succeeded', intentId);

  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Order number / })).toHaveCount(1);
});

test('Stripe mode: a processing payment that then fails goes back to checkout with the card error, payable', async ({
  page,
  seller,
  stripe,
}) => {
  await checkout(page, seller, '4000 0000 0000 0077');
  await expect(page.getByRole('heading', { level: 1, name: 'Your order is pending' })).toBeVisible();
  const cartId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');

  const intentId = processingIntent(stripe);
  stripe.fake.settle(intentId, 'failed');
  await deliverWebhook(stripe, 'payment_intent.payment_failed', intentId);

  // The page stops waiting and goes back to checkout of the same cart, which says the card was not charged.
  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout/${cartId}$`));
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    'Your card has not been charged. Your payment could not be processed. Please edit your payment details and try again.',
  );
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByText('1 × Adult')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order is pending' })).toHaveCount(0);

  // What was given before is not asked again (issue 19): the form shows the cart's purchaser.
  await expect(page.getByLabel('First name')).toHaveValue('Katherine');
  await expect(page.getByLabel('Last name')).toHaveValue('Johnson');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('katherine@example.com');
  await expect(page.getByLabel('Confirm email')).toHaveValue('katherine@example.com');

  // Still payable: another card books it.
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Order number / })).toHaveCount(1);
});

/** The intent the last 3-D Secure payment left waiting for the customer (from the fake's event). */
function intentAwaitingAction(stripe: StripeServer) {
  const event = stripe.fake.events.findLast((e) => e.type === 'payment_intent.requires_action');
  const intent = (JSON.parse(event?.payload ?? '{}') as { data?: { object?: Record<string, unknown> } }).data
    ?.object as { id: string; client_secret: string; metadata: { cart_id: string } } | undefined;
  if (!intent) throw new Error('no intent awaits an action');
  return intent;
}

/** The URL a payment redirect returns to (spec 2 §2): the cart, the purchaser and the intent's client secret. */
const returnUrl = (seller: Seller, intent: ReturnType<typeof intentAwaitingAction>) =>
  `${seller.base}/checkout?${new URLSearchParams({
    cartId: intent.metadata.cart_id,
    purchaser: '',
    payment_intent_client_secret: intent.client_secret,
  })}`;

test('Stripe mode: back from a payment redirect, a succeeded intent pays the cart to Done!', async ({
  page,
  seller,
  stripe,
}) => {
  await checkout(page, seller, '4000 0025 0000 3155');
  await expect(page.getByRole('dialog', { name: 'Test payment authentication' })).toBeVisible();
  // The customer confirms on the bank's page, which sends the browser back to the storefront.
  const intent = intentAwaitingAction(stripe);
  stripe.fake.authenticate(intent.id);
  await page.goto(returnUrl(seller, intent));
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Order number / })).toHaveCount(1);
});

test('Stripe mode: back from a payment redirect that did not complete, the error names its status', async ({
  page,
  seller,
  stripe,
}) => {
  await checkout(page, seller, '4000 0025 0000 3155');
  await expect(page.getByRole('dialog', { name: 'Test payment authentication' })).toBeVisible();
  const intent = intentAwaitingAction(stripe);
  await page.goto(returnUrl(seller, intent));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Your card has not been charged.');
  await expect(alert).toContainText('requires_action');
  // The cart is still there to pay.
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByText('1 × Adult')).toBeVisible();
});

/** The wallet buttons (the stand-in's Express Checkout Element) and the wallet's sheet. */
async function payWithWallet(page: Page, seller: Seller, choice: string) {
  await reserveOneTicket(page, seller, 'Adult');
  await page
    .getByRole('group', { name: 'Express checkout' })
    .getByRole('button', { name: 'Pay with Apple Pay' })
    .click();
  const sheet = page.getByRole('dialog', { name: 'Test wallet: Apple Pay' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: choice, exact: true }).click();
}

test('Stripe mode: the Express Checkout wallet buttons are axe-clean, at desktop and phone size', async ({
  page,
  seller,
}) => {
  await reserveOneTicket(page, seller, 'Adult');
  const wallets = page.getByRole('group', { name: 'Express checkout' });
  await expect(wallets.getByRole('button', { name: 'Pay with Apple Pay' })).toBeVisible();
  await expectNoA11yViolations(page, 'checkout with the Express Checkout wallet buttons');
  await page.setViewportSize({ width: 320, height: 700 });
  await wallets.getByRole('button', { name: 'Pay with Apple Pay' }).scrollIntoViewIfNeeded();
  await expect(wallets.getByRole('button', { name: 'Pay with Apple Pay' })).toBeInViewport();
  await expectNoA11yViolations(page, 'checkout with the Express Checkout wallet buttons, phone size');
});

test('Stripe mode: Apple Pay through the Express Checkout Element pays to Done! with the wallet’s identity', async ({
  page,
  seller,
  stripe,
}) => {
  // Nothing typed: the wallet gives the name and the email.
  await payWithWallet(page, seller, 'Pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Order number / })).toHaveCount(1);
  const confirmed = stripe.fake.calls('POST', /\/confirm$/).at(-1);
  expect(confirmed?.params.payment_method).toBe('pm_card_visa');
});

test('Stripe mode: a wallet closed without paying says so, nothing is charged, the cart is still payable', async ({
  page,
  seller,
}) => {
  await payWithWallet(page, seller, 'Cancel');
  await expect(page.getByRole('alert')).toHaveText(
    'Your card has not been charged. The payment was cancelled in your wallet. Please edit your payment details and try again.',
  );
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByText('1 × Adult')).toBeVisible();
  await fillIdentity(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
});

test('Stripe mode: a wallet payment refused for its ZIP code says the zip code is the wallet address’s', async ({
  page,
  seller,
}) => {
  await payWithWallet(page, seller, 'Pay with a card whose ZIP check fails');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'Your card has not been charged. The zip code you supplied failed validation. Please edit your payment details and try again.',
  );
  await expect(alert).toContainText('The zip code checked is the one in the billing address of your wallet.');
});
