/**
 * Cancel free tickets (issue 24; spec 2 §2 "Cancel-free-order page", §4, §8): a guest books free workshop places,
 * opens the manage link of the confirmation email, cancels one ticket through the confirm modal (its place comes
 * back: the session's availability), and sees the success message; the order's link without the token is refused;
 * axe clean. On a phone: cancel the whole order from the emailed link, then the empty state.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { sessionsOn, venueDay } from './date-first-helpers';
import { eventId, expect, type Seller, test } from './fixtures';
import { expectApgDialog, expectNoA11yViolations } from './helpers';
import { emailedLink } from './members';

const WORKSHOP = 'Family Workshop: Drop-in Drawing';

/** The manage link (path and query) emailed to `to` for the newest order. */
const manageLink = (request: APIRequestContext, seller: Seller, to: string) =>
  emailedLink(request, seller, to, /\/manage\/[0-9a-f-]{36}\?token=/);

/** Places taken of the workshop's session `sessionId` on `date` (uncached API). */
async function usedOf(page: Page, seller: Seller, date: string, sessionId: string): Promise<number> {
  const all = await sessionsOn(page, eventId(seller, 'family-workshop'), date);
  const session = all.find((s) => s.id === sessionId);
  if (!session) throw new Error('no such session');
  return session.used_capacity;
}

/** A guest's free order of `n` Adult places, booked through the API (the phone test needs no browser purchase). */
async function bookFree(request: APIRequestContext, seller: Seller, email: string, n: number) {
  const api = (path: string, data: unknown) =>
    request.post(`/api/${path}?seller_id=${seller.id}`, { data, headers: { 'Tix-App': 'ecomm' } });
  const date = venueDay(3);
  const res = await request.get(`/api/events/${eventId(seller, 'family-workshop')}/sessions`, {
    params: { _ondate: date, seller_id: seller.id },
    headers: { 'Tix-App': 'ecomm' },
  });
  const session = (await res.json()).event_session._data[0] as { id: string };
  const types = await request.get(`/api/events/${eventId(seller, 'family-workshop')}`, {
    params: {
      _embed: 'ticket_type',
      'hidden_type._in': 'public_browsable,public_link_only',
      seller_id: seller.id,
    },
    headers: { 'Tix-App': 'ecomm' },
  });
  const adult = ((await types.json()).ticket_type._data as Array<{ id: string; name: string }>).find(
    (t) => t.name === 'Adult',
  );
  const cart = await api('my/cart/modify', {
    add: Array.from({ length: n }, () => ({ event_session_id: session.id, ticket_type_id: adult?.id })),
  });
  expect(cart.ok()).toBe(true);
  const cartId = (await cart.json()).cart._data[0].id as string;
  expect((await api(`cart/${cartId}/purchaser`, { first_name: 'Pia', last_name: 'Phone', email })).ok()).toBe(
    true,
  );
  expect((await api(`cart/${cartId}/pay`, { amount: '0.00', gateway_id: 'free' })).ok()).toBe(true);
}

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
  const orderId = /\/manage\/([0-9a-f-]{36})/.exec(link)?.[1] as string;
  const order = await page.request.get(`/api/ticket_order/${orderId}`, {
    params: { seller_id: seller.id, _embed: 'ticket,event_session' },
    headers: { 'Tix-App': 'ecomm' },
  });
  const sessionId = (await order.json()).ticket._data[0].event_session_id as string;
  const start = (await order.json()).event_session._data[0].start_datetime as string;
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(start));
  const before = await usedOf(page, seller, date, sessionId);

  await page.goto(link);
  const heading = page.getByRole('heading', { level: 1, name: /^Order / });
  await expect(heading).toBeVisible();
  // One session: its table is open, named by the event and the session's time.
  await expect(page.getByRole('table', { name: new RegExp(`^${WORKSHOP}, `) })).toBeVisible();
  const cancelSelected = page.getByRole('button', { name: 'Cancel selected' });
  await expect(cancelSelected).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
  await page.getByRole('checkbox', { name: 'Select Adult, ticket 1' }).check();
  await expect(cancelSelected).toBeEnabled();
  await expectNoA11yViolations(page, 'cancel-free-order page');
  await cancelSelected.click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel these tickets?' });
  await expect(confirm.getByText('1 ticket will be cancelled. This cannot be undone.')).toBeVisible();
  await expectNoA11yViolations(page, 'cancel confirm');
  await expectApgDialog(page, confirm, { opener: cancelSelected, closeable: true });
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
  await expectNoA11yViolations(page, 'cancel-free-order page after the cancel');

  // The order's id alone does not open it.
  await page.goto(`${seller.base}/manage/${orderId}`);
  await expect(page.getByRole('alert')).toHaveText('You must contact us to cancel this order.');
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
});

test('on a phone, a guest cancels a whole free order, then sees the empty state @phone', async ({
  page,
  seller,
}) => {
  const email = `manage-phone-${seller.slug}-${test.info().project.name}@example.com`;
  await bookFree(page.request, seller, email, 2);
  await page.goto(await manageLink(page.request, seller, email));
  await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel these tickets?' });
  await expect(confirm.getByText('2 tickets will be cancelled. This cannot be undone.')).toBeVisible();
  // Cancel keeps the tickets; the order is then cancelled for good.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your tickets have been cancelled.' }),
  ).toBeVisible();
  await expect(page.getByText('This order has no free tickets to cancel.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'cancel-free-order empty state');
});
