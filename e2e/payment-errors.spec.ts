import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { recordApiRequests, reserveOneTicket } from './helpers';

async function fillIdentity(page: Page) {
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
  await page.getByLabel('Confirm email').fill('grace@example.com');
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

test('a declined card is not charged, keeps what was typed and the cart, and a good card then pays once', async ({
  page,
  seller,
}) => {
  await reserveOneTicket(page, seller, 'Adult');
  await fillIdentity(page);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay / }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Your card has not been charged.');
  await expect(alert).toContainText('Please edit your payment details and try again.');
  // Spec 2 §5: a card error goes to the payment element, where the card is edited.
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByLabel('Card number')).toBeInViewport();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await expect(page.getByLabel('Confirm email')).toHaveValue('grace@example.com');
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByText('1 × Adult')).toBeVisible();

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Order number / })).toHaveCount(1);
});

test('mismatched emails are refused with the spec message and focus moves to the first problem', async ({
  page,
  seller,
}) => {
  await reserveOneTicket(page, seller, 'Adult');
  await fillIdentity(page);
  await page.getByLabel('Confirm email').fill('someone-else@example.com');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Email addresses must match.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'There were errors found in the information you submitted. Please address the errors and re-submit the form.',
  );
  await expect(page.getByLabel('Confirm email')).toBeFocused();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');

  // Refused again with the same problem: focus goes back to it again.
  await page.getByLabel('First name').focus();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByLabel('Confirm email')).toBeFocused();
});

test('a card that needs the customer to confirm (402) is confirmed and paid', async ({ page, seller }) => {
  await reserveOneTicket(page, seller, 'Adult');
  await fillIdentity(page);
  await fillCard(page, '4000 0025 0000 3155');
  const steps: { what: string; status: number; body: Record<string, unknown> | null; answer: unknown }[] = [];
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    const what = /\/pay$/.test(path)
      ? 'pay'
      : /\/payment_intents\/[^/]+\/confirm$/.test(path)
        ? 'confirm'
        : null;
    if (!what) return;
    steps.push({
      what,
      status: response.status(),
      body: response.request().postDataJSON() as Record<string, unknown> | null,
      answer: await response.json().catch(() => null),
    });
  });
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();

  // The confirmation step happened between a refused and an accepted payment, with the intent's id.
  expect(steps.map((s) => `${s.what} ${s.status}`)).toEqual(['pay 402', 'confirm 200', 'pay 200']);
  const refused = steps[0]?.answer as { _data: { _code: string; _extra: { payment_intent_id: string } }[] };
  expect(refused._data[0]?._code).toBe('intent_requires_action');
  const intentId = refused._data[0]?._extra.payment_intent_id;
  expect(intentId).toMatch(/^pi_/);
  expect(JSON.stringify(steps[0]?.body)).toContain('pm_card_authenticationRequired');
  expect(JSON.stringify(steps[2]?.body)).toContain(String(intentId));
});

test('when the card provider cannot load, its message shows alone and the pay button still answers', async ({
  page,
  seller,
}) => {
  // The seller pays through Stripe, and a privacy blocker stops Stripe.js.
  await page.route('https://js.stripe.com/**', (route) => route.abort('blockedbyclient'));
  await page.route(`**${seller.base}/checkout`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script id="tix-config" type="application\/json">)(.*?)(<\/script>)/,
      (_all, open: string, json: string, close: string) =>
        `${open}${JSON.stringify({ ...JSON.parse(json), paymentMode: 'stripe', stripePublishableKey: 'pk_test_blocked' })}${close}`,
    );
    await route.fulfill({ response, body: html });
  });
  const pays = recordApiRequests(page);
  await reserveOneTicket(page, seller, 'Adult');
  await page.reload();
  await fillIdentity(page);
  const pay = page.getByRole('button', { name: /^Pay / });
  await expect(pay).toBeEnabled();
  await pay.click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    'Credit card payment can not be processed because the card payment provider was unable to load. Try disabling any privacy blockers and ad blockers, and reloading the page.',
  );
  await expect(pay).toBeEnabled();
  expect(pays.filter((r) => r.url().includes('/pay'))).toHaveLength(0);
});

test('a venue without a payment gateway (409 payment_unavailable) says so at checkout', async ({
  page,
  seller,
}) => {
  // The e2e server runs the sandbox; this answer is the production server's without a gateway (issue 18).
  await page.route(/\/api\/(my\/)?cart\/[^/]+\/pay\b/, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        _data: [
          {
            _code: 'payment_unavailable',
            _context: 'payment',
            _description: 'This venue cannot take payments online at the moment.',
            _extra: null,
          },
        ],
      }),
    }),
  );
  await reserveOneTicket(page, seller, 'Adult');
  await fillIdentity(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('alert')).toHaveText('This venue cannot take payments online at the moment.');
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByText('1 × Adult')).toBeVisible();
});
