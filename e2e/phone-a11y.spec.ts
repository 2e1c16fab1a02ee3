/**
 * Axe at phone size on the screens and dialogs no other @phone test reaches (issue 27: every screen and dialog,
 * light and dark, and at phone size). The flows at phone size (purchase, checkout, cart modal, manage,
 * reschedule, gift cards, home, listing) check theirs in their own specs; this one walks the rest once: the
 * account forms, the login dialog, the member's pages, the membership and redeem pages, the 404, the date
 * picker dialog and the seat map. Phone project only: at desktop size each screen is checked by its own spec.
 */
import { eventIdOf, sessionAt, venueDay } from './date-first-helpers';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';
import { DEMO_PASSWORD, MEMBERS } from './members';

test('@phone every screen and dialog without a phone flow of its own is axe clean at phone size', async ({
  page,
  seller,
}) => {
  test.skip(test.info().project.name !== 'phone', 'phone size only');

  for (const [path, heading] of [
    ['/resend', 'Resend tickets'],
    ['/user/forgot-password', /password/i],
    ['/user/forgot-membership', /membership/i],
    ['/membership/redeem', 'Redeem a gift membership'],
    ['/no-such-page', 'Oops!'],
  ] as const) {
    await page.goto(`${seller.base}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoA11yViolations(page, `${path} at phone size`);
  }

  // The date picker dialog of the date-first layout.
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'General Admission' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
  await expectNoA11yViolations(page, 'event detail: dates at phone size');
  await page.getByRole('button', { name: 'Show more dates' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose date' });
  await expect(picker.getByRole('grid')).toBeVisible();
  await expectNoA11yViolations(page, 'Choose date dialog at phone size');
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();

  // The seat map of the theatre.
  const theatre = await eventIdOf(page, seller, 'Museum Theatre: The Tempest');
  const evening = await sessionAt(page, theatre, venueDay(4), '19:30');
  await page.goto(`${seller.base}/events/${theatre}?session=${evening.id}`);
  const form = page.getByRole('form', { name: 'Book tickets' });
  await form.getByRole('button', { name: 'Add one Adult (Stalls)' }).click();
  await expectNoA11yViolations(page, 'seated event at phone size');
  await form.getByRole('button', { name: 'Choose seats' }).click();
  const seats = page.getByRole('dialog', { name: 'Choose your seats' });
  await expect(seats.getByRole('img', { name: 'Seat map' })).toBeVisible();
  await expectNoA11yViolations(page, 'seat map at phone size');
  await page.keyboard.press('Escape');
  await expect(seats).toBeHidden();

  // The login dialog, then the member's own pages.
  await page.goto(`${seller.base}/my-account?login`);
  const login = page.getByRole('dialog', { name: 'Account login' });
  await expect(login).toBeVisible();
  await expectNoA11yViolations(page, 'login dialog at phone size');
  await login.getByLabel('Email').fill(MEMBERS.password.email);
  await login.getByLabel('Password').fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expectNoA11yViolations(page, 'my account at phone size');
  await page.getByRole('link', { name: 'My membership details' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/my-account\/membership-details$/);
  await expectNoA11yViolations(page, 'membership details at phone size');

  // The membership event's form (buy a membership), as a member.
  await page.goto(`${seller.base}/membership`);
  await expect(page).toHaveURL(/\/events\/[^/?]+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoA11yViolations(page, 'membership form at phone size');
});
