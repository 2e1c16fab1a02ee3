import { expect, test } from './fixtures';
import {
  expectApgDialog,
  expectNoA11yViolations,
  laterDay,
  recordApiRequests,
  removeFromCart,
  reserveOneTicket,
} from './helpers';

test('a new visitor buys two timed-entry tickets from the listing to Done! @phone', async ({
  page,
  seller,
  isMobile,
}) => {
  const apiRequests = recordApiRequests(page);

  await page.goto(`${seller.base}/events`);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'General Admission' })).toBeVisible();
  await expectNoA11yViolations(page, 'listing');

  await page.getByRole('link', { name: 'General Admission' }).click();
  await expect(page).toHaveURL(new RegExp(`${seller.base}/events/[^/]+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'General Admission' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
  await expectNoA11yViolations(page, 'event detail: dates');

  // A day that can be chosen (tomorrow or later: `laterDay`), then the first time that is not sold out.
  await laterDay(page.getByRole('form', { name: 'Book tickets' })).click();
  await expect(page.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('button').first()).toBeVisible();
  await expectNoA11yViolations(page, 'event detail: sessions');
  await page.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();

  await expect(page.getByRole('heading', { name: 'Choose tickets' })).toBeVisible();
  const addAdult = page.getByRole('button', { name: 'Add one Adult' });
  await addAdult.click();
  await addAdult.click();
  await expect(page.getByRole('status', { name: 'Adult quantity' })).toHaveText('2');
  // Two adults at $25.00 plus the $1.50 booking fee each.
  await expect(page.getByText('$53.00')).toBeVisible();
  await expectNoA11yViolations(page, 'event detail: tickets');
  await page.getByRole('button', { name: 'Add to cart' }).click();

  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText('2 × Adult')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your information' })).toBeVisible();
  await expectNoA11yViolations(page, 'checkout');

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Confirm email').fill('ada@example.com');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  // One 'Total to pay' and one pay button in sight: on a phone both are in the cart's mobile footer (spec 2 §2).
  await expect(page.getByText('Total to pay:').filter({ visible: true })).toHaveCount(1);
  const pay = page.getByRole('button', { name: /^Pay / });
  await expect(pay).toHaveCount(1);
  if (isMobile)
    await expect(page.getByTestId('mobile-cart-footer').getByRole('button', { name: /^Pay / })).toBeVisible();
  await pay.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout/complete\\?orderIds=[^&]+$`));
  await expect(page.getByRole('heading', { name: /^Order number \S+/ })).toBeVisible();
  // The seller's message with the purchaser's email, and the seller's links (seller meta, spec 2 §2).
  await expect(
    page.getByText('Thank you for your order! Your tickets are on their way to ada@example.com.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Plan your visit' })).toHaveAttribute(
    'href',
    `${seller.base}/events`,
  );
  const qr = page.getByRole('img', { name: /^QR code for order / });
  await expect(qr).toBeVisible();
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoA11yViolations(page, 'confirmation');
  // The order's calendar file: a plain link that opens a calendar with the visit in it.
  const calendar = page.getByRole('link', { name: /^Add to calendar/ });
  const ics = await page.request.get((await calendar.getAttribute('href')) ?? '');
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toMatch(/BEGIN:VEVENT[\s\S]*SUMMARY:General Admission/);

  // Every API call of the purchase (fetches, not <img> loads) carried the app header.
  const calls = apiRequests.filter((r) => r.resourceType() === 'fetch');
  expect(calls.length).toBeGreaterThan(5);
  for (const call of calls) {
    expect(call.headers()['tix-app'], `${call.method()} ${call.url()}`).toBe('ecomm');
  }
  expect(calls.some((r) => r.method() === 'POST' && /\/api\/my\/cart\/modify/.test(r.url()))).toBe(true);
  expect(calls.some((r) => r.method() === 'POST' && /\/api\/cart\/[^/]+\/pay/.test(r.url()))).toBe(true);
});

test('removing the last ticket at checkout leaves checkout: an empty cart goes home (spec 2 §4)', async ({
  page,
  seller,
}) => {
  await reserveOneTicket(page, seller, 'Adult');
  await removeFromCart(page, 'General Admission');
  // Not a "Total to pay: $0.00" page whose button fails: the visitor is sent home.
  await expect(page).not.toHaveURL(/\/checkout/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toHaveCount(0);
});

test('/checkout/{cartId} checks out the cart it names, in another browser; an unknown cart is the 404 screen', async ({
  page,
  seller,
  browser,
}) => {
  const reserved = page.waitForResponse((r) => /\/api\/my\/cart\/modify$/.test(new URL(r.url()).pathname));
  await reserveOneTicket(page, seller, 'Adult');
  const body = (await (await reserved).json()) as { cart: { _data: { id: string }[] } };
  const cartId = body.cart._data[0]?.id ?? '';
  expect(cartId).not.toBe('');

  // Another browser with no cart of its own: the link brings that cart to checkout (spec 2 §4).
  const other = await browser.newContext();
  try {
    const elsewhere = await other.newPage();
    await elsewhere.goto(`${seller.base}/checkout/${cartId}`);
    await expect(elsewhere.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
    await expect(
      elsewhere.getByRole('complementary', { name: 'Your cart' }).getByText('General Admission').first(),
    ).toBeVisible();
    await expect(elsewhere).toHaveURL(new RegExp(`/checkout/${cartId}$`));

    await elsewhere.goto(`${seller.base}/checkout/abc`);
    await expect(elsewhere.getByRole('heading', { level: 1, name: 'Oops!' })).toBeVisible();
    await expect(elsewhere.getByText('Requested address: /checkout/abc')).toBeVisible();
  } finally {
    await other.close();
  }
});

test('terms: the seller’s terms in a modal from the checkbox; the order waits until they are accepted', async ({
  page,
  seller,
}) => {
  // This seller's terms (configuration terms_and_conditions_dialog_content), as the config answer gives them.
  await page.route(/\/api\/config\?.*terms_and_conditions_dialog_content/, (route) =>
    route.fulfill({
      json: {
        config: {
          _count: 1,
          _data: [
            {
              id: 'config-terms',
              resource: 'seller',
              resource_id: seller.id,
              key: 'terms_and_conditions_dialog_content',
              value: '<p>Tickets are not refundable.</p><script>window.pwned = true</script>',
            },
          ],
        },
      },
    }),
  );
  await reserveOneTicket(page, seller, 'Adult');
  await page.getByLabel('First name').fill('Tess');
  await page.getByLabel('Last name').fill('Terms');
  await page.getByLabel('Email', { exact: true }).fill('tess@example.com');
  await page.getByLabel('Confirm email').fill('tess@example.com');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  const box = page.getByRole('checkbox', { name: 'I accept the terms and conditions' });
  await expect(box).not.toBeChecked();
  const pay = page.getByRole('button', { name: /^Pay / });
  await pay.click();
  // Refused: the box is the problem, and focus goes there.
  await expect(box).toBeFocused();
  await expect(box).toHaveAccessibleDescription('Please accept the terms and conditions.');

  await page.getByRole('button', { name: 'Read the terms and conditions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect(dialog.getByText('Tickets are not refundable.')).toBeVisible();
  expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
  await expectNoA11yViolations(page, 'checkout: terms dialog');
  await expectApgDialog(page, dialog, {
    opener: page.getByRole('button', { name: 'Read the terms and conditions' }),
    closeable: true,
  });
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(dialog).toBeHidden();
  await expect(box).not.toBeChecked();
  await page.getByRole('button', { name: 'Read the terms and conditions' }).click();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(box).toBeChecked();
  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
});
