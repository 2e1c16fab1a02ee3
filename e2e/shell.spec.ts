import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

test('an unknown path shows the 404 screen with the missing path and a home link', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/no/such/page?from=mail`);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops!' })).toBeVisible();
  await expect(page.getByText('We could not find anything at this URL. (404 Not Found)')).toBeVisible();
  await expect(page.getByText('/no/such/page?from=mail')).toBeVisible();
  await expectNoA11yViolations(page, '404');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  // The demo seller has membership presell on: home shows its blocks (e2e/account-pages.spec.ts).
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
});

test('an unknown event redirects to the 404 screen', async ({ page, seller }) => {
  await page.goto(`${seller.base}/events/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops!' })).toBeVisible();
  await expect(page.getByText('/events/00000000-0000-4000-8000-000000000000')).toBeVisible();
});

test('a trailing slash is stripped and the skip link reaches the content', async ({ page, seller }) => {
  await page.goto(`${seller.base}/events/`);
  await expect(page).toHaveURL(new RegExp(`${seller.base}/events$`));
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  await expect(page.getByRole('contentinfo')).toContainText('Demo Museum of Art & Science');
});

test('the listing first load carries no checkout or Stripe code', async ({ page, seller }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${seller.base}/events`);
  await expect(page.getByRole('link', { name: 'General Admission' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /checkout|stripe|inspect/i.test(s))).toEqual([]);
});
