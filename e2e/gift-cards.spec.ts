/**
 * Gift cards at checkout (issue 22; spec 2 §2, §4 "Gift cards", §5, §8): the field in the payment section, its
 * refusals verbatim, a $10 card paying part and the card the rest, a $200 card paying everything (no card asked).
 * Each worker has its own seller with the seeded cards (server/seed/gift-cards.ts): the $10 card is spent by the
 * first test, the $200 card pays 26.50 per run of the second (each repeat runs on another worker's seller).
 * The third buys a card through the one-ticket picker (a ledger group), reads its number from the confirmation
 * email and pays a payment plan's deposit with it: the card pays at most the amount chosen.
 */
import type { Page } from '@playwright/test';
import { eventId, expect, test } from './fixtures';
import { expectNoA11yViolations, fillGuestCheckout, reserveOneTicket } from './helpers';
import { outbox } from './members';

const CARDS = {
  ten: '7000000000000010',
  twoHundred: '7000000000000200',
  empty: '7000000000000000',
  inactive: '7000000000009999',
  unknown: '7000000000001234',
};

async function fillIdentity(page: Page) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Confirm email').fill('ada@example.com');
}

function giftCardField(page: Page) {
  const region = page.getByRole('region', { name: 'Gift card' });
  return {
    region,
    field: region.getByRole('textbox', { name: 'Gift card' }),
    apply: region.getByRole('button', { name: 'Apply gift card' }),
    alert: region.getByRole('alert'),
    applied: region.getByRole('list', { name: 'Gift cards applied' }).getByRole('listitem'),
  };
}

test('a $10 gift card pays part and the card the rest; the refusals are the spec’s @phone', async ({
  page,
  seller,
}) => {
  await reserveOneTicket(page, seller, 'Adult');
  const pay = page.getByRole('button', { name: /^Pay / });
  await expect(pay).toHaveText('Pay $26.50');
  const gc = giftCardField(page);

  // Spec 2 §5: the number is required, at most 70 characters.
  await gc.apply.click();
  await expect(gc.alert).toHaveText('Please enter a gift card number.');
  await gc.field.fill('7'.repeat(71));
  await expect(gc.field).toHaveValue('7'.repeat(70));

  // Spec 2 §5, §8: unknown, $0 and inactive cards.
  await gc.field.fill(CARDS.unknown);
  await gc.apply.click();
  await expect(gc.alert).toHaveText('Gift card not found.');
  await gc.field.fill(CARDS.empty);
  await gc.field.press('Enter');
  await expect(gc.alert).toHaveText('Gift Card balance is $0');
  await gc.field.fill(CARDS.inactive);
  await gc.apply.click();
  await expect(gc.alert).toHaveText('Gift Card balance is $0');
  await expect(gc.applied).toHaveCount(0);
  await expectNoA11yViolations(page, 'checkout: gift card refused');

  // The $10 card: a pending gift card payment; the card pays what it leaves.
  await gc.field.fill(CARDS.ten);
  await gc.apply.click();
  await expect(gc.applied).toHaveText(['Gift card ending 0010: $10.00 (Balance left $0.00)']);
  await expect(gc.alert).toHaveCount(0);
  await expect(gc.field).toHaveValue('');
  await expect(pay).toHaveText('Pay $16.50');
  // The cart widget's lines (spec 2 §2): the gift card with its balance left, and the cart balance.
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.locator('.totals__giftCard dt')).toContainText('Gift card ending 0010');
  await expect(cart.locator('.totals__giftCard dt')).toContainText('Balance left: $0.00');
  await expect(cart.locator('.totals__giftCard dd')).toHaveText('-$10.00');
  await expect(cart.locator('.totals__cartBalance dd')).toHaveText('$16.50');

  // Applied already: the spec's text, no second payment.
  await gc.field.fill(CARDS.ten);
  await gc.apply.click();
  await expect(gc.alert).toHaveText('Oops! You already applied this gift card');
  await expect(gc.applied).toHaveCount(1);
  await expectNoA11yViolations(page, 'checkout: gift card applied');

  await fillIdentity(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();

  // The card was spent: its balance is $0 now.
  expect(await balanceOf(page, seller.id, CARDS.ten)).toBe(0);
});

test('a $200 gift card covers the whole order: no card is asked for and none is charged @phone', async ({
  page,
  seller,
}) => {
  await reserveOneTicket(page, seller, 'Adult');
  const before = await balanceOf(page, seller.id, CARDS.twoHundred);
  const gc = giftCardField(page);
  await gc.field.fill(CARDS.twoHundred);
  await gc.apply.click();
  await expect(gc.applied).toHaveText([
    `Gift card ending 0200: $26.50 (Balance left $${(before - 26.5).toFixed(2)})`,
  ]);
  // Nothing left for a card: no card fields, the button completes the order.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  const complete = page.getByRole('button', { name: 'Complete order' }).filter({ visible: true });
  await expect(complete.first()).toBeVisible();
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.locator('.totals__cartBalance dd')).toHaveText('$0.00');
  await expectNoA11yViolations(page, 'checkout: a gift card covers the total');

  await fillIdentity(page);
  await complete.first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  expect(await balanceOf(page, seller.id, CARDS.twoHundred)).toBeCloseTo(before - 26.5, 2);
});

