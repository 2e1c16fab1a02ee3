/**
 * Reschedule (issue 24; spec 2 §2 "Reschedule page", "Edit-order page", §4 "Reschedule", "Edit order"): a guest's
 * free workshop order, reached through its emailed manage link, is moved to another day at the same price: the
 * session's Reschedule, a day, a time, Update; back on the manage page the change waits (unsaved, the old places
 * still taken); Confirm Changes completes it for free: the old places come back, the new ones are taken, the
 * success message shows. Axe clean at each step; on a phone too. A paid Watercolour Workshop morning place moved to
 * an afternoon two weeks on, chosen in the 'Choose date' calendar, which costs more (session prices): the page's
 * cost-increase warning with the amount, Confirm Changes goes to the
 * confirm page with the price difference, paid with the sandbox card, back to the order with the success message,
 * the same order number, the morning place freed and the afternoon one taken.
 */
import type { Page } from '@playwright/test';
import { expect, type Seller, test } from './fixtures';
import { expectApgDialog, expectNoA11yViolations } from './helpers';
import { bookFree, bookThroughApi, firstTicketOf, manageLink, usedOf } from './manage-helpers';

const WORKSHOP = 'Family Workshop: Drop-in Drawing';

async function rescheduleToAnotherDay(page: Page, seller: Seller, label: string) {
  const email = `reschedule-${label}-${seller.slug}@example.com`;
  await bookFree(page.request, seller, email, 2);
  const link = await manageLink(page.request, seller, email);
  const { orderId, sessionId, date } = await firstTicketOf(page, seller, link);

  await page.goto(link);
  const before = await usedOf(page, seller, date, sessionId);
  const card = page.getByRole('region', { name: new RegExp(`^${WORKSHOP}, `) });
  await card.getByRole('link', { name: 'Reschedule' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reschedule' })).toBeVisible();
  const update = page.getByRole('button', { name: 'Update' });
  await expect(update).toBeDisabled();
  // The last day button offered: days later than the order's (its sessions are beyond the horizon); like the
  // reserve's day buttons it shows the day's price for the moving tickets (the workshop is free).
  const day = page.getByRole('list').getByRole('button', { disabled: false }).last();
  await expect(day).toHaveAccessibleName(/^\w{3} \d{1,2} Free, /);
  await day.click();
  await page.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  await expect(update).toBeEnabled();
  // The day strip and the session tabs wrap: the page is never wider than the screen (a phone too).
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  await expectNoA11yViolations(page, `reschedule page (${label})`);
  await update.click();

  // Back on the manage page: the change waits to be confirmed; nothing has moved yet.
  await expect(page).toHaveURL(new RegExp(`/manage/${orderId}\\?token=`));
  const unsaved = page.getByRole('region', { name: 'Unsaved changes' });
  await expect(
    unsaved.getByText('You have unsaved changes to your order that must be confirmed.'),
  ).toBeVisible();
  await expect(page.getByText('Removed', { exact: true })).toHaveCount(2);
  await expect(page.getByText('New', { exact: true })).toHaveCount(2);
  expect(await usedOf(page, seller, date, sessionId)).toBe(before);
  await expectNoA11yViolations(page, `edit-order page with the reschedule (${label})`);
  // The same price: nothing to pay, Confirm Changes completes it here.
  await expect(unsaved.getByText(/^To pay/)).toHaveCount(0);
  await unsaved.getByRole('button', { name: 'Confirm Changes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your tickets have been rescheduled.' }),
  ).toBeVisible();
  await expect(unsaved).toBeHidden();
  // The old places are free again; the two tickets are now in the new session.
  expect(await usedOf(page, seller, date, sessionId)).toBe(before - 2);
  const moved = await page.request.get(`/api/ticket_order/${orderId}`, {
    params: {
      seller_id: seller.id,
      _embed: 'ticket,event_session',
      token: new URL(link, 'http://x').searchParams.get('token') ?? '',
    },
    headers: { 'Tix-App': 'ecomm' },
  });
  const body = await moved.json();
  const tickets = body.ticket._data as Array<{ state: string; event_session_id: string }>;
  const booked = tickets.filter((t) => t.state === 'booked');
  expect(booked).toHaveLength(2);
  const newSession = booked[0]?.event_session_id as string;
  expect(booked.every((t) => t.event_session_id === newSession)).toBe(true);
  expect(newSession).not.toBe(sessionId);
  const start = (body.event_session._data as Array<{ id: string; start_datetime: string }>).find(
    (x) => x.id === newSession,
  )?.start_datetime as string;
  const newDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(start));
  expect(newDate > date).toBe(true);
  expect(await usedOf(page, seller, newDate, newSession)).toBeGreaterThanOrEqual(2);
  await expectNoA11yViolations(page, `edit-order page after the reschedule (${label})`);
}

