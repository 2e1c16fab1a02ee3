import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';
import type { Seller } from './fixtures';

/** axe-core: no WCAG 2.2 A/AA violations on what the page shows now. */
export async function expectNoA11yViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

/** Records every API request (both prefixes) the page makes. */
export function recordApiRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') || path.startsWith('/cached/api/')) requests.push(request);
  });
  return requests;
}

/** Opens General Admission from the listing and chooses its first day and time that can be chosen. */
export async function openFirstAdmissionTime(page: Page, seller: Seller) {
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'General Admission' }).click();
  await page
    .getByRole('form', { name: 'Book tickets' })
    .getByRole('list')
    .getByRole('button', { disabled: false })
    .first()
    .click();
  await page.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
}

/**
 * Reserves one ticket of a General Admission type for the first day and time that can be chosen, the way
 * a visitor would, and waits for checkout.
 */
export async function reserveOneTicket(page: Page, seller: Seller, typeName: 'Adult' | 'Child' | 'Senior') {
  await openFirstAdmissionTime(page, seller);
  await page.getByRole('button', { name: `Add one ${typeName}` }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
}
