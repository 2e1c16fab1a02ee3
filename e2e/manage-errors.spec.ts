/**
 * The manage pages' error texts (issue 24; spec 2 §8 "Order page", "Reschedule", "Cancel order"), in one walk of a
 * guest's free workshop order: an order that does not exist reads 'We could not find that order.'; a ticket
 * cancelled (in another tab) while the reschedule page was open makes Update show the server's message and
 * 'Click here to start again.', which starts the page again with the ticket left; with the seller's self-edit off,
 * a ticket cancelled meanwhile makes the cancel-free-order page's Confirm read 'No valid tickets found on this
 * order'. ('You must contact us to cancel this order.' is walked in manage.spec.ts.) Axe clean on each message.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, type Seller, setSelfEditRules, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';
import { bookFree, manageLink } from './manage-helpers';

const WORKSHOP = 'Family Workshop: Drop-in Drawing';

/** Cancels the order's booked ticket `n` (0-based) as another tab would: POST ticket_order/{id}/cancel. */
async function cancelElsewhere(request: APIRequestContext, seller: Seller, link: string, n: number) {
  const orderId = /\/manage\/([0-9a-f-]{36})/.exec(link)?.[1] as string;
  const token = new URL(link, 'http://x').searchParams.get('token') ?? '';
  const headers = { 'Tix-App': 'ecomm' };
  const order = await request.get(`/api/ticket_order/${orderId}`, {
    params: { seller_id: seller.id, _embed: 'ticket', token },
    headers,
  });
  const tickets = (await order.json()).ticket._data as Array<{ id: string; state: string }>;
  const ticket = tickets.filter((t) => t.state === 'booked')[n];
  const res = await request.post(`/api/ticket_order/${orderId}/cancel?seller_id=${seller.id}`, {
    data: { tickets: [ticket?.id], token },
    headers,
  });
  expect(res.ok()).toBe(true);
}

test("a guest meets the manage pages' error texts: an unknown order, a reschedule and a cancel of a ticket cancelled meanwhile", async ({
  page,
  seller,
}) => {
  // Spec 2 §8 "Order page": 404.
  await page.goto(`${seller.base}/manage/${randomUUID()}`);
  await expect(page.getByRole('alert')).toHaveText('We could not find that order.');
  await expectNoA11yViolations(page, 'manage page of an unknown order');

  // Spec 2 §8 "Reschedule": a ticket no longer booked (ticket_state_incorrect, context cart_remove_tickets).
  const email = `manage-errors-${seller.slug}@example.com`;
  await bookFree(page.request, seller, email, 2);
  const link = await manageLink(page.request, seller, email);
  await page.goto(link);
  await page
    .getByRole('region', { name: new RegExp(`^${WORKSHOP}, `) })
    .getByRole('link', { name: 'Reschedule' })
    .click();
  await expect(page.getByText(/^Choose a new date and time for your 2 tickets/)).toBeVisible();
  await page.getByRole('list').getByRole('button', { disabled: false }).last().click();
  await page.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  await cancelElsewhere(page.request, seller, link, 1);
  await page.getByRole('button', { name: 'Update' }).click();
  const startAgain = page.getByRole('alert').getByRole('button', {
    name: 'Some tickets of this change are no longer booked on the order. Click here to start again.',
  });
  await expect(startAgain).toBeVisible();
  // The chosen date is cleared (spec 2 §4 "Reschedule"): Update waits for a new choice.
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await expectNoA11yViolations(page, 'reschedule page, start again');
  await startAgain.click();
  await expect(page.getByText(/^Choose a new date and time for your ticket to /)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Spec 2 §8 "Cancel order": the ticket chosen was cancelled meanwhile.
  await setSelfEditRules(page.request, seller, { enabled: false });
  try {
    await page.goto(link);
    // The one ticket left booked (the other was cancelled above).
    await page.getByRole('checkbox', { name: /^Select Adult, ticket \d$/ }).check();
    await page.getByRole('button', { name: 'Cancel selected' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel these tickets?' });
    await expect(confirm).toBeVisible();
    await cancelElsewhere(page.request, seller, link, 0);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('No valid tickets found on this order');
    await expect(confirm).toBeHidden();
    // The order as it is now: nothing left to cancel.
    await expect(page.getByText('This order has no free tickets to cancel.')).toBeVisible();
    await expectNoA11yViolations(page, 'cancel-free-order page, no valid tickets');
  } finally {
    await setSelfEditRules(page.request, seller, null);
  }
});
