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

/** The event screen's chunk as the built app names it (…/assets/EventScreen-<hash>.js, no query). */
const EVENT_CHUNK = /\/assets\/EventScreen-[\w-]+\.js$/;
/** The same with or without the retry's cache-busting query. */
const EVENT_CHUNK_ANY = /\/assets\/EventScreen-[\w-]+\.js(\?retry=\d+)?$/;

test('a chunk that fails once (a flaky network) is fetched again and the page shows', async ({
  page,
  seller,
}) => {
  let failed = 0;
  await page.route(EVENT_CHUNK, (route) => {
    failed += 1;
    return failed === 1 ? route.abort('failed') : route.continue();
  });
  const retries: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/EventScreen-[\w-]+\.js\?retry=\d+$/.test(r.url())) retries.push(r.url());
  });
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'General Admission' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'General Admission' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(failed).toBeGreaterThanOrEqual(1);
  // At most the one retry, from the same file with a cache-busting query.
  expect(retries.length).toBeLessThanOrEqual(1);
});

test('after a redeploy took the chunk away, the page reloads itself once and shows the new build', async ({
  page,
  seller,
}) => {
  // The old build's event chunk is gone (404, its cache-busted retry too) until the page loads anew, which
  // fetches the new build: here, the next document lets the file through again.
  let gone = true;
  let documents = 0;
  await page.route(EVENT_CHUNK_ANY, (route) =>
    gone ? route.fulfill({ status: 404, body: 'gone' }) : route.continue(),
  );
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) {
      documents += 1;
      if (documents > 1) gone = false;
    }
  });
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'General Admission' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'General Admission' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(documents).toBe(2);
});

test('a chunk that cannot load shows the message with Reload and Continue, never a blank page', async ({
  page,
  seller,
}) => {
  const blocked = (url: URL) => /\/assets\/EventScreen-[\w-]+\.js$/.test(url.pathname);
  await page.route(blocked, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'General Admission' }).first().click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Sorry! Something unexpected happened. Please try again.');
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expectNoA11yViolations(page, 'chunk load failure');
  // Continue goes home; the notice goes with the route.
  await alert.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Once the file is served again, Reload brings the page back.
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await page.unroute(blocked);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'General Admission' })).toBeVisible();
});
