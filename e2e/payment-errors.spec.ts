import { expect, type Page, test } from '@playwright/test';
import { reserveOneTicket } from './helpers';

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
}) => {
  await reserveOneTicket(page, 'Adult');
  await fillIdentity(page);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay / }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Your card has not been charged.');
  await expect(alert).toContainText('Please edit your payment details and try again.');
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
}) => {
  await reserveOneTicket(page, 'Adult');
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

test('a card that needs the customer to confirm (402) is confirmed and paid', async ({ page }) => {
  await reserveOneTicket(page, 'Adult');
  await fillIdentity(page);
  await fillCard(page, '4000 0025 0000 3155');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
});