/** The spec's day format (spec 2 §9 'ddd, MMM D, YYYY'), never ISO. */
const DAY = '[A-Z][a-z]{2}, [A-Z][a-z]{2} \\d{1,2}, \\d{4}';

test('a $100 gift card bought through the one-ticket picker pays a payment plan’s $50.00 deposit, no more', async ({
  page,
  seller,
}) => {
  // Buying a gift card (spec 1 one-ticket picker, ledger group): a card of the price, its number emailed.
  await page.goto(`${seller.base}/events/${eventId(seller, 'gift-cards')}`);
  const form = page.getByRole('form', { name: 'Book tickets' });
  await form.getByRole('radio', { name: /\$100 Gift Card/ }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  const email = `card-buyer-${Date.now()}@example.com`;
  await fillGuestCheckout(page, email);
  await page.getByRole('button', { name: 'Pay $100.00' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  let number = '';
  await expect
    .poll(
      async () => {
        const mail = (await outbox(page.request, seller)).find((m) => m.to === email);
        number = /Your gift cards\s+(\S+) \(balance 100\.00\)/.exec(mail?.body ?? '')?.[1] ?? '';
        return number;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  // Usable: GET ledger answers what was bought.
  expect(await balanceOf(page, seller.id, number)).toBe(100);

  // A payment plan: $200.00, $50.00 due now (the default choice).
  await page.goto(`${seller.base}/events/${eventId(seller, 'study-trip')}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const panel = page.getByRole('region', { name: 'Payment plan' });
  await expect(panel.getByRole('radio', { name: 'Amount due: $50.00' })).toBeChecked();
  const gc = giftCardField(page);
  await gc.field.fill(number);
  await gc.apply.click();
  // Spec 2 §4: the card pays the $50.00 chosen and keeps $50.00, in the field and in the cart widget.
  const ending = number.slice(-4);
  await expect(gc.applied).toHaveText([`Gift card ending ${ending}: $50.00 (Balance left $50.00)`]);
  const widget = page.getByRole('complementary', { name: 'Your cart' });
  await expect(widget.locator('.totals__giftCard dd')).toHaveText('-$50.00');
  await expect(widget.locator('.totals__giftCard dt')).toContainText('Balance left: $50.00');
  await expect(widget.locator('.totals__cartBalance dd')).toHaveText('$150.00');
  await expect(widget.locator('dt:has-text("Partial total") + dd')).toHaveText('$0.00');
  const complete = page.getByRole('button', { name: 'Complete order' }).filter({ visible: true });
  await expect(complete).toHaveCount(1);
  // The outstanding balance chosen: the whole card pays, the card the rest.
  await panel.getByRole('radio', { name: 'Outstanding balance: $200.00' }).check();
  await expect(gc.applied).toHaveText([`Gift card ending ${ending}: $100.00 (Balance left $0.00)`]);
  await expect(widget.locator('.totals__giftCard dd')).toHaveText('-$100.00');
  // On a phone the footer's pay button charges the same (spec 2 §2), then the due amount again.
  await page.setViewportSize({ width: 412, height: 839 });
  const footer = page.getByTestId('mobile-cart-footer');
  await expect(footer.getByRole('button', { name: 'Pay $100.00' })).toBeVisible();
  await panel.getByRole('radio', { name: 'Amount due: $50.00' }).check();
  await expect(footer.getByRole('button', { name: 'Complete order' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoA11yViolations(page, 'checkout: a gift card on a payment plan');

  // The card pays the whole deposit: a partial payment, the page stays (not the confirmation).
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').fill(email);
  await complete.click();
  await expect(page.getByRole('status').filter({ hasText: 'You have successfully' })).toHaveText(
    new RegExp(
      `^You have successfully made a payment of \\$50\\.00\\. Your next payment of \\$75\\.00 is due on ${DAY}\\.$`,
    ),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  // The deposit booked the order: the cart is no longer modifiable, so no gift card field (spec 2 §2).
  await expect(gc.region).toHaveCount(0);
  expect(await balanceOf(page, seller.id, number)).toBe(50);
});

async function balanceOf(page: Page, sellerId: string, number: string): Promise<number> {
  const res = await page.request.get(`/api/ledger/gift_card/${number}?seller_id=${sellerId}`, {
    headers: { 'Tix-App': 'ecomm' },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { ledger: { _data: { balance: string }[] } };
  return Number(body.ledger._data[0]?.balance);
}
