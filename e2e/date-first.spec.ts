import dayjs from 'dayjs';
import { eventIdOf, sessionAt, tabTo, venueDay } from './date-first-helpers';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

const GENERIC = 'Sorry, tickets are not available for this event.';
const longDate = (date: string) => dayjs(date).format('dddd, MMMM D, YYYY');

test('a keyboard-only date-first purchase through Choose date reaches checkout', async ({ page, seller }) => {
  await page.goto(`${seller.base}/events`);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'General Admission' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
  await expectNoA11yViolations(page, 'event detail: dates');

  const showMore = page.getByRole('button', { name: 'Show more dates' });
  await tabTo(page, showMore);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Choose date' });
  await expect(dialog).toBeVisible();
  const current = dialog.locator('[data-date][tabindex="0"]');
  await expect(current).toBeFocused();
  // Each available day's name starts with what it shows, its day and price (label in name), then its date.
  await expect(current).toHaveAccessibleName(/^\d{1,2} From \$12\.00, \w+day, \w+ \d{1,2}, \d{4}/);
  // The APG date picker: a grid labelled by the month heading, one day in the tab order.
  await expect(dialog.getByRole('grid')).toHaveAccessibleName(/^\w+ \d{4}$/);
  await expect(dialog.locator('[data-date][tabindex="0"]')).toHaveCount(1);
  await expect(dialog.getByRole('grid').getByRole('gridcell')).toHaveCount(42);
  await expectNoA11yViolations(page, 'Choose date dialog');
  const first = (await current.getAttribute('data-date')) ?? '';

  // WAI-ARIA date picker keys: arrows by a day or a week, Home/End to the week's ends, PageUp/PageDown by a month.
  const expectFocusOn = async (date: string) => {
    await expect(dialog.locator(`[data-date="${date}"]`)).toBeFocused();
  };
  await page.keyboard.press('ArrowRight');
  await expectFocusOn(dayjs(first).add(1, 'day').format('YYYY-MM-DD'));
  await page.keyboard.press('ArrowDown');
  await expectFocusOn(dayjs(first).add(8, 'day').format('YYYY-MM-DD'));
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await expectFocusOn(first);
  await page.keyboard.press('End');
  await expectFocusOn(dayjs(first).endOf('week').format('YYYY-MM-DD'));
  await page.keyboard.press('Home');
  await expectFocusOn(dayjs(first).startOf('week').format('YYYY-MM-DD'));
  await page.keyboard.press('End');
  await page.keyboard.press('PageDown');
  const target = dayjs(first).endOf('week').add(1, 'month').format('YYYY-MM-DD');
  await expectFocusOn(target);
  await expect(dialog.getByText(dayjs(target).format('MMMM YYYY'), { exact: true })).toBeVisible();
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageDown');
  await expectFocusOn(target);
  await page.keyboard.press('Enter');

  // The dialog closes; its opener is gone with the day list, so focus goes to the chosen date.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Date', exact: true })).toBeFocused();
  await expect(page.getByText(longDate(target))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('button').first()).toBeVisible();
  await expectNoA11yViolations(page, 'event detail: sessions');

  await tabTo(page, page.getByRole('tabpanel').getByRole('button', { disabled: false }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Time', exact: true })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Choose tickets' })).toBeVisible();
  const addAdult = page.getByRole('button', { name: 'Add one Adult' });
  await tabTo(page, addAdult);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: 'Adult quantity' })).toHaveText('2');
  await expectNoA11yViolations(page, 'event detail: tickets');
  await tabTo(page, page.getByRole('button', { name: 'Add to cart' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your cart' }).getByText('2 × Adult')).toBeVisible();
  await expectNoA11yViolations(page, 'checkout');
});

test('?date= preselects an available day; an unavailable or malformed one warns, or blocks in strict mode', async ({
  page,
  seller,
}) => {
  const id = await eventIdOf(page, seller, 'General Admission');
  const day = venueDay(2);

  await page.goto(`${seller.base}/events/${id}?date=${day}`);
  await expect(page.getByText(longDate(day))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
  await expect(page.locator('.message--warning')).toHaveCount(0);
  await expectNoA11yViolations(page, '?date= preselected');

  for (const bad of ['2000-01-01', dayjs(day).format('MM/DD/YYYY')]) {
    await page.goto(`${seller.base}/events/${id}?date=${encodeURIComponent(bad)}`);
    await expect(page.getByText('Sorry, tickets are not available on the date of your visit.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
  }
  await expectNoA11yViolations(page, '?date= warning');

  await page.goto(`${seller.base}/events/${id}?date=2000-01-01&reserve=strict`);
  await expect(page.getByText(GENERIC)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a date' })).toBeHidden();
  await expect(page.getByText('Sorry, tickets are not available on the date of your visit.')).toBeHidden();
  // Issue 25: the refusal is final; no 'Try again' that would reload into the same refusal.
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expectNoA11yViolations(page, '?date= strict');

  // A falsy reserve word silences the problem; a truthy one warns.
  await page.goto(`${seller.base}/events/${id}?date=2000-01-01&reserve=no`);
  await expect(page.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
  await expect(page.locator('.message--warning')).toHaveCount(0);
  await page.goto(`${seller.base}/events/${id}?date=2000-01-01&reserve=yes`);
  await expect(page.getByText('Sorry, tickets are not available on the date of your visit.')).toBeVisible();

  await page.goto(`${seller.base}/events/${id}?date=${day}&session=next`);
  await expect(
    page.getByText('The session and date query parameters can not be used together.'),
  ).toBeVisible();
  await page.goto(`${seller.base}/events/${id}?date=${day}&session=next&reserve=strict`);
  await expect(page.getByText(GENERIC)).toBeVisible();

  await page.goto(`${seller.base}/events/${id}?date=${day}&Nobody=2`);
  await expect(page.getByText('Sorry, ticket types not found: Nobody.')).toBeVisible();
  await expect(page.getByText(longDate(day))).toBeVisible();
  await page.goto(`${seller.base}/events/${id}?date=${day}&Nobody=2&reserve=strict`);
  await expect(page.getByText(GENERIC)).toBeVisible();
});

test('?session= preselects a session on any day with query quantities; unknown or sold-out ones warn, or block in strict mode', async ({
  page,
  seller,
}) => {
  const id = await eventIdOf(page, seller, 'General Admission');
  const day = venueDay(2);
  const eleven = await sessionAt(page, id, day, '11:00');

  await page.goto(`${seller.base}/events/${id}?session=${eleven.id}&adult=2`);
  await expect(page.getByText(longDate(day))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Time', exact: true })).toBeVisible();
  await expect(page.getByText('11:00 AM')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Adult quantity' })).toHaveText('2');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expectNoA11yViolations(page, '?session= preselected');

  await page.goto(`${seller.base}/events/${id}?session=no-such-session`);
  await expect(page.getByText('Sorry, the selected time is not found.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a date' })).toBeVisible();
  await expectNoA11yViolations(page, '?session= warning');
  await page.goto(`${seller.base}/events/${id}?session=no-such-session&reserve=strict`);
  await expect(page.getByText(GENERIC)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a date' })).toBeHidden();

  // The seeded sold-out session three days out.
  const soldOut = await sessionAt(page, id, venueDay(3), '14:00');
  expect(soldOut.sold_out).toBe(true);
  await page.goto(`${seller.base}/events/${id}?session=${soldOut.id}`);
  await expect(page.getByText('Sorry, tickets are not available at the selected time.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
  await page.goto(`${seller.base}/events/${id}?session=${soldOut.id}&reserve=strict`);
  await expect(page.getByText(GENERIC)).toBeVisible();

  await page.goto(`${seller.base}/events/${id}?session=next`);
  await expect(page.getByRole('heading', { name: 'Time', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose tickets' })).toBeVisible();
});

test('a nearly sold-out session warns: Hurry, less than 10 tickets available.', async ({ page, seller }) => {
  const id = await eventIdOf(page, seller, 'General Admission');
  const nearly = await sessionAt(page, id, venueDay(3), '15:00');
  expect(nearly.capacity - nearly.used_capacity).toBeLessThan(10);
  await page.goto(`${seller.base}/events/${id}?session=${nearly.id}`);
  await expect(page.getByText('3:00 PM')).toBeVisible();
  await expect(page.getByText('Hurry, less than 10 tickets available.')).toBeVisible();
  await expectNoA11yViolations(page, 'nearly sold out');
});

test('flexible (any-date) tickets beside single-date ones: no date needed', async ({ page, seller }) => {
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'Sculpture Garden' }).click();
  await expect(page.getByRole('group', { name: 'Tickets for' })).toBeVisible();
  await page
    .getByRole('form', { name: 'Book tickets' })
    .getByRole('list')
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
  await expectNoA11yViolations(page, 'garden: single date');

  await page.getByRole('radio', { name: 'Any date (flexible)' }).check();
  await expect(page.getByRole('heading', { name: 'Choose a date' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Choose a time' })).toBeHidden();
  await expect(page.getByText('Flexible tickets are valid on any date.')).toBeVisible();
  // Only the flexible tickets; the box-office group is never shown.
  await expect(page.getByRole('button', { name: 'Add one Adult' })).toBeHidden();
  await expect(page.getByText('Staff guest')).toBeHidden();
  await page.getByRole('button', { name: 'Add one Anytime Adult' }).click();
  await expectNoA11yViolations(page, 'garden: flexible');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Your cart' }).getByText('1 × Anytime Adult'),
  ).toBeVisible();
  await expectNoA11yViolations(page, 'checkout with a flexible ticket');
});
