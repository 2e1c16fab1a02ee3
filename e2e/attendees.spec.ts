import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

/**
 * Attendee details (spec 1 §2, §5; issue 25): the demo talk requires a name per ticket and asks an email
 * optionally. A submit without names focuses the first empty field with 'Input must not be empty'; with them
 * the reserve carries each name, and the cart lists them under the ticket line.
 */
test('a visitor names each attendee of the talk and sees the names in the cart @phone', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'Artist Talk: Printmaking Today' }).click();
  const form = page.getByRole('form', { name: 'Book tickets' });
  await form.getByRole('button', { name: 'Add one Adult' }).click();
  await form.getByRole('button', { name: 'Add one Adult' }).click();

  const attendees = form.getByRole('region', { name: 'Attendees' });
  await expect(attendees.getByRole('group', { name: 'Adult 1 Full Name' })).toBeVisible();
  await expect(attendees.getByRole('group', { name: 'Adult 2 Full Name' })).toBeVisible();
  await expectNoA11yViolations(page, 'attendee fields');

  const submit = page.getByRole('button', { name: 'Add to cart' });
  await attendees.getByRole('textbox', { name: 'Adult 1 Full Name First name' }).fill('Ada');
  await attendees.getByRole('textbox', { name: 'Adult 1 Full Name Last name' }).fill('Lovelace');
  await submit.click();
  const emptyFirst = attendees.getByRole('textbox', { name: 'Adult 2 Full Name First name' });
  await expect(emptyFirst).toBeFocused();
  await expect(emptyFirst).toHaveAccessibleDescription('Input must not be empty');
  await expectNoA11yViolations(page, 'attendee fields with errors');

  await emptyFirst.fill('Alan');
  await attendees.getByRole('textbox', { name: 'Adult 2 Full Name Last name' }).fill('Turing');
  await attendees.getByRole('textbox', { name: 'Adult 2 Email' }).fill('alan@example.com');
  await submit.click();

  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout$`));
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  const line = cart.getByRole('listitem').filter({ hasText: '2 × Adult' });
  await expect(line.getByText('Ada Lovelace')).toBeVisible();
  await expect(line.getByText('Alan Turing')).toBeVisible();
});
