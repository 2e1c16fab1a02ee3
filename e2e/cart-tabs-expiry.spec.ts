/**
 * Two tabs and the cart-expiry modal: a tab showing the modal follows a new cart made in another tab (the
 * modal closes, the new cart shows in both, nothing clears it).
 */
import { expect, test } from './fixtures';
import { expectNoA11yViolations, laterDay, reserveOneTicket } from './helpers';

test('a tab showing the expiry modal follows the new cart another tab makes, without clearing it', async ({
  context,
  seller,
}) => {
  test.setTimeout(120_000);
  const page = await context.newPage();
  const other = await context.newPage();
  // The other tab never loads the first cart (its load of it fails), so that cart times out only here.
  let otherReserved = false;
  await other.route(/\/api\/(my\/)?cart\/[^/?]+(\?|$)/, (route) =>
    route.request().method() === 'GET' && !otherReserved ? route.abort() : route.continue(),
  );
  await other.goto(`${seller.base}/events`);
  const otherCart = other.getByRole('complementary', { name: 'Your cart' });
  await expect(otherCart.getByText('Your cart is empty.')).toBeVisible();

  // This tab's cart gets a 40-second hold on the server (a non-production header, as in cart-expiry.spec).
  await page.route(/\/api\/my\/cart\/modify(\?|$)/, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'tix-test-hold-seconds': '40' } }),
  );
  await reserveOneTicket(page, seller, 'Child');
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText('1 × Child')).toBeVisible();
  const modal = page.getByRole('dialog', { name: 'Unfortunately your cart has timed out' });
  await expect(modal).toBeVisible({ timeout: 60_000 });
  await expect(otherCart.getByText('Your cart is empty.')).toBeVisible();

  // The other tab makes a new cart (without reloading: a reload would load the timed-out cart, find it
  // ended and end it in every tab): this tab's modal closes and it shows the new cart.
  otherReserved = true;
  await other.getByRole('link', { name: 'General Admission' }).click();
  await laterDay(other.getByRole('form', { name: 'Book tickets' })).click();
  await other.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  await other.getByRole('button', { name: 'Add one Adult' }).click();
  await other.getByRole('button', { name: 'Add to cart' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await expect(otherCart.getByText('1 × Adult')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(cart.getByText('1 × Adult')).toBeVisible();
  await expect(cart.getByText('1 × Child')).toHaveCount(0);
  await expectNoA11yViolations(page, 'the new cart after the expiry modal closed');

  // Nothing cleared the new cart: it stays in the other tab and in storage, also after a reload here.
  const stored = () =>
    other.evaluate(() => Object.entries(localStorage).find(([key]) => key.endsWith(':cart'))?.[1] ?? null);
  expect(await stored()).toContain('"cartId"');
  await page.reload();
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByText('1 × Adult')).toBeVisible();
  await expect(otherCart.getByText('1 × Adult')).toBeVisible();
  await expect(modal).toHaveCount(0);
});
