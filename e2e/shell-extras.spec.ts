/**
 * The shell's extras at phone size (issue 26; spec 3 §2 Shell, §6, §9): the seller's content blocks per route
 * name and role (a guests' block on the listing gives way to a members' block once a member logs in), the members
 * banner, and the floating back button on event detail that fades as the page scrolls (gone from 100 px) and goes
 * back to the listing. Sets this worker's seller's content blocks (PUT /__test/sellers/{slug}/content_blocks) and
 * removes them at the end.
 */
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';
import { DEMO_PASSWORD, MEMBERS } from './members';

test('@phone content blocks by route and role, the members banner, and the back button that fades', async ({
  page,
  request,
  seller,
}) => {
  test.skip(test.info().project.name !== 'phone', 'phone size: the back button shows on phones only');
  const blocks = `/__test/sellers/${seller.slug}/content_blocks`;
  const set = await request.put(blocks, {
    data: {
      blocks: [
        {
          id: 'guests',
          html: '<p><strong>Members visit free.</strong> <a href="membership">Join</a></p><img src="x" onerror="document.title=\'x\'">',
          routes: ['events'],
          roles: ['anonymous'],
        },
        {
          id: 'members',
          html: '<p>Members: bring your card.</p>',
          routes: ['events', 'event'],
          roles: ['member'],
        },
      ],
    },
  });
  expect(set.ok()).toBe(true);
  try {
    await page.goto(`${seller.base}/events`);
    await expect(page.getByText('Members visit free.')).toBeVisible();
    await expect(page.getByText('Members: bring your card.')).toBeHidden();
    await expect(page.getByText(/Welcome back!/)).toBeHidden();
    // The listing is the top: no back button there.
    await expect(page.getByRole('button', { name: 'Go back' })).toHaveCount(0);
    await expectNoA11yViolations(page, 'listing with a content block at phone size');

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Account login' });
    await dialog.getByLabel('Email').fill(MEMBERS.password.email);
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText('Welcome back! Your Family membership benefits apply to your visit.'),
    ).toBeVisible();
    await expect(page.getByText('Members: bring your card.')).toBeVisible();
    await expect(page.getByText('Members visit free.')).toBeHidden();
    expect(await page.title()).not.toBe('x');

    await page.getByRole('link', { name: 'General Admission' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
    const back = page.getByRole('button', { name: 'Go back' });
    await expect(back).toBeVisible();
    await expect(back).toHaveCSS('opacity', '1');
    await expect(page.getByText('Members: bring your card.')).toBeVisible();
    await expectNoA11yViolations(page, 'event detail with the back button, banner and block at phone size');
    // It fades as the page scrolls, and is back at the top.
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(back).toHaveCSS('opacity', '0');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(back).toHaveCSS('opacity', '1');
    await back.click();
    await expect(page).toHaveURL(new RegExp(`${seller.base}/events$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  } finally {
    await request.delete(blocks);
  }
});
