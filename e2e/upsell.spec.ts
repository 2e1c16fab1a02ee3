/**
 * The upsell chain as a visitor lives it (spec 1 §2, §4; spec 3 §2): a family day pass leads to the add-on
 * steps (tours, then workshops) within the visit's timeslot, each with a skip add-on button while no tickets
 * are selected, the last step goes to checkout; `?expresscheckout` skips the chain and sends the listing to
 * checkout while the cart has items; leaving the event routes clears the chain. Axe clean on every screen.
 */
import type { Page } from '@playwright/test';
import { expect, type Seller, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

/** Tomorrow in the museum's time zone, YYYY-MM-DD. */
function tomorrowInNewYork(): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const next = new Date(`${today}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const events = (page: Page) => page.getByRole('region', { name: 'Events', exact: true });
const cards = (page: Page) => events(page).getByRole('heading', { level: 2 });

/** Reserves one adult family day pass tomorrow (default 10:00: a visit from 10:00 to 12:00). */
async function reserveDayPass(page: Page, seller: Seller, time = '10:00 AM') {
  await page.goto(`${seller.base}/events`);
  const href = await page.getByRole('link', { name: 'Family Day Pass' }).first().getAttribute('href');
  await page.goto(`${href}?date=${tomorrowInNewYork()}`);
  await page.getByRole('tab', { name: time.endsWith('AM') ? /^Morning/ : /^Afternoon/ }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: time }).click();
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

test('from admission to an add-on to checkout, skipping the last step', async ({ page, seller }) => {
  await reserveDayPass(page, seller);
  // Step 1 of 2: tours within the visit window.
  await expect(page.getByText('Add to your visit (1 of 2)')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${seller.base}/events$`));
  await expect(cards(page)).toHaveText(['Guided Highlights Tour']);
  await expect(page.getByRole('button', { name: 'Skip add-on' })).toBeVisible();
  await expectNoA11yViolations(page, 'upsell step 1: listing');

  await page.getByRole('link', { name: 'Guided Highlights Tour' }).first().click();
  await expect(page).toHaveURL(new RegExp(`date=${tomorrowInNewYork()}`));
  await expect(page.getByText('Add to your visit (1 of 2)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip add-on' })).toBeVisible();
  // Only the times inside the visit (10:00 AM to 12:00 PM): the afternoon's tours are not offered.
  await expect(page.getByRole('tab', { name: /^Afternoon/ })).toBeDisabled();
  await expect(page.getByRole('tabpanel').getByRole('button')).toHaveText([
    '10:00 AM',
    '10:30 AM',
    '11:00 AM',
    '11:30 AM',
  ]);
  await page.getByRole('tabpanel').getByRole('button', { name: '10:30 AM' }).click();
  await expectNoA11yViolations(page, 'upsell step 1: add-on event');
  await page.getByRole('button', { name: 'Add one Tour' }).click();
  // Tickets selected: no skip button.
  await expect(page.getByRole('button', { name: 'Skip add-on' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to cart' }).click();

  // Step 2 of 2: the workshop at 10:30 is within 10:00 to 12:00.
  await expect(page.getByText('Add to your visit (2 of 2)')).toBeVisible();
  await expect(cards(page)).toHaveText(['Family Workshop: Build a Robot']);
  await expectNoA11yViolations(page, 'upsell step 2: listing');
  // Its 10:30 AM workshop overlaps the tour just added (spec 1 §5 time conflicts): not offered, listed apart.
  // The admission is exempt (the seller's excluded category), or nothing during the visit could be added.
  await page.getByRole('link', { name: 'Family Workshop: Build a Robot' }).first().click();
  await expect(
    page.getByText('Not offered because they overlap a visit already in your cart: 10:30 AM'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: '10:30 AM' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Skip add-on' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await expect(page.getByText('Family Day Pass').first()).toBeVisible();
  await expect(page.getByText('Guided Highlights Tour').first()).toBeVisible();
  await expectNoA11yViolations(page, 'checkout after the upsell chain');
  // Checkout is not an event route: the chain is over, the listing is the plain one again.
  await page.goto(`${seller.base}/events`);
  await expect(page.getByRole('link', { name: 'General Admission' })).toBeVisible();
  await expect(page.getByText(/Add to your visit/)).toHaveCount(0);
});

test('a step with no add-on events in the visit window goes on to checkout', async ({ page, seller }) => {
  // A 3:00 PM visit (until 5:00 PM): tours still run, the last workshop starts at 2:30 PM.
  await reserveDayPass(page, seller, '3:00 PM');
  await expect(page.getByText('Add to your visit (1 of 2)')).toBeVisible();
  await expect(cards(page)).toHaveText(['Guided Highlights Tour']);
  await page.getByRole('button', { name: 'Skip add-on' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout$`));
});

test('leaving the event routes clears the chain', async ({ page, seller }) => {
  await reserveDayPass(page, seller);
  await expect(page.getByText('Add to your visit (1 of 2)')).toBeVisible();
  await page.goto(`${seller.base}/checkout`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await page.goto(`${seller.base}/events`);
  await expect(page.getByRole('link', { name: 'General Admission' })).toBeVisible();
  await expect(page.getByText(/Add to your visit/)).toHaveCount(0);
});

test('?expresscheckout skips the chain, and the listing then redirects to checkout', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/events?expresscheckout`);
  // The key is read and dropped; with an empty cart the listing stays.
  await expect(page).toHaveURL(new RegExp(`${seller.base}/events$`));
  await expect(page.getByRole('link', { name: 'Family Day Pass' })).toBeVisible();
  await reserveDayPass(page, seller);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await expect(page.getByText(/Add to your visit/)).toHaveCount(0);
  await page.goto(`${seller.base}/events`);
  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await expectNoA11yViolations(page, 'express checkout');
});
