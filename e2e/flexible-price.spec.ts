import { eventId, expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

/**
 * Flexible price (spec 1 §5 "Flexible price: number, step 0.01, between currency_amount_min and
 * currency_amount_max ... message 'Value entered is outside min/max.'"; issue 25): the demo seller's Community
 * Evening admits at the price the visitor chooses, $5.00 to $100.00. An amount under the minimum is refused
 * beside its field and kept as typed; a chosen amount is reserved as the line's face_value and shows in the
 * cart and at checkout.
 */
test('a visitor chooses what to pay, sees it in the cart and at checkout @phone', async ({
  page,
  seller,
}) => {
  const id = eventId(seller, 'community-evening');
  await page.goto(`${seller.base}/events/${id}`);
  const form = page.getByRole('form', { name: 'Book tickets' });
  const amount = form.getByRole('textbox', { name: 'Amount for Pay what you wish' });
  await expect(amount).toHaveValue('5.00');
  await expect(amount).toHaveAccessibleDescription('Between $5.00 and $100.00');
  await expectNoA11yViolations(page, 'flexible price');

  const submit = page.getByRole('button', { name: 'Add to cart' });
  await amount.fill('4.5');
  await submit.click();
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue('4.5');
  await expect(amount).toHaveAccessibleDescription(/Value entered is outside min\/max\./);
  await expect(form.getByText('Value entered is outside min/max.')).toBeVisible();
  await expectNoA11yViolations(page, 'flexible price under the minimum');

  await amount.fill('12.50');
  await expect(form.getByText('Value entered is outside min/max.')).toBeHidden();
  const reserved = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/cart\/.*modify|cart\/modify/.test(r.url()),
  );
  await submit.click();
  const body = (await reserved).postDataJSON() as { add?: { face_value?: string }[] };
  expect(body.add?.map((line) => line.face_value)).toEqual(['12.50']);
  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout$`));
  // The cart (the checkout's sidebar) lists the ticket at the chosen price; the pay button asks for it.
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(
    cart
      .getByRole('listitem')
      .filter({ hasText: /1 × Pay what you wish\s*\$12\.50/, hasNot: page.getByRole('list') }),
  ).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Pay $12.50' })).toBeVisible();
  await expectNoA11yViolations(page, 'checkout with the chosen price');
});
