import { expect, test } from './fixtures';

test('the seller’s portal strings (GET config) override the catalogue on the screen', async ({
  page,
  seller,
}) => {
  const asked: string[] = [];
  await page.route('**/api/config?**', async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    const response = await route.fetch();
    const document = (await response.json()) as { config: { _count: number; _data: unknown[] } };
    const sellerId = url.searchParams.get('resource_id._in') ?? '';
    document.config._data.push({
      id: 'cfg-strings',
      resource: 'seller',
      resource_id: sellerId,
      key: 'portal_strings',
      value: { eventsTitle: 'What’s on', cart: 'Your basket', notAKey: 'ignored' },
    });
    document.config._count = document.config._data.length;
    await route.fulfill({ response, json: document });
  });
  await page.goto(`${seller.base}/events`);
  await expect(page.getByRole('heading', { level: 1, name: 'What’s on' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your basket' })).toBeVisible();
  expect(asked.some((q) => q.includes('key._in=portal_strings'))).toBe(true);
});
