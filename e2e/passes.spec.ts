/**
 * Passes (issue 25): the link-only event "Museum Passes" opens by its URL in the one-ticket picker, each pass
 * shows its validity, one goes into the cart with its validity on the cart line, and checkout ends on Done!;
 * after the purchase the same days show on the confirmation, the printed order and the emailed manage page.
 */
import { eventId, expect, test } from './fixtures';
import { expectNoA11yViolations, fillGuestCheckout } from './helpers';
import { manageLink } from './manage-helpers';

/** The spec's day format (spec 2 §9 'ddd, MMM D, YYYY'), never ISO. */
const DAY = '[A-Z][a-z]{2}, [A-Z][a-z]{2} \\d{1,2}, \\d{4}';

test('a guest buys a 30-day pass by its link: its validity in the picker, the cart, and after the purchase', async ({
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
  // The confirmation names the pass with the days the picker promised.
  const number = ((await page.getByRole('heading', { name: /^Order number / }).textContent()) ?? '').replace(
    'Order number ',
    '',
  );
  await expect(page.getByRole('listitem').filter({ hasText: '1 × Explorer Pass' })).toContainText(text);
  await expectNoA11yViolations(page, 'pass order confirmation');

  // The printed order: the pass line with its days.
  await page.getByRole('link', { name: `View and print tickets Order number ${number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your tickets' })).toBeVisible();
  const printed = page.getByRole('region', { name: 'Museum Passes' });
  await expect(printed.getByRole('listitem').filter({ hasText: '1 × Explorer Pass' })).toContainText(text);

  // The manage page from the confirmation email: the pass with its days.
  await page.goto(await manageLink(page.request, seller, email));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'manage page with a pass');
});
