/**
 * Members on reserve forms (issue 11 follow-up): the renewal message when the member's membership ends before
 * the chosen session's date (spec 3 §2), and member_limit_exceeded shown as the API error when a second cart
 * of the same member passes the limit the first form's steppers could not know of (spec 1 §8). Seeded
 * members: server/README.md "Memberships" (700001 Mia, Dual, expires in 45 days; 700004 Cal, Individual,
 * 2 member tickets per event, used by no other spec).
 */

import type { Page } from '@playwright/test';
import { venueDay } from './date-first-helpers';
import { eventId, expect, type Seller, test } from './fixtures';
import { expectNoA11yViolations, openFirstAdmissionTime } from './helpers';
import { DEMO_PASSWORD } from './members';

const MIA = { email: 'mia.member@example.com', firstName: 'Mia' };
const CAL = { email: 'cal.cancelled@example.com', firstName: 'Cal' };
const RENEW_TEXT =
  'Your membership expires before your visit. Renew your membership to keep your member benefits on the day.';

async function logIn(page: Page, seller: Seller, who: { email: string; firstName: string }) {
  await page.goto(`${seller.base}/events`);
  const nav = page.getByRole('navigation', { name: 'Account' });
  await nav.getByRole('link', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account login' });
  await dialog.getByLabel('Email').fill(who.email);
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(nav.getByRole('button', { name: `Hi, ${who.firstName}` })).toBeVisible();
}

/** The members' preview on a venue day `offset` days ahead, its first session chosen. */
async function previewSession(page: Page, seller: Seller, offset: number) {
  await page.goto(`${seller.base}/events/${eventId(seller, 'members-preview')}?date=${venueDay(offset)}`);
  await page.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  await expect(page.getByRole('heading', { name: 'Choose tickets' })).toBeVisible();
}

test('the renewal message shows when the membership ends before the chosen session, with a link to renew', async ({
  page,
  seller,
}) => {
  await logIn(page, seller, MIA);
  // A visit within the membership: no renewal message.
  await previewSession(page, seller, 10);
  await expect(page.getByRole('button', { name: 'Add one Member' })).toBeVisible();
  await expect(page.getByText(RENEW_TEXT)).toBeHidden();
  // Mia's Dual membership ends in 45 days: a visit in 50 days gets the message and the renew link.
  await previewSession(page, seller, 50);
  const notice = page.getByRole('status').filter({ hasText: RENEW_TEXT });
  await expect(notice).toBeVisible();
  const renew = notice.getByRole('link', { name: 'Renew membership' });
  await expect(renew).toHaveAttribute('href', `${seller.base}/membership/renew`);
  await expectNoA11yViolations(page, 'members-only event, renewal message');
  await renew.click();
  await expect(page).toHaveURL(new RegExp(`${seller.base}/events/[^/]+/renew$`));
});

test('member_limit_exceeded from a second cart is shown as the API error', async ({
  page,
  browser,
  seller,
}) => {
  // Tab A: Cal's form loads while 2 member tickets remain; the steppers allow 2.
  await logIn(page, seller, CAL);
  await previewSession(page, seller, 3);
  const add = page.getByRole('button', { name: 'Add one Member' });
  await add.click();
  await add.click();
  await expect(add).toBeDisabled();

  // Another browser (its own cart), same member: reserves the 2 member tickets first.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await logIn(second, seller, CAL);
    await previewSession(second, seller, 3);
    const addThere = second.getByRole('button', { name: 'Add one Member' });
    await addThere.click();
    await addThere.click();
    await second.getByRole('button', { name: 'Add to cart' }).click();
    await expect(second.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  } finally {
    await other.close();
  }

  // Tab A's reserve now passes the limit: the server's message, on the form.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(
    page.getByText('Your membership allows at most 2 member tickets for this event.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose tickets' })).toBeVisible();
  await expectNoA11yViolations(page, 'members-only event, member limit exceeded');
});

test('a per-type benefit bounds its stepper: Family allows 4 Member Child within the 6 member tickets per event', async ({
  page,
  seller,
}) => {
  // 700003 Fay, Family (server/README.md "Memberships"; used by no other spec).
  await logIn(page, seller, { email: 'fay.family@example.com', firstName: 'Fay' });
  await openFirstAdmissionTime(page, seller);
  const child = page.getByRole('button', { name: 'Add one Member Child' });
  const adult = page.getByRole('button', { name: 'Add one Member Adult' });
  for (let i = 0; i < 4; i++) await child.click();
  await expect(page.getByRole('status', { name: 'Member Child quantity' })).toHaveText('4');
  await expect(child).toBeDisabled();
  // The rest of the pool is still open to Member Adult, up to 6 member tickets in all.
  await adult.click();
  await adult.click();
  await expect(page.getByRole('status', { name: 'Member Adult quantity' })).toHaveText('2');
  await expect(adult).toBeDisabled();
  await expectNoA11yViolations(page, 'member per-type limit');
});
