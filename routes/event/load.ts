import type { Api } from '../../api';

/**
 * Loads the event of `/events/{id}`, limited to the `tg` ticket groups when the query names some. Its own
 * module: the screen's first-load chunk must not pull in a layout's machine through a wiring module.
 */
export const loadEventDetail = (
  api: Pick<Api, 'events'>,
  id: string,
  signal: AbortSignal,
  ticketGroupIds: string[] = [],
) => api.events.get(id, { signal, ...(ticketGroupIds.length > 0 ? { ticketGroupIds } : {}) });
