import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, recordApiRequests } from './helpers';

/** Checkout with a sandbox card that succeeds, to the confirmation. */
async function payAsAda(page: Page) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Confirm email').fill('ada@example.com');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
}

test('a visitor buys tickets for a single event: its one session, quantities, checkout @phone', async ({
  page,
  seller,
}) => {
  const api = recordApiRequests(page);
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'Evening Lecture: The Art of Restoration' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Evening Lecture: The Art of Restoration' }),
  ).toBeVisible();

  // No date or time to pick: the event's one session is shown, then its tickets.
  const form = page.getByRole('form', { name: 'Book tickets' });
  await expect(form.getByRole('heading', { name: 'Date' })).toBeVisible();
  await expect(form.getByText(/, 6:30 PM$/)).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Choose a date' })).toHaveCount(0);
  // On phones the submit button and total are in the mobile reserve footer, outside the form.
  const submit = page.getByRole('button', { name: 'Add to cart' });
  await expect(submit).toBeDisabled();
  await expectNoA11yViolations(page, 'single event');

  await form.getByRole('button', { name: 'Add one General' }).click();
  await form.getByRole('button', { name: 'Add one Student' }).click();
  await expect(form.getByRole('status', { name: 'General quantity' })).toHaveText('1');
  await expect(page.getByText('Total: $30.00').filter({ visible: true })).toBeVisible();
  await expect(submit).toBeEnabled();
  await form.getByRole('button', { name: 'Remove one Student' }).click();
  await expect(page.getByText('Total: $20.00').filter({ visible: true })).toBeVisible();
  await expectNoA11yViolations(page, 'single event: tickets chosen');
  await submit.click();

  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText('1 × General')).toBeVisible();
  await expectNoA11yViolations(page, 'checkout after a single event');
  await payAsAda(page);

  const fetches = api.filter((r) => r.resourceType() === 'fetch').map((r) => new URL(r.url()));
  expect(
    fetches.some(
      (u) => /\/events\/[^/]+\/sessions$/.test(u.pathname) && u.searchParams.get('_limit') === '1',
    ),
  ).toBe(true);
  expect(fetches.some((u) => /\/events\/[^/]+\/calendar$/.test(u.pathname))).toBe(false);
});

test('a visitor donates through the one-ticket picker to checkout @phone', async ({ page, seller }) => {
  const api = recordApiRequests(page);
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'Support the Museum' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support the Museum' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Book tickets' });
  const amounts = form.getByRole('group', { name: 'Donation' });
  await expect(amounts.getByRole('radio')).toHaveCount(5);
  // Exactly one ticket: no quantity steppers, nothing to take away.
  await expect(form.getByRole('button', { name: /^Remove one / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await expectNoA11yViolations(page, 'one-ticket picker');

  // With the keyboard: focus the first amount, then move the choice with the arrow keys.
  await amounts.getByRole('radio', { name: /Friend/ }).check();
  await page.keyboard.press('ArrowDown');
  await expect(amounts.getByRole('radio', { name: /Supporter/ })).toBeChecked();
  await amounts.getByRole('radio', { name: /Patron/ }).check();
  await expect(amounts.getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(page.getByText('Total: $50.00').filter({ visible: true })).toBeVisible();
  await expectNoA11yViolations(page, 'one-ticket picker: chosen');

  // A gift of your own amount (spec 1 §5 flexible price): its input shows once chosen, the rule and message
  // of the other reserve forms; the chosen amount is the total and the line's face_value.
  const amount = form.getByRole('textbox', { name: 'Amount for Gift of your choice' });
  await expect(amount).toHaveCount(0);
  await amounts.getByRole('radio', { name: /Gift of your choice/ }).check();
  await expect(amount).toHaveValue('5.00');
  await expect(amount).toHaveAccessibleDescription('Between $5.00 and $1,000.00');
  await amount.fill('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(amount).toBeFocused();
  await expect(form.getByText('Value entered is outside min/max.')).toBeVisible();
  await expectNoA11yViolations(page, 'one-ticket picker: own amount under the minimum');
  await amount.fill('75');
  await expect(page.getByText('Total: $75.00').filter({ visible: true })).toBeVisible();
  const reserved = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/cart\/.*modify|cart\/modify/.test(r.url()),
  );
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const body = (await reserved).postDataJSON() as { add?: { face_value?: string }[] };
  expect(body.add?.map((line) => line.face_value)).toEqual(['75.00']);

  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText('1 × Gift of your choice')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $75.00' })).toBeVisible();
  await expectNoA11yViolations(page, 'checkout after a donation');
  await payAsAda(page);

  const paths = api.filter((r) => r.resourceType() === 'fetch').map((r) => new URL(r.url()));
  expect(
    paths.some(
      (u) => /\/api\/ticket_group\/[^/]+$/.test(u.pathname) && u.searchParams.get('handler') === 'donation',
    ),
  ).toBe(true);
});
