/**
 * Seat maps (spec 1 §7): `api.seatMaps.get(eventId, sessionId)`. The client (./seat-map, with its wire schemas)
 * loads on the first call, so no route's first load carries it; a failed chunk load is retried on the next call.
 */
import type { CallOptions } from './events';
import type { SeatMapModel } from './models';
import type { ApiRequest } from './request';
import type { SeatMapClient } from './seat-map';

export interface SeatMapsApi {
  get(eventId: string, sessionId: string, options?: CallOptions): Promise<SeatMapModel>;
}

export function createSeatMaps(request: ApiRequest): SeatMapsApi {
  let client: Promise<SeatMapClient> | null = null;
  const load = () => {
    const loading = client ?? import('./seat-map').then((m) => m.createSeatMapClient(request));
    if (!client) {
      client = loading;
      loading.catch(() => {
        if (client === loading) client = null;
      });
    }
    return loading;
  };
  return {
    async get(eventId, sessionId, options) {
      return (await load()).get(eventId, sessionId, options);
    },
  };
}
