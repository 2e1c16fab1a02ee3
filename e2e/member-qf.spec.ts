/**
 * Members on the quantity-first form (issue 11; spec 1 §6): the Planetarium show's members-only "Member show
 * tickets" group shows only to a member whose membership allows it, at the member price, its stepper bounded
 * by the member's remaining quantity (Individual: 2 per event); member_limit_exceeded from a second cart is
 * shown as the API error; the renewal message when the membership ends before the chosen session. Seeded
 * members: server/README.md "Memberships" (700006 Ivy and 700004 Cal, Individual; 700001 Mia, Dual, expires
 * in 45 days); no other spec buys member show tickets.
 */

import type { Page } from '@playwright/test';
import { venueDay } from './date-first-helpers';
import { expect, type Seller, test } from './fixtures';
import { expectNoA11yViolations, laterDay } from './helpers';
import { DEMO_PASSWORD } from './members';

const SHOW = 'Planetarium Show: Cosmic Voyage';
const IVY = { email: 'ivy.individual@example.com', firstName: 'Ivy' };
const CAL = { email: 'cal.cancelled@example.com', firstName: 'Cal' };
const MIA = { email: 'mia.member@example.com', firstName: 'Mia' };
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

async function openShow(page: Page, seller: Seller) {
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: SHOW }).click();
  await expect(page.getByRole('heading', { level: 1, name: SHOW })).toBeVisible();
  await expect(
    page.getByRole('form', { name: 'Book tickets' }).getByRole('heading', { name: 'Choose tickets' }),
  ).toBeVisible();
}

/** Two member adults (the Individual limit), Find tickets, the first day and time that fit. */
async function twoMemberAdultsAndATime(page: Page) {
  const form = page.getByRole('form', { name: 'Book tickets' });
  const add = page.getByRole('button', { name: 'Add one Member Adult' });
  await add.click();
  await add.click();
  await expect(page.getByRole('status', { name: 'Member Adult quantity' })).toHaveText('2');
  // The member's remaining quantity bounds the stepper (the group itself allows 10 per order).
  await expect(add).toBeDisabled();
  await page.getByRole('button', { name: 'Find tickets' }).click();
  await expect(form.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
  await laterDay(form).click();
  await expect(form.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
  await form.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  await expect(form.getByRole('heading', { name: 'Your visit' })).toBeVisible();
}

test('a guest sees no member tickets; a member sees them at the member price, bounded by their limit', async ({
  page,
  seller,
}) => {
  await openShow(page, seller);
  await expect(page.getByRole('button', { name: 'Add one Adult' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add one Member Adult' })).toHaveCount(0);

  await logIn(page, seller, IVY);
  await openShow(page, seller);
  await expectNoA11yViolations(page, 'quantity-first, member tickets');
  await twoMemberAdultsAndATime(page);
  // Two member adults at $8.00 from the session's price schedule.
  const form = page.getByRole('form', { name: 'Book tickets' });
  await expect(form.getByText('Total: $16.00')).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Your cart' }).getByText('2 × Member Adult'),
  ).toBeVisible();
});

test('member_limit_exceeded from a second cart is shown as the API error on the quantity-first form', async ({
  page,
  browser,
  seller,
}) => {
  await logIn(page, seller, CAL);
  await openShow(page, seller);
  await twoMemberAdultsAndATime(page);

  // Another browser (its own cart), same member: takes the 2 member tickets first.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await logIn(second, seller, CAL);
    await openShow(second, seller);
    await twoMemberAdultsAndATime(second);
    await second.getByRole('button', { name: 'Add to cart' }).click();
    await expect(second.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  } finally {
    await other.close();
  }

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(
    page.getByText('Your membership allows at most 2 member tickets for this event.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your visit' })).toBeVisible();
  await expectNoA11yViolations(page, 'quantity-first, member limit exceeded');
});

test('the renewal message shows when the membership ends before the chosen session', async ({
  page,
  seller,
}) => {
  await logIn(page, seller, MIA);
  await openShow(page, seller);
  const form = page.getByRole('form', { name: 'Book tickets' });
  await page.getByRole('button', { name: 'Add one Member Adult' }).click();
  await page.getByRole('button', { name: 'Find tickets' }).click();
  await expect(form.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
  // A visit within the membership: no renewal message.
  await laterDay(form).click();
  await form.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  await expect(form.getByRole('heading', { name: 'Your visit' })).toBeVisible();
  await expect(page.getByText(RENEW_TEXT)).toBeHidden();

  // Mia's Dual membership ends in 45 days: a visit in 50 days gets the message and the renew link.
  await form.getByRole('button', { name: 'Change Date' }).click();
  await page.getByRole('button', { name: 'Show more dates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose date' });
  await expect(dialog).toBeVisible();
  const target = dialog.locator(`[data-date="${venueDay(50)}"]`);
  for (let i = 0; i < 3 && !(await target.isVisible()); i++) {
    await dialog.locator('[data-date][tabindex="0"]').press('PageDown');
  }
  await target.click();
  await expect(dialog).toBeHidden();
  await form.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  const notice = page.getByRole('status').filter({ hasText: RENEW_TEXT });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Renew membership' })).toHaveAttribute(
    'href',
    `${seller.base}/membership/renew`,
  );
  await expectNoA11yViolations(page, 'quantity-first, renewal message');
});
