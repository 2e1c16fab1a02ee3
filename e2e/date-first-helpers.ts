/** Helpers of the date-first specs: venue days, session ids from the API, keyboard-only focus moves. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Seller } from './fixtures';

export const VENUE_TZ = 'America/New_York';

/** The venue-local day (YYYY-MM-DD) `offset` days from now. */
export function venueDay(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_TZ }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

/** The venue-local 'h:mm AM' time of an ISO instant. */
export function venueTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: VENUE_TZ, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** The event id behind a listing link. */
export async function eventIdOf(page: Page, seller: Seller, name: string): Promise<string> {
  await page.goto(`${seller.base}/events`);
  const href = await page.getByRole('link', { name }).first().getAttribute('href');
  const id = href?.split('/').pop();
  if (!id) throw new Error(`no link for ${name}`);
  return id;
}

export interface WireSession {
  id: string;
  start_datetime: string;
  capacity: number;
  oversell_capacity: number;
  used_capacity: number;
  sold_out: boolean;
}

/** The sessions of an event on a venue day, as the API lists them (through the page's own origin). */
export async function sessionsOn(page: Page, eventId: string, date: string): Promise<WireSession[]> {
  const sellerId = await page.evaluate(
    () => JSON.parse(document.getElementById('tix-config')?.textContent ?? '{}').sellerId as string,
  );
  const res = await page.request.get(`/api/events/${eventId}/sessions`, {
    params: { _ondate: date, seller_id: sellerId },
    headers: { 'Tix-App': 'ecomm' },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).event_session._data as WireSession[];
}

/** The session starting at a venue-local 'HH:mm' on a venue day. */
export async function sessionAt(
  page: Page,
  eventId: string,
  date: string,
  hhmm: string,
): Promise<WireSession> {
  const all = await sessionsOn(page, eventId, date);
  const found = all.find(
    (s) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: VENUE_TZ, hour: '2-digit', minute: '2-digit' }).format(
        new Date(s.start_datetime),
      ) === hhmm,
  );
  if (!found) throw new Error(`no session at ${hhmm} on ${date}`);
  return found;
}

/** Presses Tab until `target` has focus (keyboard only), failing after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
