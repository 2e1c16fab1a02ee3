import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, recordApiRequests, reserveOneTicket } from './helpers';
import { emailedLink } from './members';

/** The identity form and a sandbox card that succeeds. */
async function fillPayment(page: Page, email: string) {
  await page.getByLabel('First name').fill('Gia');
  await page.getByLabel('Last name').fill('Giver');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').fill(email);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

test('a guest buys two discount codes without a session, sees them on the confirmation, and one takes 50% off General Admission', async ({
  page,
  seller,
  browser,
}) => {
  const api = recordApiRequests(page);
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'Gift a Visit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift a Visit' })).toBeVisible();

  // Every group sells codes: no session is loaded and no date is asked for (spec 1 §4).
  const form = page.getByRole('form', { name: 'Book tickets' });
  await expect(form.getByRole('status', { name: 'Half-price visit code quantity' })).toHaveText('1');
  await expect(form.getByRole('heading', { name: 'Choose a date' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Add one Half-price visit code' }).click();
  await expect(form.getByRole('status', { name: 'Half-price visit code quantity' })).toHaveText('2');
  await expect(page.getByText('Total: $20.00').filter({ visible: true })).toBeVisible();
  await expectNoA11yViolations(page, 'discount-code product');
  expect(api.some((r) => /\/sessions$/.test(new URL(r.url()).pathname))).toBe(false);
  await page.getByRole('button', { name: 'Add to cart' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay / });
  await expect(pay).toHaveText('Pay $20.00');
  await fillPayment(page, 'gia.giver@example.com');
  await pay.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  const codes = page.getByRole('region', { name: 'Your discount codes' });
  const items = codes.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(/^Code 1: [A-HJKMNP-Z2-9]{12} \(50% off General Admission\)$/);
  await expect(codes.getByText('Enter a code at checkout to use it.')).toBeVisible();
  const values = await codes.locator('code').allTextContents();
  expect(new Set(values).size).toBe(2);
  await expectNoA11yViolations(page, 'confirmation with discount codes');

  // Worded as gift codes (spec 2 §2: wording by the group kind), the printable order lists them too.
  await expect(page.getByText('Your gift codes are ready to give.')).toBeVisible();
  await page.getByRole('link', { name: /^View and print gift codes/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your tickets' })).toBeVisible();
  const printed = page.getByRole('region', { name: 'Your discount codes' });
  await expect(printed.locator('code')).toHaveText(values);
  await expectNoA11yViolations(page, 'printable order with discount codes');

  // The order id alone (it is in the QR code) shows the order, not its codes: another browser opening the
  // printable order's plain address. The confirmation email's link brings the order's token, and shows them.
  const printPath = new URL(page.url()).pathname;
  const stranger = await browser.newPage();
  await stranger.goto(`${new URL(page.url()).origin}${printPath}`);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Your tickets' })).toBeVisible();
  await expect(stranger.getByText(/Order number/).first()).toBeVisible();
  await expect(stranger.getByRole('region', { name: 'Your discount codes' })).toHaveCount(0);
  for (const code of values) await expect(stranger.getByText(code)).toHaveCount(0);
  const emailed = await emailedLink(
    page.request,
    seller,
    'gia.giver@example.com',
    /\/ticket_order\/[0-9a-f-]{36}\?token=/,
  );
  await stranger.goto(`${new URL(page.url()).origin}${emailed}`);
  await expect(stranger.getByRole('region', { name: 'Your discount codes' }).locator('code')).toHaveText(
    values,
  );
  await stranger.close();

  // One of them at checkout of General Admission: half of the $25.00 Adult ticket off, the fee stays.
  await reserveOneTicket(page, seller, 'Adult');
  await expect(pay).toHaveText('Pay $26.50');
  const box = page.getByRole('region', { name: 'Promo code' });
  await box.getByRole('textbox', { name: 'Promo code' }).fill(values[0] ?? '');
  await box.getByRole('button', { name: 'Apply' }).click();
  await expect(box.getByRole('status')).toHaveText(`Promo code ${values[0]} applied.`);
  await expect(pay).toHaveText('Pay $14.00');
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.locator('.totals__discounts dd')).toHaveText('-$12.50');
  await expectNoA11yViolations(page, 'checkout with a bought code');
  await fillPayment(page, 'friend@example.com');
  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  // That order bought no codes.
  await expect(page.getByRole('region', { name: 'Your discount codes' })).toHaveCount(0);
});
