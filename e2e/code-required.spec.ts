/**
 * Issue 21, client: codes in the reserve flows. A ticket group that needs a code (the Evening Lecture's Press
 * seats, unlocked by PRESS2026) asks for one in the 'code required' modal when the visitor adds it to the
 * cart; a wrong code keeps the modal with the spec's message and what was typed; the right one reserves.
 */
import type { Page } from '@playwright/test';
import { eventId, expect, test } from './fixtures';
import { expectApgDialog, expectNoA11yViolations } from './helpers';

const LECTURE = 'Evening Lecture: The Art of Restoration';

async function choosePressSeat(page: Page, base: string, id: string) {
  await page.goto(`${base}/events/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: LECTURE })).toBeVisible();
  const form = page.getByRole('form', { name: 'Book tickets' });
  await form.getByRole('button', { name: 'Add one Press' }).click();
  await expect(form.getByRole('status', { name: 'Press quantity' })).toHaveText('1');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  return form;
}

test('press seats ask for a code: a wrong code keeps the modal, PRESS2026 reserves the seat @phone', async ({
  page,
  seller,
}) => {
  await choosePressSeat(page, seller.base, eventId(seller, 'lecture-restoration'));
  const modal = page.getByRole('dialog', { name: 'Code required' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('A code is required to continue with your order.')).toBeVisible();
  const field = modal.getByRole('textbox', { name: 'Promo code' });
  await expect(field).toBeFocused();
  await expectNoA11yViolations(page, 'code required modal');
  await expectApgDialog(page, modal, {
    opener: page.getByRole('button', { name: 'Add to cart' }),
    closeable: true,
  });

  // A code that exists but unlocks nothing, then one the server does not know: the modal stays, with the code.
  await field.fill('SAVE5');
  await modal.getByRole('button', { name: 'Apply' }).click();
  await expect(modal.getByRole('alert')).toHaveText('"SAVE5" is not a valid promo code.');
  await expect(field).toHaveValue('SAVE5');
  await field.fill('NOPE2026');
  await modal.getByRole('button', { name: 'Apply' }).click();
  await expect(modal.getByRole('alert')).toHaveText('"NOPE2026" is not a valid promo code.');
  await expect(field).toHaveValue('NOPE2026');
  await expect(modal).toBeVisible();
  await expectNoA11yViolations(page, 'code required modal: a wrong code');

  await field.fill(' press2026 ');
  await modal.getByRole('button', { name: 'Apply' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout$`));
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText('1 × Press')).toBeVisible();
  await expectNoA11yViolations(page, 'checkout with a press seat');
});

test('cancel closes the code prompt and keeps the chosen tickets', async ({ page, seller }) => {
  const form = await choosePressSeat(page, seller.base, eventId(seller, 'lecture-restoration'));
  const modal = page.getByRole('dialog', { name: 'Code required' });
  await modal.getByRole('textbox', { name: 'Promo code' }).fill('PRESS');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await expect(form.getByRole('status', { name: 'Press quantity' })).toHaveText('1');
  await expect(page.getByText('A code is required to continue with your order.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expectNoA11yViolations(page, 'code prompt cancelled');
  // Escape dismisses it the same way.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(form.getByRole('status', { name: 'Press quantity' })).toHaveText('1');
});

test('promo banners: the General Admission page shows WELCOME20 and the seller banner, the listing the seller banner', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/events/${eventId(seller, 'general-admission')}`);
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers.getByText('Welcome: 20% off General Admission')).toBeVisible();
  await expect(offers.getByText('Use code WELCOME20 for 20% off General Admission.')).toBeVisible();
  await expect(offers.getByText('$5 off your order')).toBeVisible();
  await expectNoA11yViolations(page, 'event detail with promo banners');

  // Another event: the seller's banner only.
  await page.goto(`${seller.base}/events/${eventId(seller, 'lecture-restoration')}`);
  await expect(page.getByRole('region', { name: 'Offers' }).getByText('$5 off your order')).toBeVisible();
  await expect(page.getByText('Welcome: 20% off General Admission')).toHaveCount(0);

  await page.goto(`${seller.base}/events`);
  const listingOffers = page.getByRole('region', { name: 'Offers' });
  await expect(listingOffers.getByText('Use code SAVE5 for $5 off any order.')).toBeVisible();
  await expect(listingOffers.getByText('Welcome: 20% off General Admission')).toHaveCount(0);
  await expectNoA11yViolations(page, 'listing with the seller banner');
});
