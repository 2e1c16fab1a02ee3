/** Wiring of the listing screen: the events available to a visitor (spec 1 §7 GET events/available). */
import type { Api } from '../../api';

export const loadEvents = (api: Pick<Api, 'events'>, signal: AbortSignal) =>
  api.events.listAvailable({}, { signal });
