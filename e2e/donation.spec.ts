/**
 * A donation at checkout (issue 23; spec 2 §2 "Donation form if the cart is modifiable and not a gift", §4
 * "Donations"; spec 1 §5), on the worker's seller with the donation form turned on (`PUT
 * /__test/sellers/{slug}/donation`, off again at the end): a visitor adds a $25 donation to a ticket, the total
 * follows; an own amount below the minimum is refused and kept; $42.50 of their own replaces the $25 (one
 * donation in the cart); the ticket removed, the donation alone is paid, and the confirmation shows no QR block
 * (a donation admits no one).
 */
import { expect, test } from './fixtures';
import { expectNoA11yViolations, fillGuestCheckout, removeFromCart, reserveOneTicket } from './helpers';

test('a visitor adds a donation at checkout, changes it, and pays it: the total follows, no QR block', async ({
  page,
  request,
  seller,
}) => {
  const url = `/__test/sellers/${seller.slug}/donation`;
  expect((await request.put(url)).ok()).toBe(true);
  try {
    await reserveOneTicket(page, seller, 'Adult');
    const pay = page.getByRole('button', { name: /^Pay / });
    await expect(pay).toHaveText('Pay $26.50');
    const form = page.getByRole('group', { name: 'Add a donation' });
    const cart = page.getByRole('complementary', { name: 'Your cart' });

    // A preset amount: pressed, added, announced; the total follows.
    const supporter = form.getByRole('button', { name: '$25.00 Supporter' });
    await supporter.click();
    await expect(supporter).toHaveAttribute('aria-pressed', 'true');
    await form.getByRole('button', { name: 'Add donation' }).click();
    await expect(form.getByRole('status')).toHaveText('Thank you! Your donation of $25.00 is in your cart.');
    await expect(pay).toHaveText('Pay $51.50');
    await expect(cart).toContainText('Supporter');
    await expectNoA11yViolations(page, 'checkout: a donation added');

    // An own amount below the minimum: refused without a change, kept as typed.
    const own = form.getByRole('textbox', { name: 'Gift of your choice' });
    await own.fill('4');
    await form.getByRole('button', { name: 'Update donation' }).click();
    await expect(form.getByRole('alert')).toHaveText('Value entered is outside min/max.');
    await expect(own).toHaveValue('4');
    await expect(pay).toHaveText('Pay $51.50');

    // $42.50 of their own replaces the $25: one donation in the cart.
    await own.fill('42.50');
    await own.press('Enter');
    await expect(form.getByRole('status')).toHaveText('Thank you! Your donation of $42.50 is in your cart.');
    await expect(pay).toHaveText('Pay $69.00');
    await expect(cart).not.toContainText('Supporter');
    await expect(cart).toContainText('Gift of your choice');

    // The ticket removed: the donation alone is paid; a donation admits no one, so no QR block.
    await removeFromCart(page, 'General Admission');
    // The confirm closes (its 200 ms transition keeps the page behind it inert) before the visitor types on.
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(pay).toHaveText('Pay $42.50');
    await fillGuestCheckout(page, 'ada@example.com');
    await pay.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^QR code for order/ })).toHaveCount(0);
  } finally {
    await request.delete(url);
  }
});
