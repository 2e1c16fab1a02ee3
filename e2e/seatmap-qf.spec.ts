import { eventId, expect, test } from './fixtures';
import { expectNoA11yViolations, recordApiRequests } from './helpers';

/**
 * Seats in the quantity-first form: the demo studio (one seated group, `reserve_flow` quantity_first; its
 * days show the seller's price display, config `web.price_display`). The seat selection block shows once a
 * time is chosen; submit waits for a seat per ticket; the reserve sends each seat with its template id and
 * ticket group id.
 */

const STUDIO = 'Museum Studio: Chamber Recital';

/** `studioIds.event` of server/seed/seats.ts (a link-only event: not in the listing). */

test('quantity-first: two adults, a date and time, seats from the list path, reserve', async ({
  page,
  seller,
}) => {
  const api = recordApiRequests(page);
  await page.goto(`${seller.base}/events/${eventId(seller, 'museum-studio')}`);
  await expect(page.getByRole('heading', { level: 1, name: STUDIO })).toBeVisible();
  const form = page.getByRole('form', { name: 'Book tickets' });
  const addAdult = form.getByRole('button', { name: 'Add one Adult' });
  await addAdult.click();
  await addAdult.click();
  await form.getByRole('button', { name: 'Find tickets' }).click();
  await expect(form.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
  // The studio's price display (its config web.price_display, issue 25; spec 1 §2 "Each day shows
  // availability, price prefix, price and badges"): each open day shows the Adult price after the prefix
  // 'Adults' and the Child price as the badge 'Children', not the lowest price after 'From'; the name starts
  // with what the button shows.
  const priced = form
    .getByRole('list')
    .getByRole('button', {
      name: /^[A-Z][a-z]{2} \d{1,2} Adults \$25\.00 Children \$15\.00, [A-Z][a-z]+day, /,
    })
    .first();
  await expect(priced).toBeEnabled();
  await expect(priced).toContainText('Adults $25.00');
  await expect(priced.getByText('Children $15.00', { exact: true })).toBeVisible();
  await expect(form.getByRole('list').getByRole('button', { name: /\bFrom \$/ })).toHaveCount(0);
  await expectNoA11yViolations(page, 'quantity-first: days with the price display');
  await priced.click();
  await expect(form.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
  await form.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  await expect(form.getByRole('heading', { name: 'Your visit' })).toBeVisible();

  // The seat selection block: no seats yet, submit disabled.
  await expect(form.getByText('A seat must be chosen for every seated ticket.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await expectNoA11yViolations(page, 'quantity-first: seat block');

  await form.getByRole('button', { name: 'Choose seats' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose your seats' });
  await expect(dialog.getByRole('img', { name: 'Seat map' })).toBeVisible();
  await expect(dialog.getByText('Not enough seats for Studio Adult')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Section' }).selectOption('Studio');
  await dialog.getByRole('combobox', { name: 'Row' }).selectOption('B');
  // A seat whose neighbour is free: the click takes both (auto-neighbour selection).
  await dialog
    .getByRole('list', { name: 'Seats' })
    .last()
    .getByRole('button', { name: 'Studio, row B, seat B3, available' })
    .click();
  await expect(dialog.getByText('Studio: 2 of 2 seats chosen')).toBeVisible();
  await expectNoA11yViolations(page, 'quantity-first: seat map');
  await dialog.getByRole('button', { name: 'Confirm seats' }).click();
  await expect(dialog).toBeHidden();
  await expect(form.getByText(/^Seats: Studio B-B3, Studio B-B\d+$/)).toBeVisible();
  await expect(form.getByText('A seat must be chosen for every seated ticket.')).toBeHidden();

  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByText('2 × Adult')).toBeVisible();

  // The reserve carried a seat on each ticket line.
  const seatLines = api.flatMap((r) => r.postData()?.match(/"seat_template_id":\s*"[^"]+"/g) ?? []);
  expect(new Set(seatLines).size).toBe(2);
});
