/**
 * Issue 21, city passes (spec 1 §2 "city-pass voucher entry fields", §5, §8): the Evening Lecture's City Pass
 * group asks one voucher per ticket; a voucher of the wrong format shows the spec's message beside its field and
 * nothing is reserved; a voucher of the demo format (`CP-A` and six digits) reserves into the cart; a voucher
 * redeemed already shows the server's refusal beside the field. Vouchers are fresh per run (each worker has its
 * own seller, and a voucher is redeemed once per seller).
 */
import type { Page } from '@playwright/test';
import { eventId, expect, type Seller, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

const LECTURE = 'Evening Lecture: The Art of Restoration';
const FORMAT = 'Does not match the expected format. Please check your City Pass code.';
const freshVoucher = (kind: 'A' | 'C') =>
  `CP-${kind}${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;

async function chooseCityPassAdult(page: Page, seller: Seller) {
  await page.goto(`${seller.base}/events/${eventId(seller, 'lecture-restoration')}`);
  await expect(page.getByRole('heading', { level: 1, name: LECTURE })).toBeVisible();
  const form = page.getByRole('form', { name: 'Book tickets' });
  await form.getByRole('button', { name: 'Add one City Pass Adult' }).click();
  await expect(form.getByRole('status', { name: 'City Pass Adult quantity' })).toHaveText('1');
  const field = form.getByRole('textbox', { name: 'City Pass code for City Pass Adult 1' });
  await expect(field).toBeVisible();
  return { form, field };
}

test('a voucher of the wrong format shows the spec message beside its field; a right one reserves', async ({
  page,
  seller,
}) => {
  const { form, field } = await chooseCityPassAdult(page, seller);
  await expect(form.getByRole('heading', { name: 'City Pass vouchers' })).toBeVisible();
  await expectNoA11yViolations(page, 'city-pass voucher field');

  // A child voucher for an adult ticket is of the wrong format too.
  await field.fill(freshVoucher('C'));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(field).toHaveAccessibleDescription(FORMAT);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId(seller, 'lecture-restoration')}`));
  await expectNoA11yViolations(page, 'city-pass voucher of the wrong format');

  await field.fill(` ${freshVoucher('A')} `);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout$`));
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText('1 × City Pass Adult')).toBeVisible();
  await expectNoA11yViolations(page, 'checkout with a City Pass ticket');
});

test('a voucher redeemed already shows the refusal beside its field until it changes', async ({
  page,
  seller,
}) => {
  const voucher = freshVoucher('A');
  const first = await chooseCityPassAdult(page, seller);
  await first.field.fill(voucher);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout$`));

  const { form, field } = await chooseCityPassAdult(page, seller);
  await field.fill(voucher);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const refusal = `The City Pass code "${voucher}" has already been used.`;
  await expect(field).toHaveAccessibleDescription(refusal);
  await expect(form.getByText(refusal)).toBeVisible();
  // Beside the field only: not the form's notice.
  await expect(form.getByRole('alert').filter({ hasText: refusal })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/events/${eventId(seller, 'lecture-restoration')}`));
  await expectNoA11yViolations(page, 'city-pass voucher redeemed already');

  await field.fill(freshVoucher('A'));
  await expect(form.getByText(refusal)).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout$`));
  await expect(
    page.getByRole('complementary', { name: 'Your cart' }).getByText('2 × City Pass Adult'),
  ).toBeVisible();
});
