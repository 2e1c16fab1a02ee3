import { expect, test } from './fixtures';

test('when the times cannot load, the visitor sees why and can try again without losing the date', async ({
  page,
  seller,
}) => {
  let failed = false;
  await page.route(/\/api\/events\/[^/]+\/sessions\?/, (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
  });
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'General Admission' }).click();
  await page
    .getByRole('form', { name: 'Book tickets' })
    .getByRole('list')
    .getByRole('button', { disabled: false })
    .first()
    .click();

  await expect(page.getByRole('alert')).toHaveText('Sorry! Something unexpected happened. Please try again.');
  await expect(page.getByText('No times available.')).toBeHidden();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('tabpanel').getByRole('button', { disabled: false }).first()).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Date' })).toBeVisible();
});
