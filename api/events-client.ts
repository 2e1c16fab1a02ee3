/**
 * The events client (`api.events`): listing, detail, calendar and sessions (./events) and the quantity-first
 * calls (./event-quantities). `api.events` loads this module on its first call (./index), so a first load that
 * never asks for events (home, checkout, account pages) does not carry it. The routes of the listing and event
 * screens load it together with the screen (routes/App.tsx), so it arrives with the screen, not after it, and
 * `npm run budget` counts it in their first load.
 */
import { createEventQuantities } from './event-quantities';
import { createEvents } from './events';
import type { UrlSettings } from './join';
import type { ApiRequest } from './request';

export function createEventsClient(request: ApiRequest, urls: UrlSettings, now: () => number) {
  return { ...createEvents(request, urls, now), ...createEventQuantities(request, now) };
}

export type EventsClient = ReturnType<typeof createEventsClient>;
