/**
 * Gift cards at checkout (issue 22; spec 2 §2, §4 "Gift cards", §5, §8): the field in the payment section, its
 * refusals verbatim, a $10 card paying part and the card the rest, a $200 card paying everything (no card asked).
 * Each worker has its own seller with the seeded cards (server/seed/gift-cards.ts): the $10 card is spent by the
 * first test, the $200 card pays 26.50 per run of the second (each repeat runs on another worker's seller).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, reserveOneTicket } from './helpers';

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

async function balanceOf(page: Page, sellerId: string, number: string): Promise<number> {
  const res = await page.request.get(`/api/ledger/gift_card/${number}?seller_id=${sellerId}`, {
    headers: { 'Tix-App': 'ecomm' },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { ledger: { _data: { balance: string }[] } };
  return Number(body.ledger._data[0]?.balance);
}
