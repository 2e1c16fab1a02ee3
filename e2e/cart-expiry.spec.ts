import { eventIdOf, sessionAt, sessionsOn, venueDay } from './date-first-helpers';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, reserveOneTicket } from './helpers';

test('the cart times out: the timer warns, the modal opens once, Start over clears the cart', async ({
  page,
  seller,
}) => {
  await page.clock.install();
  await reserveOneTicket(page, seller, 'Child');
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText('1 × Child')).toBeVisible();
  await expect(cart.getByText(/Your tickets are held for 14:\d\d/)).toBeVisible();

  // A 15-minute hold less the 5-second margin: after 11 minutes the 5-minute mark has been announced,
  // after 13 the 2-minute mark.
  const announcement = page.getByRole('status').filter({ hasText: 'Your cart expires in' });
  await page.clock.fastForward('11:00');
  await expect(cart.getByText(/Your tickets are held for 3:5\d/)).toBeVisible();
  await expect(announcement).toHaveText('Your cart expires in 5 minutes.');
  await page.clock.fastForward('02:00');
  await expect(announcement).toHaveText('Your cart expires in 2 minutes.');

  await page.clock.fastForward('02:00');
  const modal = page.getByRole('dialog', { name: 'Unfortunately your cart has timed out' });
  await expect(modal).toBeVisible();
  await expectNoA11yViolations(page, 'cart expired');
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Start over' }).click();
  await expect(modal).toBeHidden();
  // Start over goes home (the demo seller's membership presell home); the events show an empty cart.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse events' }).click();
  await expect(cart.getByText('Your cart is empty.')).toBeVisible();
});

test('after Start over on the event page, the next reserve makes a new cart instead of posting to the old one', async ({
  page,
  seller,
}) => {
  await page.clock.install();
  await reserveOneTicket(page, seller, 'Child');
  const oldCartId = await page.evaluate(
    () => Object.entries(localStorage).find(([key]) => key.endsWith(':cart'))?.[1],
  );
  expect(oldCartId).toBeTruthy();
  await page.goBack();
  const form = page.getByRole('form', { name: 'Book tickets' });
  await expect(form).toBeVisible();

  // The reserve flow of this page started while the old cart was current; now that cart times out here.
  await page.clock.fastForward('15:00');
  const modal = page.getByRole('dialog', { name: 'Unfortunately your cart has timed out' });
  await modal.getByRole('button', { name: 'Start over' }).click();
  await expect(modal).toBeHidden();

  const modifies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/modify$/.test(new URL(request.url()).pathname))
      modifies.push(new URL(request.url()).pathname);
  });
  await form.getByRole('list').getByRole('button', { disabled: false }).nth(1).click();
  await page.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  expect(modifies).toEqual(['/api/my/cart/modify']);
  expect(modifies.join()).not.toContain(String(oldCartId));
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByText('1 × Adult')).toBeVisible();
});

test('a short server hold: the cart times out for real, the modal opens once and the server gives the capacity back', async ({
  page,
  seller,
}) => {
  test.setTimeout(120_000);
  // This test's new cart gets a 40-second hold on the server (a non-production header), so the server's
  // own expiry is watched, not a clock in the browser; the seller's hold stays as it is for the other tests.
  await page.route(/\/api\/my\/cart\/modify(\?|$)/, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'tix-test-hold-seconds': '40' } }),
  );
  // The worker's own seller (e2e/fixtures.ts), on which no other test runs meanwhile: the used capacity read
  // here moves only with this test's own ticket.
  const id = await eventIdOf(page, seller, 'General Admission');
  const day = venueDay(5);
  const session = await sessionAt(page, id, day, '16:00');
  const used = async () => (await sessionsOn(page, id, day)).find((s) => s.id === session.id)?.used_capacity;
  const before = await used();
  const modified = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/my\/cart\/modify$/.test(new URL(r.url()).pathname),
  );
  await page.goto(`${seller.base}/events/${id}?session=${session.id}&Child=1`);
  await expect(page.getByRole('status', { name: 'Child quantity' })).toHaveText('1');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  const body = await (await modified).json();
  expect(body.cart._data[0].expires_in).toBe(40);
  const held = await used();
  expect(held).toBe((before ?? 0) + 1);

  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText('1 × Child')).toBeVisible();
  const modal = page.getByRole('dialog', { name: 'Unfortunately your cart has timed out' });
  await expect(modal).toBeVisible({ timeout: 60_000 });
  await expect(modal).toHaveCount(1);
  // The server's hold ends 5 s after the storefront's local expiry: the capacity comes back by itself.
  await expect.poll(used, { timeout: 30_000 }).toBe((held ?? 0) - 1);
  await modal.getByRole('button', { name: 'Start over' }).click();
  await expect(modal).toBeHidden();
  await page.getByRole('link', { name: 'Browse events' }).click();
  await expect(cart.getByText('Your cart is empty.')).toBeVisible();
  // Opened once: nothing brings it back.
  await expect(modal).toHaveCount(0);
});
