import type { Page } from '@playwright/test';
import { eventId, expect, test } from './fixtures';
import { expectNoA11yViolations, laterDay, reserveOneTicket } from './helpers';

/** The identity form and a sandbox card that succeeds. */
async function fillPayment(page: Page) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Confirm email').fill('ada@example.com');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

test('WELCOME20 at checkout takes 20% off General Admission: total, pay button and cart widget @phone', async ({
  page,
  seller,
}) => {
  await reserveOneTicket(page, seller, 'Adult');
  // One Adult at $25.00 plus the $1.50 booking fee.
  const pay = page.getByRole('button', { name: /^Pay / });
  await expect(pay).toHaveText('Pay $26.50');
  const box = page.getByRole('region', { name: 'Promo code' });
  const field = box.getByRole('textbox', { name: 'Promo code' });
  const apply = box.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();
  await field.fill('W');
  await expect(apply).toBeDisabled();
  await expectNoA11yViolations(page, 'checkout: promo code box');

  // A wrong code: the spec's message, and what was typed stays.
  await field.fill('NOSUCHCODE');
  await apply.click();
  await expect(box.getByRole('alert')).toHaveText('"NOSUCHCODE" is not a valid promo code.');
  await expect(field).toHaveValue('NOSUCHCODE');
  await expectNoA11yViolations(page, 'checkout: promo code refused');

  // An exhausted code.
  await field.fill('SPRING10');
  await apply.click();
  await expect(box.getByRole('alert')).toHaveText('The code "SPRING10" has been used up.');
  await expect(field).toHaveValue('SPRING10');

  // WELCOME20 (typed with spaces around it): 20% of $25.00 off; the fee stays.
  await field.fill('  welcome20 ');
  await field.press('Enter');
  await expect(pay).toHaveText('Pay $21.50');
  await expect(field).toHaveValue('');
  await expect(box.getByRole('status')).toHaveText('Promo code welcome20 applied.');
  await expect(page.getByText('Total to pay:').filter({ visible: true }).locator('..')).toContainText(
    '$21.50',
  );
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText('Promo code: WELCOME20')).toBeVisible();
  await expect(cart.locator('.totals__discounts dd')).toHaveText('-$5.00');
  await expect(cart.locator('.totals__total dd')).toHaveText('$21.50');
  await expectNoA11yViolations(page, 'checkout: promo code applied');

  await fillPayment(page);
  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
});

// The phone's checkout (promo box, pay button and total in the mobile footer) is walked once, by the test above;
// the two below show the same layout and run at desktop size only.
test('promo codes from the query: ?promo= preloads a trimmed comma list with the reserve', async ({
  page,
  seller,
}) => {
  // Spec 1 §9 "Promo codes from a comma list (preloaded, else the first default), trimmed".
  const promo = encodeURIComponent(' WELCOME20 , SAVE5 ');
  await page.goto(`${seller.base}/events/${eventId(seller, 'general-admission')}?promo=${promo}`);
  await laterDay(page.getByRole('form', { name: 'Book tickets' })).click();
  await page.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  // $25.00 + $1.50 fee, less 20% of the Adult ticket ($5.00) and $5.00 off the order.
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  // Both codes, trimmed (the cart lists them in the server's order).
  await expect(cart.getByText(/^Promo code: (WELCOME20, SAVE5|SAVE5, WELCOME20)$/)).toBeVisible();
  await expect(cart.locator('.totals__discounts dd')).toHaveText('-$10.00');
  await expect(cart.locator('.totals__total dd')).toHaveText('$16.50');
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveText('Pay $16.50');
  await expectNoA11yViolations(page, 'checkout: promo codes from the query');
});

test('the Evening Lecture educator tickets need a code: the blocked-cart form clears with EDUCATOR, then pays', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'Evening Lecture: The Art of Restoration' }).click();
  const form = page.getByRole('form', { name: 'Book tickets' });
  await form.getByRole('button', { name: 'Add one Educator' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();

  const blocked = page.getByRole('region', { name: 'Code required' });
  await expect(
    blocked.getByText('Educator tickets need your educator code. Please enter it to continue.'),
  ).toBeVisible();
  await expect(blocked.getByText('A code is required to continue with your order.')).toBeVisible();
  const field = blocked.getByRole('textbox', { name: 'Code' });
  await expect(field).toHaveAttribute('required', '');
  await expectNoA11yViolations(page, 'checkout: blocked cart');

  // Pay stays blocked.
  await fillPayment(page);
  const pay = page.getByRole('button', { name: /^Pay / });
  await pay.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'A code is required to continue with your order.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();

  // A one-character code says why; a wrong one asks for another.
  await field.fill('E');
  await blocked.getByRole('button', { name: 'Apply' }).click();
  await expect(blocked.getByRole('alert')).toHaveText('A code has at least 2 characters.');
  await field.fill('NOTEDUCATOR');
  await blocked.getByRole('button', { name: 'Apply' }).click();
  await expect(blocked.getByRole('alert')).toHaveText(
    '"NOTEDUCATOR" is not a valid promo code. Please try another one.',
  );
  await expect(field).toHaveValue('NOTEDUCATOR');
  await expectNoA11yViolations(page, 'checkout: blocked cart, code refused');

  await field.fill('EDUCATOR');
  await blocked.getByRole('button', { name: 'Apply' }).click();
  await expect(blocked).toHaveCount(0);
  await expectNoA11yViolations(page, 'checkout: blocked cart cleared');
  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
});
