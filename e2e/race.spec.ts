import type { Page } from '@playwright/test';
import { eventIdOf, sessionAt, venueDay } from './date-first-helpers';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

/**
 * Two visitors in two browsers want 3 of the last 4 places of the nearly sold-out session: both press Add to
 * cart at once. The server lets one through; the other sees the sold-out message for that time, the session
 * list reloaded with the choice cleared, and can go on with another time.
 */
test('two browsers race for the last tickets of a session: the loser sees the sold-out message and a fresh list', async ({
  browser,
  seller,
}) => {
  const one = await browser.newContext();
  const two = await browser.newContext();
  try {
    const pageA = await one.newPage();
    const pageB = await two.newPage();
    const id = await eventIdOf(pageA, seller, 'General Admission');
    const session = await sessionAt(pageA, id, venueDay(3), '15:00');
    const left = session.capacity + session.oversell_capacity - session.used_capacity;
    expect(left).toBeGreaterThan(1);
    // Each wants more than half of what is left: only one can have them.
    const wanted = Math.floor(left / 2) + 1;

    const sessionLoads = { a: 0, b: 0 };
    const ready = async (page: Page, who: 'a' | 'b') => {
      page.on('request', (r) => {
        if (r.method() === 'GET' && new URL(r.url()).pathname.endsWith(`/events/${id}/sessions`))
          sessionLoads[who]++;
      });
      await page.goto(`${seller.base}/events/${id}?session=${session.id}&Adult=${wanted}`);
      await expect(page.getByRole('status', { name: 'Adult quantity' })).toHaveText(String(wanted));
      await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    };
    await Promise.all([ready(pageA, 'a'), ready(pageB, 'b')]);

    await Promise.all([
      pageA.getByRole('button', { name: 'Add to cart' }).click(),
      pageB.getByRole('button', { name: 'Add to cart' }).click(),
    ]);

    const checkout = (page: Page) => page.getByRole('heading', { level: 1, name: 'Payment information' });
    const soldOut = (page: Page) =>
      page.getByText(
        'Tickets have sold out for the session at 3:00 PM. Please select another session and try again.',
      );
    // Exactly one reaches checkout; the other shows the sold-out message.
    const outcome = async (page: Page) => {
      await expect(checkout(page).or(soldOut(page))).toBeVisible();
      return (await checkout(page).isVisible()) ? 'won' : 'lost';
    };
    const [a, b] = await Promise.all([outcome(pageA), outcome(pageB)]);
    expect([a, b].sort()).toEqual(['lost', 'won']);
    const loser = a === 'lost' ? pageA : pageB;
    const winner = a === 'won' ? pageA : pageB;
    const loserKey: 'a' | 'b' = a === 'lost' ? 'a' : 'b';

    await expect(
      winner.getByRole('complementary', { name: 'Your cart' }).getByText(`${wanted} × Adult`),
    ).toBeVisible();
    // The loser: the message as an alert, the session cleared, a fresh session list to choose from.
    await expect(
      loser.getByRole('alert').filter({ hasText: 'Tickets have sold out for the session at 3:00 PM.' }),
    ).toBeVisible();
    await expect(loser.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
    await expect(loser.getByRole('heading', { name: 'Choose tickets' })).toBeHidden();
    expect(sessionLoads[loserKey]).toBe(2);
    await expect(loser.getByRole('tabpanel').getByRole('button', { disabled: false }).first()).toBeVisible();
    await expectNoA11yViolations(loser, 'sold-out message with a fresh session list');

    // The loser goes on with another time and reaches checkout.
    await loser
      .getByRole('tabpanel')
      .getByRole('button', { name: /^10:00 AM/ })
      .click();
    await loser.getByRole('button', { name: 'Add one Adult' }).click();
    await loser.getByRole('button', { name: 'Add to cart' }).click();
    await expect(checkout(loser)).toBeVisible();
  } finally {
    await one.close();
    await two.close();
  }
});
