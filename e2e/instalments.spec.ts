/**
 * Scheduled payments at checkout (issue 22; spec 2 §2, §4 "Scheduled payments", §5, §8): one story on the seeded
 * study trip ($200.00 a place: $50.00 now, $75.00 a week later, $75.00 two weeks later). The panel's options and
 * the clamped custom amount; the deposit as a partial payment (the spec's success message, the card cleared, the
 * order's payments listed); the next instalment from the checkout of that cart (/checkout/{cartId}); the last one
 * overdue once its cart's schedule is aged by the test route (the server clock of the other workers untouched);
 * the last payment completing the order. The trip has 20 places: each run books one on its worker's seller.
 */
import type { Page } from '@playwright/test';
import { eventId, expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

async function payByCard(page: Page, amount: string) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  const pay = page.getByRole('button', { name: `Pay ${amount}` }).filter({ visible: true });
  const answer = page.waitForResponse((r) => /\/cart\/[^/]+\/pay/.test(r.url()));
  await pay.first().click();
  return new URL((await answer).url()).pathname.split('/').at(-2) as string;
}

/** The spec's day format (spec 2 §9 'ddd, MMM D, YYYY'), never ISO. */
const DAY = '[A-Z][a-z]{2}, [A-Z][a-z]{2} \\d{1,2}, \\d{4}';

test('a deposit, the next instalment from the order’s checkout, an overdue payment, the last payment', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/events/${eventId(seller, 'study-trip')}`);
  // The group's minimum, one place, is chosen already.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();

  // Spec 2 §4: due, outstanding, other; the default is due, and the pay button pays it.
  const panel = page.getByRole('region', { name: 'Payment plan' });
  const due = panel.getByRole('radio', { name: 'Amount due: $50.00' });
  await expect(due).toBeChecked();
  await expect(panel.getByRole('radio')).toHaveCount(3);
  const pay = page.getByRole('button', { name: /^Pay / }).filter({ visible: true }).first();
  await expect(pay).toHaveText('Pay $50.00');
  // The cart widget's partial total (spec 2 §2): what is due now.
  const widget = page.getByRole('complementary', { name: 'Your cart' });
  await expect(widget.locator('dt:has-text("Partial total") + dd')).toHaveText('$50.00');
  const scheduled = panel.getByRole('list', { name: 'Scheduled payments' }).getByRole('listitem');
  await expect(scheduled).toHaveText([
    new RegExp(`^Due ${DAY} \\$50\\.00 Upcoming$`),
    new RegExp(`^Due ${DAY} \\$75\\.00 Upcoming$`),
    new RegExp(`^Due ${DAY} \\$75\\.00 Upcoming$`),
  ]);
  // Spec 2 §5: a custom amount is clamped between the due amount and the outstanding balance, 2 decimals.
  await panel.getByRole('radio', { name: 'Other amount' }).check();
  const amount = panel.getByRole('textbox', { name: 'Amount to pay' });
  await amount.fill('250');
  await amount.blur();
  await expect(amount).toHaveValue('200.00');
  await expect(pay).toHaveText('Pay $200.00');
  await amount.fill('10.5');
  await amount.blur();
  await expect(amount).toHaveValue('50.00');
  await panel.getByRole('radio', { name: 'Outstanding balance: $200.00' }).check();
  await expect(pay).toHaveText('Pay $200.00');
  await due.check();
  await expect(pay).toHaveText('Pay $50.00');
  await expectNoA11yViolations(page, 'checkout: scheduled payments');

  // The deposit: a partial payment (spec 2 §4, §8). The order is booked, the page stays.
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Confirm email').fill('ada@example.com');
  const cartId = await payByCard(page, '$50.00');
  const notice = page.getByRole('status').filter({ hasText: 'You have successfully' });
  await expect(notice).toHaveText(
    new RegExp(
      `^You have successfully made a payment of \\$50\\.00\\. Your next payment of \\$75\\.00 is due on ${DAY}\\.$`,
    ),
  );
  await expect(notice).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expect(scheduled).toHaveCount(2);
  const completed = panel.getByRole('list', { name: 'Completed payments' }).getByRole('listitem');
  await expect(completed).toHaveText([new RegExp(`^${DAY} \\$50\\.00 Paid$`)]);
  await expect(pay).toHaveText('Pay $75.00');

  // The next instalment from the checkout of that cart (spec 2 §2 /checkout/{cartId}): no purchaser asked again.
  await page.goto(`${seller.base}/checkout/${cartId}`);
  await expect(panel.getByRole('radio', { name: 'Amount due: $75.00' })).toBeChecked();
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await payByCard(page, '$75.00');
  await expect(notice).toHaveText(
    new RegExp(
      `^You have successfully made a payment of \\$75\\.00\\. Your next payment of \\$75\\.00 is due on ${DAY}\\.$`,
    ),
  );
  await expect(completed).toHaveCount(2);

  // Two weeks and a day later for this cart: the last payment is overdue (spec 2 §4, §8).
  const aged = await page.request.post(`/__test/sellers/${seller.slug}/carts/${cartId}/schedule_back`, {
    data: { days: 15 },
  });
  expect(aged.ok()).toBe(true);
  await page.reload();
  await expect(panel.getByRole('alert')).toHaveText('You have overdue payments totalling $75.00.');
  // The due amount is the outstanding balance: only outstanding shows.
  await expect(panel.getByRole('radio')).toHaveCount(1);
  await expect(panel.getByRole('radio', { name: 'Outstanding balance: $75.00' })).toBeChecked();
  await expect(scheduled).toHaveText([new RegExp(`^Due ${DAY} \\$75\\.00 Overdue$`)]);
  await expect(scheduled).toHaveClass(/Overdue/);
  await expectNoA11yViolations(page, 'checkout: an overdue payment');

  // The last payment completes the order: the confirmation.
  await payByCard(page, '$75.00');
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
});
