import type { Page } from '@playwright/test';
import { eventIdOf, sessionAt, venueDay } from './date-first-helpers';
import { expect, type Seller, test } from './fixtures';
import { expectApgDialog, expectNoA11yViolations } from './helpers';

/**
 * The seat map of the demo theatre (seated groups Stalls and Balcony, date-first): seats chosen with the
 * mouse on the picture (a click takes its neighbours for the group's tickets, a second click deselects),
 * confirmed, reserved and paid; chosen with the keyboard alone through the section, row and seat lists;
 * two browsers racing for one seat.
 */

const THEATRE = 'Museum Theatre: The Tempest';

interface WireSeat {
  seat_template_id: string;
  name: string;
  section: string;
  row: string;
  x: number;
  y: number;
  state: string;
  next: string | null;
}

async function seatMapOf(page: Page, eventId: string, sessionId: string) {
  const sellerId = await page.evaluate(
    () => JSON.parse(document.getElementById('tix-config')?.textContent ?? '{}').sellerId as string,
  );
  const res = await page.request.get(`/api/events/${eventId}/sessions/${sessionId}/seat_map`, {
    params: { _withgeometry: 'true', seller_id: sellerId },
    headers: { 'Tix-App': 'ecomm' },
  });
  expect(res.ok()).toBe(true);
  const body = await res.json();
  const map = body.seat_map._data[0];
  return {
    width: (map.map_geometry?.width ?? map.width) as number,
    height: (map.map_geometry?.height ?? map.height) as number,
    seats: body.seat._data as WireSeat[],
  };
}

/** The theatre's evening session `offset` days ahead, opened with its form; returns ids. */
async function openTheatre(page: Page, seller: Seller, offset: number) {
  const id = await eventIdOf(page, seller, THEATRE);
  const session = await sessionAt(page, id, venueDay(offset), '19:30');
  await page.goto(`${seller.base}/events/${id}?session=${session.id}`);
  await expect(page.getByRole('button', { name: 'Add one Adult (Stalls)' })).toBeVisible();
  return { id, sessionId: session.id };
}

test('the tg query keeps to its group once a session is chosen; each stepper names its group', async ({
  page,
  seller,
}) => {
  const { id, sessionId } = await openTheatre(page, seller, 3);
  // Both groups sell Adult: each control says which.
  await expect(page.getByRole('button', { name: 'Add one Adult (Balcony)' })).toBeVisible();
  const sellerId = await page.evaluate(
    () => JSON.parse(document.getElementById('tix-config')?.textContent ?? '{}').sellerId as string,
  );
  const res = await page.request.get(`/api/events/${id}`, {
    params: { seller_id: sellerId, _embed: 'ticket_group' },
    headers: { 'Tix-App': 'ecomm' },
  });
  const groups = (await res.json()).ticket_group._data as { id: string; name: string }[];
  const stalls = groups.find((g) => g.name === 'Stalls');
  if (!stalls) throw new Error('no Stalls group');
  await page.goto(`${seller.base}/events/${id}?tg=${stalls.id}&session=${sessionId}`);
  const form = page.getByRole('form', { name: 'Book tickets' });
  await expect(form.getByRole('button', { name: 'Add one Adult', exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: /Balcony/ })).toHaveCount(0);
  await expect(form.getByRole('group', { name: 'Balcony' })).toHaveCount(0);
});

/** The screen point of a seat on the picture at zoom 1 (the map fitted and centred in its box). */
async function seatPoint(page: Page, map: { width: number; height: number }, seat: WireSeat) {
  const box = await page.getByRole('img', { name: 'Seat map' }).boundingBox();
  if (!box) throw new Error('no picture');
  // The box has a 1 px border; the canvas fills its inside.
  const w = box.width - 2;
  const h = box.height - 2;
  const scale = Math.min(w / map.width, h / map.height);
  return {
    x: box.x + 1 + (w - map.width * scale) / 2 + seat.x * scale,
    y: box.y + 1 + (h - map.height * scale) / 2 + seat.y * scale,
  };
}