test('a guest reschedules a free order to another day at the same price, from the emailed manage link', async ({
  page,
  seller,
}) => {
  await rescheduleToAnotherDay(page, seller, 'desktop');
});

test('on a phone, a guest reschedules to another day at the same price @phone', async ({ page, seller }) => {
  await rescheduleToAnotherDay(page, seller, `phone-${test.info().project.name}`);
});

test('a guest moves a paid place to a pricier afternoon session and pays the difference at the confirm page', async ({
  page,
  seller,
}) => {
  const email = `costs-more-${seller.slug}@example.com`;
  // One Adult place at the 10:00 session ($20.00); the 14:00 sessions cost $35.00 (server/README.md, Session prices).
  await bookThroughApi(page.request, seller, email, {
    n: 1,
    eventKey: 'watercolour-workshop',
    amount: '20.00',
  });
  const link = await manageLink(page.request, seller, email);
  const { orderId, sessionId, date } = await firstTicketOf(page, seller, link);
  const usedHere = (d: string, id: string) => usedOf(page, seller, d, id, 'watercolour-workshop');

  await page.goto(link);
  const heading = page.getByRole('heading', { level: 1, name: /^Order / });
  await expect(heading).toBeVisible();
  const before = await usedHere(date, sessionId);
  const orderTitle = await heading.textContent();
  await page
    .getByRole('region', { name: /^Watercolour Workshop, / })
    .getByRole('link', { name: 'Reschedule' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reschedule' })).toBeVisible();
  await expect(
    page.getByText(
      'Tickets on another date may cost more: any difference is paid when you confirm your changes.',
    ),
  ).toBeVisible();
  // The day buttons are priced for the moving Adult: from the morning's $20.00 (the afternoon's is $35.00).
  // Not the first day: today, once its 10:00 session has started, is from the afternoon's $35.00 (the server
  // runs on the real clock), so the next day is read.
  await expect(page.getByRole('list').getByRole('button', { disabled: false }).nth(1)).toHaveAccessibleName(
    /^\w{3} \d{1,2} From \$20\.00, /,
  );
  // A day two weeks on, from the 'Choose date' calendar ('Show more dates'): arrow keys, then Enter.
  const more = page.getByRole('button', { name: 'Show more dates' });
  await more.click();
  const calendar = page.getByRole('dialog', { name: 'Choose date' });
  await expectApgDialog(page, calendar, { opener: more, closeable: true });
  await expectNoA11yViolations(page, "reschedule page's calendar");
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(page.getByRole('list').getByRole('button', { pressed: true })).toHaveCount(1);
  await page.getByRole('tab', { name: 'Afternoon' }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: '2:00 PM' }).click();
  await expect(
    page.getByText('This time costs $15.00 more. You pay the difference when you confirm your changes.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();

  // Back on the order: the change waits, with $15.00 to pay.
  await expect(page).toHaveURL(new RegExp(`/manage/${orderId}\\?token=`));
  const unsaved = page.getByRole('region', { name: 'Unsaved changes' });
  await expect(unsaved.getByText('To pay: $15.00')).toBeVisible();
  await unsaved.getByRole('button', { name: 'Confirm Changes' }).click();

  await expect(page).toHaveURL(new RegExp(`/manage/${orderId}/confirm`));
  await expect(page.getByText('Price difference to pay: $15.00')).toBeVisible();
  await expectNoA11yViolations(page, 'confirm changes with a price difference');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();

  // Back on the order, the same one, rescheduled.
  await expect(page).toHaveURL(new RegExp(`/manage/${orderId}\\?token=`));
  await expect(
    page.getByRole('status').filter({ hasText: 'Your tickets have been rescheduled.' }),
  ).toBeVisible();
  await expect(heading).toHaveText(orderTitle ?? '');
  expect(await usedHere(date, sessionId)).toBe(before - 1);
  const res = await page.request.get(`/api/ticket_order/${orderId}`, {
    params: {
      seller_id: seller.id,
      _embed: 'ticket,event_session',
      token: new URL(link, 'http://x').searchParams.get('token') ?? '',
    },
    headers: { 'Tix-App': 'ecomm' },
  });
  const body = await res.json();
  const tickets = body.ticket._data as Array<{
    state: string;
    event_session_id: string;
    adjusted_value: string;
  }>;
  const booked = tickets.filter((t) => t.state === 'booked');
  expect(booked.map((t) => t.adjusted_value)).toEqual(['35.00']);
  const moved = booked[0]?.event_session_id as string;
  expect(moved).not.toBe(sessionId);
  const start = (body.event_session._data as Array<{ id: string; start_datetime: string }>).find(
    (x) => x.id === moved,
  )?.start_datetime as string;
  const newDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(start));
  expect(await usedHere(newDate, moved)).toBe(1);
  await expectNoA11yViolations(page, 'edit-order page after paying the difference');
});
