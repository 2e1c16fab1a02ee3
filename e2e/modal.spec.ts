import { expect, test } from './fixtures';
import { expectNoA11yViolations, expectTabStaysIn, isModal, reserveOneTicket } from './helpers';

test('the Choose date calendar is a real modal: page inert, focus trapped and returned, Escape and backdrop close it', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'General Admission' }).click();
  const showMore = page.getByRole('button', { name: 'Show more dates' });
  await showMore.click();
  const dialog = page.getByRole('dialog', { name: 'Choose date' });
  await expect(dialog).toBeVisible();
  expect(await isModal(dialog)).toBe(true);
  await expect(dialog.locator('[data-date][tabindex="0"]')).toBeFocused();
  await expectNoA11yViolations(page, 'Choose date calendar');

  // The page behind is inert: it cannot take focus.
  const behind = page.locator('button', { hasText: 'Show more dates' });
  await behind.evaluate((b: HTMLElement) => b.focus());
  await expect(behind).not.toBeFocused();
  await expectTabStaysIn(page, 'chooseDate', 8);

  // Escape closes it (closeable) and focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(showMore).toBeFocused();

  // A click on the backdrop closes it; a click inside does not.
  await showMore.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('heading', { name: 'Choose date' }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(4, 4);
  await expect(dialog).toBeHidden();
  await expect(showMore).toBeFocused();
});

test('the cart-expiry modal is not closeable: repeated Escape and backdrop clicks leave it open', async ({
  page,
  seller,
}) => {
  await page.clock.install();
  await reserveOneTicket(page, seller, 'Adult');
  await page.clock.fastForward('15:00');
  const dialog = page.getByRole('dialog', { name: 'Unfortunately your cart has timed out' });
  await expect(dialog).toBeVisible();
  expect(await isModal(dialog)).toBe(true);
  await expect(dialog).toHaveClass(/modal--sm/);
  const startOver = dialog.getByRole('button', { name: 'Start over' });
  await expect(startOver).toBeFocused();

  // Browsers close a dialog anyway after a second prevented close request without user activation; the
  // modal keeps the Escape key from making a close request at all.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
  await page.mouse.click(4, 4);
  await expect(dialog).toBeVisible();
  expect(await isModal(dialog)).toBe(true);
  await expectTabStaysIn(page, 'cartExpiry', 4);

  await startOver.click();
  await expect(dialog).toBeHidden();
});
