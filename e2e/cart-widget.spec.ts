/**
 * The cart widget (spec 2 §2): fixed and percent fees on separate lines on the seeded fee events, removing
 * an item through the confirm overlay (the cart updates, the server gives the capacity back), the mobile
 * cart footer and modal at phone size, axe on the widget and its modals.
 */
import type { Page, Response } from '@playwright/test';
import { sessionsOn, VENUE_TZ, venueDay } from './date-first-helpers';
import { expect, type Seller, test } from './fixtures';
import { expectApgDialog, expectNoA11yViolations, laterDay } from './helpers';

const isModify = (r: Response) =>
  r.request().method() === 'POST' && /\/modify$/.test(new URL(r.url()).pathname);

/**
 * Reserves `count` tickets of a type of a date-first event: the first time that can be chosen on a later day
 * (`laterDay`), or on the venue day `day` (preselected by `?date=`).
 */
async function reserve(page: Page, seller: Seller, event: string, typeName: string, count = 1, day?: string) {
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: event }).first().click();
  const form = page.getByRole('form', { name: 'Book tickets' });
  await expect(form).toBeVisible();
  if (day) await page.goto(`${new URL(page.url()).pathname}?date=${day}`);
  else await laterDay(form).click();
  await page.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  for (let i = 0; i < count; i++) await page.getByRole('button', { name: `Add one ${typeName}` }).click();
  const modified = page.waitForResponse(isModify);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const body = await (await modified).json();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  const ticket = body.ticket._data.find(
    (k: { event_template_id: string }) =>
      body.event_template._data.find((e: { name: string }) => e.name === event)?.id === k.event_template_id,
  );
  const session = body.event_session._data.find((s: { id: string }) => s.id === ticket.event_session_id);
  return {
    eventId: ticket.event_template_id as string,
    sessionId: session.id as string,
    start: session.start_datetime as string,
  };
}

async function usedCapacity(page: Page, held: { eventId: string; sessionId: string; start: string }) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_TZ }).format(new Date(held.start));
  const sessions = await sessionsOn(page, held.eventId, day);
  return sessions.find((s) => s.id === held.sessionId)?.used_capacity;
}

const line = (page: Page, label: string | RegExp) =>
  page.getByRole('complementary', { name: 'Your cart' }).locator('.totals > div').filter({ hasText: label });

test('fixed and percent fees on their own lines; an item removed through the confirm overlay gives its capacity back', async ({
  page,
  seller,
}) => {
  // A day no other test books the tour on (the phone tests take the first day, the upsell test tomorrow), so
  // the session's used capacity read below moves only with this test's own tickets.
  const tour = await reserve(page, seller, 'Guided Highlights Tour', 'Tour', 2, venueDay(6));
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText('2 × Tour')).toBeVisible();
  // 2 × $8.00 at a 5 % fee: $0.80 in percent fees, no fixed fee.
  await expect(line(page, 'Subtotal')).toContainText('$16.00');
  await expect(line(page, 'Percent fees')).toContainText('$0.80');
  await expect(line(page, 'Fixed fees')).toHaveCount(0);

  await reserve(page, seller, 'General Admission', 'Adult');
  await expect(cart.getByText('1 × Adult')).toBeVisible();
  await expect(line(page, 'Subtotal')).toContainText('$41.00');
  await expect(line(page, 'Fixed fees')).toContainText('$1.50');
  await expect(line(page, 'Percent fees')).toContainText('$0.80');
  await expect(line(page, /^Total/)).toContainText('$43.30');
  await expect(cart).toHaveCSS('min-height', '500px');
  await expectNoA11yViolations(page, 'cart widget with fee lines');

  const before = await usedCapacity(page, tour);
  expect(before).toBeGreaterThanOrEqual(2);
  const remove = cart.getByRole('button', { name: 'Remove Guided Highlights Tour' });
  await remove.click();
  // The confirm overlay is a dialog on the modal stack.
  const overlay = page.getByRole('alertdialog', { name: 'Remove these tickets?' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await expectNoA11yViolations(page, 'remove confirm overlay');
  await expectApgDialog(page, overlay, { opener: remove, closeable: true });
  // Cancel keeps the item.
  await overlay.getByRole('button', { name: 'Cancel' }).click();
  await expect(overlay).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(cart.getByText('2 × Tour')).toBeVisible();

  await remove.click();
  const removed = page.waitForResponse(isModify);
  await overlay.getByRole('button', { name: 'Confirm' }).click();
  expect((await removed).status()).toBe(200);
  await expect(cart.getByText('2 × Tour')).toHaveCount(0);
  await expect(line(page, 'Percent fees')).toHaveCount(0);
  await expect(line(page, /^Total/)).toContainText('$26.50');
  expect(await usedCapacity(page, tour)).toBe((before ?? 0) - 2);
});

test('@phone the mobile cart footer and modal; the modal closes when the last ticket goes', async ({
  page,
  seller,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone-size layout');
  await reserve(page, seller, 'Guided Highlights Tour', 'Tour');
  await page.goto(`${seller.base}/events`);
  const footer = page.getByTestId('mobile-cart-footer');
  await expect(footer).toBeVisible();
  const box = await footer.boundingBox();
  expect(box?.height).toBe(80);
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(page.viewportSize()?.height);
  await expect(footer.getByText('Total to pay:')).toBeVisible();
  await expect(footer.getByText('$8.40')).toBeVisible();
  await expectNoA11yViolations(page, 'listing with the mobile cart footer');

  await footer.getByRole('button', { name: /Your cart/ }).click();
  const modal = page.getByRole('dialog', { name: 'Your cart' });
  await expect(modal).toBeVisible();
  // Measured once the opening transition (a slight scale) has played.
  const height = async (selector: string) => (await modal.locator(selector).boundingBox())?.height;
  await expect.poll(() => height('.modal__header')).toBe(72);
  await expect.poll(() => height('.cart-modal__footer')).toBe(180);
  await expect(modal.getByText('1 × Tour')).toBeVisible();
  await expect(modal.getByText('Total to pay')).toBeVisible();
  await expect(modal.getByRole('link', { name: 'Checkout' })).toBeVisible();
  await expectApgDialog(page, modal, {
    opener: footer.getByRole('button', { name: /Your cart/ }),
    closeable: true,
  });
  await expectNoA11yViolations(page, 'mobile cart modal');

  // Close, open again, then remove the only item: the ticket count drops to 0 and the modal closes.
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
  await footer.getByRole('button', { name: /Your cart/ }).click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Remove Guided Highlights Tour' }).click();
  // The confirm overlay opens on top of the cart modal (the modal stack).
  const overlay = page.getByRole('alertdialog', { name: 'Remove these tickets?' });
  await expect(overlay).toBeVisible();
  await expectNoA11yViolations(page, 'remove confirm in the mobile cart modal');
  await overlay.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal).toBeHidden();
  await expect(footer).toBeHidden();
  await expect(
    page.getByRole('complementary', { name: 'Your cart' }).getByText('Your cart is empty.'),
  ).toBeVisible();
});

test('@phone on the event page the reserve footer opens the cart modal once the cart has tickets', async ({
  page,
  seller,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone-size layout');
  await reserve(page, seller, 'Guided Highlights Tour', 'Tour');
  await page.goBack();
  const footer = page.getByTestId('mobile-reserve-footer');
  await expect(footer).toBeVisible();
  await expect(page.getByTestId('mobile-cart-footer')).toHaveCount(0);
  await footer.getByRole('button', { name: /Your cart/ }).click();
  const modal = page.getByRole('dialog', { name: 'Your cart' });
  await expect(modal.getByText('1 × Tour')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});
