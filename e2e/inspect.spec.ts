import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Collects the text of every script the page loads. */
function recordScripts(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return bodies;
}
const hasInspector = async (bodies: Promise<string>[]) =>
  (await Promise.all(bodies)).some((text) => text.includes('@statelyai.connected'));

test('?inspect loads the Stately inspector on demand; a plain visit does not', async ({ page, seller }) => {
  const plain = recordScripts(page);
  await page.goto(`${seller.base}/events`);
  await expect(page.getByRole('link', { name: 'General Admission' })).toBeVisible();
  expect(await hasInspector(plain)).toBe(false);

  const inspected = recordScripts(page);
  // The inspector opens Stately's inspect window; the test answers it locally so nothing leaves the machine.
  const asked: string[] = [];
  await page.context().route(/stately\.ai/, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>Stately inspector</title>' });
  });
  const popup = page.waitForEvent('popup');
  await page.goto(`${seller.base}/events?inspect`);
  await expect(page.getByRole('link', { name: 'General Admission' })).toBeVisible();
  await popup;
  await expect.poll(() => asked.some((url) => /stately\.ai\/inspect/.test(url))).toBe(true);
  expect(await hasInspector(inspected)).toBe(true);
});
