/**
 * Development mode (`npm run dev`: Vite with React's StrictMode, which mounts each screen twice and so aborts
 * its first API calls): every event page the listing links to loads without the unexpected-error message, each
 * opened by a full navigation (a first load: the app starts anew and StrictMode aborts again).
 */
import { expect, test } from '@playwright/test';
import { UNEXPECTED_MESSAGE } from '../../api/errors';

const SLUG = '/demo-museum';

test('every event page loads in development mode without the unexpected error', async ({ page }) => {
  // Vite serves the modules one by one on a page's first load; nine pages take a while on two cores.
  test.setTimeout(150_000);
  await page.goto(`${SLUG}/events`);
  const links = page.locator(`a[href^="${SLUG}/events/"]`);
  await expect(links.first()).toBeVisible();
  const hrefs = [...new Set(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))];
  expect(hrefs.length).toBeGreaterThanOrEqual(5);
  for (const href of hrefs) {
    await test.step(href, async () => {
      await page.goto(href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Every call answered (the aborted first ones included) and nothing left loading.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByText(UNEXPECTED_MESSAGE)).toHaveCount(0);
    });
  }
});
