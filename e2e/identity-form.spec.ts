/**
 * The identity form as the seller configures it, with the address lookup (issue 23; spec 1 §4 "Address input",
 * §5; spec 2 §3): the demo's General Admission asks phone and the address fields. A lookup that fails says so and
 * leaves manual entry; then the visitor types, opens a building (a container) with the keyboard, picks a flat,
 * and the address, line 2, city, state (a select of US states) and ZIP fill; the purchaser is stored with them and
 * the order is paid. Desktop only: the form is one column at every size.
 */
import { expect, test } from './fixtures';
import { expectNoA11yViolations, reserveOneTicket } from './helpers';

test('the address lookup fills the identity form; a failed lookup leaves manual entry', async ({
  page,
  seller,
}) => {
  await reserveOneTicket(page, seller, 'Adult');
  const form = page.getByRole('group', { name: 'Your information' });
  await expect(form.getByLabel('Phone')).toBeVisible();

  // The lookup fails (the provider is down): the visitor is told and types the address.
  await page.route('**/api/address/find**', (route) => route.fulfill({ status: 503, body: '' }));
  await form.getByLabel('Country').selectOption('US');
  await form.getByRole('combobox', { name: 'Address' }).fill('1 Museum');
  await expect(
    page.getByText('We could not look up addresses just now. Please enter your address yourself.'),
  ).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Address' })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('1 Museum');
  await page.unroute('**/api/address/find**');

  // Back with the lookup working: type, open the building with the keyboard, pick a flat.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await form.getByLabel('Confirm email').fill('ada@example.com');
  await form.getByLabel('Phone').fill('+1 555 0100');
  await form.getByLabel('Country').selectOption('US');
  const address = form.getByRole('combobox', { name: 'Address' });
  await address.fill('1 Museum');
  const suggestions = page.getByRole('listbox', { name: 'Address suggestions' });
  await expect(suggestions.getByRole('option')).toHaveCount(2);
  await expect(address).toHaveAttribute('aria-expanded', 'true');
  await expectNoA11yViolations(page, 'checkout: address suggestions');
  await address.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await address.press('Enter');
  await expect(suggestions.getByRole('option')).toHaveCount(3);
  await suggestions.getByRole('option', { name: /Apt 2/ }).click();
  await expect(address).toHaveValue('1 Museum Way');
  await expect(form.getByLabel('Address line 2')).toHaveValue('Apt 2');
  await expect(form.getByLabel('City')).toHaveValue('Springfield');
  await expect(form.getByLabel('State')).toHaveValue('IL');
  await expect(form.getByLabel('ZIP or postal code')).toHaveValue('62701');
  await expectNoA11yViolations(page, 'checkout: address filled');

  // Pay: the purchaser is stored with the address.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  const stored = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/purchaser$/.test(new URL(r.url()).pathname),
  );
  await page.getByRole('button', { name: /^Pay / }).click();
  expect((await stored).postDataJSON()).toEqual({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: '+1 555 0100',
    country: 'US',
    address: '1 Museum Way',
    address_more: 'Apt 2',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
});