test('mouse: a click takes the neighbour, a second click deselects, confirm, reserve and pay', async ({
  page,
  seller,
}) => {
  const { id, sessionId } = await openTheatre(page, seller, 2);
  const form = page.getByRole('form', { name: 'Book tickets' });
  await form.getByRole('button', { name: 'Add one Adult (Stalls)' }).click();
  await form.getByRole('button', { name: 'Add one Child (Stalls)' }).click();
  await expect(form.getByText('A seat must be chosen for every seated ticket.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Add to cart' })).toBeDisabled();

  await form.getByRole('button', { name: 'Choose seats' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose your seats' });
  await expect(dialog.getByRole('img', { name: 'Seat map' })).toBeVisible();
  await expect(dialog.getByText('Not enough seats for Stalls Adult')).toBeVisible();
  await expectNoA11yViolations(page, 'seat map');
  await expectApgDialog(page, dialog, {
    opener: form.getByRole('button', { name: 'Choose seats' }),
    closeable: true,
  });

  const map = await seatMapOf(page, id, sessionId);
  const byId = new Map(map.seats.map((s) => [s.seat_template_id, s]));
  // A Stalls Centre seat whose next seat is free too.
  const first = map.seats.find(
    (s) =>
      s.section === 'Stalls Centre' &&
      s.state === 'available' &&
      s.next !== null &&
      byId.get(s.next)?.state === 'available',
  );
  if (!first?.next) throw new Error('no free pair in Stalls Centre');
  const second = byId.get(first.next) as WireSeat;
  const at = await seatPoint(page, map, first);
  await page.mouse.click(at.x, at.y);
  await expect(dialog.getByRole('status').filter({ hasText: 'Selected' })).toHaveText(
    `Selected Stalls Centre ${first.row}-${first.name}, Stalls Centre ${second.row}-${second.name}.`,
  );
  await expect(dialog.getByText('Stalls: 2 of 2 seats chosen')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm seats' })).toBeEnabled();

  // Deselect the neighbour: the Child has no seat.
  const next = await seatPoint(page, map, second);
  await page.mouse.click(next.x, next.y);
  await expect(dialog.getByText('Not enough seats for Stalls Child')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm seats' })).toBeDisabled();
  const again = await seatPoint(page, map, second);
  await page.mouse.click(again.x, again.y);
  await expect(dialog.getByText('Stalls: 2 of 2 seats chosen')).toBeVisible();

  // Zoom and pan buttons (the single-pointer alternative to dragging).
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await expect(dialog.getByText('Zoom 2×')).toBeVisible();
  await dialog.getByRole('button', { name: 'Zoom out' }).click();
  await expect(dialog.getByText('Zoom 1.5×')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fit map' }).click();

  await dialog.getByRole('button', { name: 'Confirm seats' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    form.getByText(
      `Seats: Stalls Centre ${first.row}-${first.name}, Stalls Centre ${second.row}-${second.name}`,
    ),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
  // The cart lists the seats under the item's lines, in seat order.
  const seatTexts = [first, second]
    .map((s) => `Stalls Centre, Row ${s.row}, Seat ${s.name}`)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  await expect(page.getByText('1 × Adult')).toBeVisible();
  await expect(page.getByText('1 × Child')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Seats' }).getByRole('listitem')).toHaveText(seatTexts);

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Confirm email').fill('ada@example.com');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  // The confirmation lists the order's seats.
  await expect(page.getByText(/^Museum Theatre: The Tempest, /)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Seats' }).getByRole('listitem')).toHaveText(seatTexts);
  await expectNoA11yViolations(page, 'confirmation with seats');

  // The seats are booked now.
  const after = await seatMapOf(page, id, sessionId);
  const states = after.seats
    .filter(
      (s) => s.seat_template_id === first.seat_template_id || s.seat_template_id === second.seat_template_id,
    )
    .map((s) => s.state);
  expect(states).toEqual(['booked', 'booked']);
});

/** Keyboard only: focus moves with Tab, buttons are pressed with Enter or Space, lists change with arrows. */
async function tabTo(page: Page, name: RegExp | string, role: 'button' | 'combobox' = 'button') {
  const target = page.getByRole(role, { name }).first();
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

test('keyboard alone: section, row and seat from the lists, each selection announced', async ({
  page,
  seller,
}) => {
  await openTheatre(page, seller, 3);
  await tabTo(page, 'Add one Adult (Stalls)');
  await page.keyboard.press('Enter');
  await tabTo(page, 'Choose seats');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Choose your seats' });
  await expect(dialog.getByRole('img', { name: 'Seat map' })).toBeVisible();

  await tabTo(page, 'Section', 'combobox');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('combobox', { name: 'Section' })).toHaveValue('Stalls Centre');
  await tabTo(page, 'Row', 'combobox');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('combobox', { name: 'Row' })).toHaveValue('B');
  const seats = dialog.getByRole('list', { name: 'Seats' }).last();
  const free = seats.getByRole('button', { name: /, available$/ }).first();
  const label = (await free.getAttribute('aria-label')) ?? '';
  await tabTo(page, label);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status').filter({ hasText: 'Selected' })).toHaveText(
    /^Selected Stalls Centre B-/,
  );
  await expect(seats.getByRole('button', { name: label.replace(/available$/, 'selected') })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dialog.getByText('Stalls: 1 of 1 seat chosen')).toBeVisible();
  await expectNoA11yViolations(page, 'seat list');
  await tabTo(page, 'Confirm seats');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
});

test('allocation: a seat past the group’s quantity is refused; fewer tickets than seats is too many', async ({
  page,
  seller,
}) => {
  const { id, sessionId } = await openTheatre(page, seller, 4);
  const form = page.getByRole('form', { name: 'Book tickets' });
  const addAdult = form.getByRole('button', { name: 'Add one Adult (Stalls)' });
  await addAdult.click();
  await form.getByRole('button', { name: 'Choose seats' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose your seats' });
  await expect(dialog.getByText('Not enough seats for Stalls Adult')).toBeVisible();
  const map = await seatMapOf(page, id, sessionId);
  const row = map.seats.filter((s) => s.section === 'Stalls Left' && s.state === 'available');
  const [first, far] = [row[0], row.at(-1)];
  if (!first || !far) throw new Error('no seats');
  // Each point is read from the picture as it stands once the previous click has shown its outcome: a click
  // read from a box that is still moving lands on another seat.
  await expect(dialog.getByRole('img', { name: 'Seat map' })).toBeVisible();
  const firstAt = await seatPoint(page, map, first);
  await page.mouse.click(firstAt.x, firstAt.y);
  await expect(dialog.getByText('Stalls: 1 of 1 seat chosen')).toBeVisible();
  const farAt = await seatPoint(page, map, far);
  await page.mouse.click(farAt.x, farAt.y);
  // The group had its one seat: the second click is refused and said so, not selected as one too many.
  await expect(dialog.getByRole('status').filter({ hasText: 'can not be chosen.' })).toHaveCount(1);
  await expect(dialog.getByText('Too many seats for Stalls')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Confirm seats' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Confirm seats' }).click();
  await expect(dialog).toBeHidden();

  // Two tickets and their two seats, then one ticket fewer: the map says too many.
  await addAdult.click();
  await form.getByRole('button', { name: /Choose seats|Change seats/ }).click();
  const second = map.seats.find((s) => s.seat_template_id === first.next) ?? far;
  await expect(dialog.getByText('Stalls: 1 of 2 seats chosen')).toBeVisible();
  const at = await seatPoint(page, map, second);
  await page.mouse.click(at.x, at.y);
  await expect(dialog.getByText('Stalls: 2 of 2 seats chosen')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm seats' }).click();
  await expect(dialog).toBeHidden();
  await form.getByRole('button', { name: 'Remove one Adult (Stalls)' }).click();
  await form.getByRole('button', { name: /Choose seats|Change seats/ }).click();
  await expect(dialog.getByText('Too many seats for Stalls')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm seats' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
  await expect(form.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
});

test('two browsers race for one seat: exactly one wins, the other sees the error and the seat booked', async ({
  browser,
  seller,
}) => {
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    const pages = await Promise.all(contexts.map((c) => c.newPage()));
    const opened = await Promise.all(pages.map((p) => openTheatre(p, seller, 5)));
    const { id, sessionId } = opened[0] as { id: string; sessionId: string };
    const map = await seatMapOf(pages[0] as Page, id, sessionId);
    const seat = map.seats.find((s) => s.section === 'Balcony' && s.state === 'available') as WireSeat;
    const label = `Balcony, row ${seat.row}, seat ${seat.name}, available`;
    for (const page of pages) {
      const form = page.getByRole('form', { name: 'Book tickets' });
      await form.getByRole('button', { name: 'Add one Adult (Balcony)' }).click();
      await form.getByRole('button', { name: 'Choose seats' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose your seats' });
      await dialog.getByRole('combobox', { name: 'Section' }).selectOption('Balcony');
      await dialog.getByRole('combobox', { name: 'Row' }).selectOption(seat.row);
      await dialog.getByRole('button', { name: label }).click();
      await dialog.getByRole('button', { name: 'Confirm seats' }).click();
      await expect(dialog).toBeHidden();
      await expect(form.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    }
    await Promise.all(
      pages.map((p) =>
        p.getByRole('form', { name: 'Book tickets' }).getByRole('button', { name: 'Add to cart' }).click(),
      ),
    );
    const taken = 'Sorry, a seat you chose has just been taken. Please choose another seat.';
    const outcome = async (page: Page) => {
      const won = page.getByRole('heading', { level: 1, name: 'Payment information' });
      const lost = page.getByText(taken);
      await expect(won.or(lost)).toBeVisible();
      return (await won.isVisible()) ? 'won' : 'lost';
    };
    const results = await Promise.all(pages.map(outcome));
    expect([...results].sort()).toEqual(['lost', 'won']);
    const loser = pages[results.indexOf('lost')] as Page;
    const form = loser.getByRole('form', { name: 'Book tickets' });
    await expect(form.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    await form.getByRole('button', { name: 'Choose seats' }).click();
    const dialog = loser.getByRole('dialog', { name: 'Choose your seats' });
    await dialog.getByRole('combobox', { name: 'Section' }).selectOption('Balcony');
    await dialog.getByRole('combobox', { name: 'Row' }).selectOption(seat.row);
    await expect(
      dialog.getByRole('button', { name: `Balcony, row ${seat.row}, seat ${seat.name}, booked` }),
    ).toBeDisabled();
  } finally {
    for (const c of contexts) await c.close();
  }
});
