import { eventId, expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

/**
 * Message rules and an all-day event as a visitor meets them (spec 1 §3 "Message rule", §9 all-day events; issue
 * 25): the seeded Sculpture Park Day Ticket (one session a day, 9 AM to 5 PM) annotates weekend days 'Trail
 * tours', says when its tours leave once such a day is chosen, offers the day as 'All day' with its hours
 * instead of time tabs, and speaks to a child's ticket beside the quantities.
 */
test('a weekend day of the sculpture park: its annotation, its message, "All day" and a child’s ticket', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/events/${eventId(seller, 'sculpture-park')}`);
  const form = page.getByRole('form', { name: 'Book tickets' });
  // Eight days in a row always hold a weekend day; weekdays carry no annotation.
  const weekend = form.getByRole('button', { name: /Trail tours, (Saturday|Sunday),/ }).first();
  await expect(weekend).toBeVisible();
  await expect(
    form.getByRole('button', { name: /Trail tours, (Monday|Tuesday|Wednesday|Thursday|Friday),/ }),
  ).toHaveCount(0);
  await expectNoA11yViolations(page, 'sculpture park days');

  await weekend.click();
  await expect(
    form.getByText('Weekends: free trail tours leave the park gate at 11:00 AM and 2:00 PM.'),
  ).toBeVisible();
  // All day: no time-of-day tabs, the day's one session with its hours.
  await expect(form.getByRole('tablist')).toHaveCount(0);
  await form.getByRole('button', { name: 'All day, 9:00 AM to 5:00 PM' }).click();
  await expect(form.getByRole('region', { name: 'Time' })).toContainText('All day');
  await expectNoA11yViolations(page, 'sculpture park all day');

  const childNote = form.getByText('Children under 12 must be with an adult.');
  await form.getByRole('button', { name: 'Add one Adult' }).click();
  await expect(childNote).toHaveCount(0);
  await form.getByRole('button', { name: 'Add one Child' }).click();
  await expect(childNote).toBeVisible();
  await expectNoA11yViolations(page, 'sculpture park quantity message');
});
