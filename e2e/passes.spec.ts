/**
 * Passes (issue 25): the link-only event "Museum Passes" opens by its URL in the one-ticket picker, each pass
 * shows its validity, one goes into the cart with its validity on the cart line, and checkout ends on Done!.
 */
import { eventId, expect, test } from './fixtures';
import { expectNoA11yViolations, fillGuestCheckout } from './helpers';

/** The spec's day format (spec 2 §9 'ddd, MMM D, YYYY'), never ISO. */
const DAY = '[A-Z][a-z]{2}, [A-Z][a-z]{2} \\d{1,2}, \\d{4}';

test('a guest buys a 30-day pass by its link: its validity in the picker, in the cart, then Done!', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/events/${eventId(seller, 'passes')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Museum Passes' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Book tickets' });
  // The season runs to 31 October; the explorer pass from today for 30 days.
  const season = form.getByRole('group', { name: 'Garden Season Pass' });
  await expect(
    season.getByText(new RegExp(`^Valid from ${DAY} to [A-Z][a-z]{2}, Oct 31, \\d{4}$`)),
  ).toBeVisible();
  const explorer = form.getByRole('group', { name: '30-Day Explorer Pass' });
  const validity = explorer.getByText(new RegExp(`^Valid from ${DAY} to ${DAY}$`));
  await expect(validity).toBeVisible();
  const text = (await validity.textContent()) ?? '';
  await explorer.getByRole('radio', { name: /Explorer Pass/ }).check();
  await expectNoA11yViolations(page, 'pass picker');
  await page.getByRole('button', { name: 'Add to cart' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  // The cart line carries the same days the picker promised (the ticket's valid_from and valid_to).
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText('1 × Explorer Pass')).toBeVisible();
  await expect(cart.getByText(text, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'checkout with a pass');
  const email = `pass-buyer-${Date.now()}@example.com`;
  await fillGuestCheckout(page, email);
  await page.getByRole('button', { name: 'Pay $45.00' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  await expectNoA11yViolations(page, 'pass order confirmation');
});
