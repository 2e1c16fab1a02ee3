import { expect, test } from './fixtures';
import { reserveOneTicket } from './helpers';

async function pay(page: import('@playwright/test').Page) {
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

test('two tabs share one cart: a reserve in one shows in the other; paying in one ends it in the other', async ({
  context,
  seller,
}) => {
  const other = await context.newPage();
  await other.goto(`${seller.base}/events`);
  const otherCart = other.getByRole('complementary', { name: 'Your cart' });
  await expect(otherCart.getByText('Your cart is empty.')).toBeVisible();

  const page = await context.newPage();
  await reserveOneTicket(page, seller, 'Child');
  // Within a second of the reserve (the storage event and the channel, then one load of the cart).
  await expect(otherCart.getByText('1 × Child')).toBeVisible({ timeout: 1_000 });

  // A second reserve into the same cart reaches the other tab too.
  await reserveOneTicket(page, seller, 'Adult');
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByText('1 × Adult')).toBeVisible();
  await expect(otherCart.getByText('1 × Adult')).toBeVisible({ timeout: 1_000 });

  await pay(page);
  await expect(otherCart.getByText('Your cart is empty.')).toBeVisible({ timeout: 1_000 });
});

test('with local storage throwing, a visitor still reserves and pays to Done!', async ({ page, seller }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await reserveOneTicket(page, seller, 'Senior');
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByText('1 × Senior')).toBeVisible();
  await pay(page);
  await expect(page.getByRole('heading', { name: /^Order number \S+/ })).toBeVisible();
  expect(errors).toEqual([]);
});
