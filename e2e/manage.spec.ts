/**
 * Cancel free tickets on the edit-order page (issue 24; spec 2 §2 "Edit-order page", §4 "Edit order", §8; the demo
 * seller has self-edit on): a guest books free workshop places, opens the manage link of the confirmation email,
 * removes one ticket (unsaved until Confirm Changes, leaving asks the browser's confirmation; then its place comes
 * back), and sees the success message; the
 * order's link without the token is refused; axe clean. On a phone: 'Cancel order', the footer's Cancel discards,
 * then 'Cancel order' confirmed. With the seller's self-edit off, the same link opens the cancel-free-order page
 * (spec 2 §2 "Cancel-free-order page", §4 "Cancel-free-order"): one ticket cancelled through the 'Cancel these
 * tickets?' dialog (its place back), then the rest of the order, then the empty state.
 */
import { eventId, expect, setSelfEditRules, test } from './fixtures';
import { expectApgDialog, expectNoA11yViolations } from './helpers';
import { bookFree, bookThroughApi, firstTicketOf, manageLink, usedOf } from './manage-helpers';

const WORKSHOP = 'Family Workshop: Drop-in Drawing';

test('a guest cancels one free ticket from the emailed manage link; the link without its token is refused', async ({
  page,
  seller,
}) => {
  const email = `manage-${seller.slug}@example.com`;
  await page.goto(`${seller.base}/events/${eventId(seller, 'family-workshop')}`);
  const form = page.getByRole('form', { name: 'Book tickets' });
  // The third day that can be chosen: its sessions are well beyond the seller's 2-hour horizon.
  await form.getByRole('list').getByRole('button', { disabled: false }).nth(2).click();
  await page.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  await form.getByRole('button', { name: 'Add one Adult' }).click();
  await form.getByRole('button', { name: 'Add one Adult' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await page.getByLabel('First name').fill('Fran');
  await page.getByLabel('Last name').fill('Free');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').fill(email);
  await page.getByRole('button', { name: 'Complete order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();

  const link = await manageLink(page.request, seller, email);
  const { orderId, sessionId, date } = await firstTicketOf(page, seller, link);
  const before = await usedOf(page, seller, date, sessionId);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your Order' })).toBeVisible();
  // The session's card, named by the event and the session's time: free tickets with a remove button each.
  const card = page.getByRole('region', { name: new RegExp(`^${WORKSHOP}, `) });
  await expect(card.getByText(/^2 tickets ·/)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Reschedule' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
  await expectNoA11yViolations(page, 'edit-order page');
  await card.getByRole('button', { name: 'Remove Adult, ticket 1' }).click();
  const unsaved = page.getByRole('region', { name: 'Unsaved changes' });
  await expect(
    unsaved.getByText('You have unsaved changes to your order that must be confirmed.'),
  ).toBeVisible();
  await expect(card.getByText('Removed', { exact: true })).toHaveCount(1);
  await expect(card.getByText(/^1 ticket ·/)).toBeVisible();
  // Nothing has changed yet: the place is still taken until the change is confirmed.
  expect(await usedOf(page, seller, date, sessionId)).toBe(before);
  // Leaving now asks the browser's confirmation (spec 2 §2): the page cancels beforeunload while unsaved.
  const leaving = () =>
    page.evaluate(() => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    });
  expect(await leaving()).toBe(true);
  await expectNoA11yViolations(page, 'edit-order page with unsaved changes');
  await unsaved.getByRole('button', { name: 'Confirm Changes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your tickets have been cancelled.' }),
  ).toBeVisible();
  await expect(unsaved).toBeHidden();
  expect(await leaving()).toBe(false);
  await expect(card.getByText('Cancelled', { exact: true })).toHaveCount(1);
  // The place is back.
  expect(await usedOf(page, seller, date, sessionId)).toBe(before - 1);

  // The order's id alone does not open it.
  await page.goto(`${seller.base}/manage/${orderId}`);
  await expect(page.getByRole('alert')).toHaveText('You must contact us to cancel this order.');
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
});

test('on a phone, a guest cancels a whole free order, then discards nothing more @phone', async ({
  page,
  seller,
}) => {
  const email = `manage-phone-${seller.slug}-${test.info().project.name}@example.com`;
  await bookFree(page.request, seller, email, 2);
  await page.goto(await manageLink(page.request, seller, email));
  await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const unsaved = page.getByRole('region', { name: 'Unsaved changes' });
  // The sticky footer is in view with its two buttons.
  await expect(unsaved).toBeInViewport();
  // The footer's Cancel discards the change: the tickets stay.
  await unsaved.getByRole('button', { name: 'Cancel' }).click();
  await expect(unsaved).toBeHidden();
  await expect(page.getByText('Removed', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Removed', { exact: true })).toHaveCount(2);
  await expectNoA11yViolations(page, 'edit-order page with unsaved changes, phone');
  await unsaved.getByRole('button', { name: 'Confirm Changes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your tickets have been cancelled.' }),
  ).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'edit-order page after cancelling, phone');
});

test('with self-edit off, a guest cancels free tickets on the cancel-free-order page from the emailed link', async ({
  page,
  seller,
}) => {
  const email = `cancel-free-${seller.slug}@example.com`;
  await bookFree(page.request, seller, email, 2);
  const link = await manageLink(page.request, seller, email);
  const { sessionId, date } = await firstTicketOf(page, seller, link);
  await setSelfEditRules(page.request, seller, { enabled: false });
  try {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
    const before = await usedOf(page, seller, date, sessionId);
    // One session: its table is open, named by the event and the session's time; no edit-order page.
    await expect(page.getByRole('table', { name: new RegExp(`^${WORKSHOP}, `) })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Order' })).toHaveCount(0);
    const cancelSelected = page.getByRole('button', { name: 'Cancel selected' });
    await expect(cancelSelected).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Select Adult, ticket 1' }).check();
    await expect(cancelSelected).toBeEnabled();
    await expectNoA11yViolations(page, 'cancel-free-order page');
    await cancelSelected.click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel these tickets?' });
    await expect(confirm.getByText('1 ticket will be cancelled. This cannot be undone.')).toBeVisible();
    await expectApgDialog(page, confirm, { opener: cancelSelected, closeable: true });
    await expectNoA11yViolations(page, 'cancel confirm');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your tickets have been cancelled.' }),
    ).toBeVisible();
    await expect(confirm).toBeHidden();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: 'Cancelled' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Booked' })).toHaveCount(1);
    // The place is back.
    expect(await usedOf(page, seller, date, sessionId)).toBe(before - 1);

    // The rest of the order: then nothing is left to cancel.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await expect(confirm.getByText('1 ticket will be cancelled. This cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('This order has no free tickets to cancel.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    expect(await usedOf(page, seller, date, sessionId)).toBe(before - 2);
    await expectNoA11yViolations(page, 'cancel-free-order empty state');
  } finally {
    await setSelfEditRules(page.request, seller, null);
  }
});

test('on a phone, the cancel-free-order page of an order over two days: collapsed tables, one session cancelled @phone', async ({
  page,
  seller,
}) => {
  const email = `cancel-phone-${seller.slug}-${test.info().project.name}@example.com`;
  await bookThroughApi(page.request, seller, email, { n: 2, dayOffset: [3, 4] });
  const link = await manageLink(page.request, seller, email);
  const fitsScreen = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  await setSelfEditRules(page.request, seller, { enabled: false });
  try {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
    // Two sessions: both tables collapsed (spec 2 §2), each named by its summary.
    const sessions = page.locator('details').filter({ has: page.locator('summary', { hasText: WORKSHOP }) });
    await expect(sessions).toHaveCount(2);
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await fitsScreen()).toBe(true);
    await expectNoA11yViolations(page, 'cancel-free-order page over two days, phone');
    await sessions.first().locator('summary').click();
    const table = page.getByRole('table', { name: new RegExp(`^${WORKSHOP}, `) });
    await expect(table).toHaveCount(1);
    await table.getByRole('checkbox', { name: /^Select all free tickets of / }).check();
    await expect(table.getByRole('checkbox', { checked: true })).toHaveCount(3);
    expect(await fitsScreen()).toBe(true);
    await page.getByRole('button', { name: 'Cancel selected' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel these tickets?' });
    await expect(confirm.getByText('2 tickets will be cancelled. This cannot be undone.')).toBeVisible();
    await expectNoA11yViolations(page, 'cancel confirm, phone');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your tickets have been cancelled.' }),
    ).toBeVisible();
    // The reloaded order: the first session's two tickets cancelled (its table opened if the reload closed it).
    if (!(await sessions.first().evaluate((d) => (d as HTMLDetailsElement).open)))
      await sessions.first().locator('summary').click();
    await expect(table.getByRole('row').filter({ hasText: 'Cancelled' })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
  } finally {
    await setSelfEditRules(page.request, seller, null);
  }
});
