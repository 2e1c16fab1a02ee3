import { expect, test } from './fixtures';
import { expectNoA11yViolations, reserveOneTicket } from './helpers';

/*
 * The expiry timer (spec 2 §4): shown under 20 minutes, warning style under 5, error style under 2, a polite
 * announcement at the 5 and 2 minute marks; and 'More time' (WCAG 2.2.1), which the demo seller offers at
 * most 3 times per cart. The page's clock is Playwright's; the server holds for real 15 minutes.
 */
test("the timer warns at 5 and 2 minutes, and 'More time' extends the hold until the seller's limit", async ({
  page,
  seller,
}) => {
  await page.clock.install();
  await reserveOneTicket(page, seller, 'Child');
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  const timer = cart.getByText(/Your tickets are held for \d+:\d\d/);
  // The style a person sees (colour, weight) is the timer's class, named by its data attribute.
  const styled = cart.locator('[data-timer-style]');
  await expect(timer).toHaveText(/held for 14:\d\d/);
  await expect(styled).toHaveAttribute('data-timer-style', 'normal');
  const announcement = cart.getByRole('status').filter({ hasText: 'Your cart expires in' });
  await expect(announcement).toHaveCount(0);
  const moreTime = cart.getByRole('button', { name: 'More time' });
  await expect(moreTime).toHaveCount(0);

  await page.clock.fastForward('11:00');
  await expect(timer).toHaveText(/held for 3:5\d/);
  await expect(styled).toHaveAttribute('data-timer-style', 'warning');
  await expect(announcement).toHaveText('Your cart expires in 5 minutes.');
  await expect(moreTime).toHaveCount(0);

  await page.clock.fastForward('02:00');
  await expect(timer).toHaveText(/held for 1:5\d/);
  await expect(styled).toHaveAttribute('data-timer-style', 'error');
  await expect(announcement).toHaveText('Your cart expires in 2 minutes.');
  await expect(moreTime).toBeVisible();
  await expectNoA11yViolations(page, 'cart timer with more time');

  // One action gives the whole hold again, up to 3 times; then the server says no more.
  for (let i = 0; i < 3; i++) {
    await moreTime.click();
    await expect(timer).toHaveText(/held for 14:\d\d/);
    await expect(styled).toHaveAttribute('data-timer-style', 'normal');
    await expect(cart.getByRole('status').filter({ hasText: 'More time added' })).toHaveText(
      'More time added: your tickets are held for longer.',
    );
    await page.clock.fastForward('13:00');
    await expect(timer).toHaveText(/held for 1:\d\d/);
  }
  await moreTime.click();
  await expect(cart.getByRole('status').filter({ hasText: 'No more time' })).toHaveText(
    'No more time can be added to this cart.',
  );
  await expect(moreTime).toHaveCount(0);
  await expect(timer).toHaveText(/held for 1:\d\d/);
  await expectNoA11yViolations(page, 'cart timer, no more time');
});
