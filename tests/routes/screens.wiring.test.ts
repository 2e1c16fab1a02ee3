/** The listing and confirmation screens' wiring: the right API call with the right input. */
import { describe, expect, it, vi } from 'vitest';
import { type Api, ApiError } from '../../api';
import { ErrorCode } from '../../api/codes';
import { isMissingOrder, loadOrders, orderIdsFrom } from '../../routes/complete/wiring';
import { loadEvents } from '../../routes/events/wiring';

describe('listing and confirmation wiring', () => {
  it('the listing asks for the available events', async () => {
    const api = { events: { listAvailable: vi.fn(async () => []) } };
    const signal = new AbortController().signal;
    await loadEvents(api as unknown as Pick<Api, 'events'>, signal);
    expect(api.events.listAvailable).toHaveBeenCalledWith({}, { signal });
  });

  it('the confirmation loads the orders of ?orderIds=, and none without them', async () => {
    const api = { orders: { getMany: vi.fn(async () => []) } };
    const signal = new AbortController().signal;
    expect(orderIdsFrom('orderIds=o-1,%20o-2,,')).toEqual(['o-1', 'o-2']);
    expect(orderIdsFrom('')).toEqual([]);
    await loadOrders(api as unknown as Pick<Api, 'orders'>, ['o-1', 'o-2'], signal);
    expect(api.orders.getMany).toHaveBeenCalledWith(['o-1', 'o-2'], { signal });
    await loadOrders(api as unknown as Pick<Api, 'orders'>, [], signal);
    expect(api.orders.getMany).toHaveBeenCalledTimes(1);
  });

  it('a 404 or bad_field_value is a missing order; other failures are not', () => {
    expect(isMissingOrder(new ApiError({ code: ErrorCode.not_found, status: 404 }))).toBe(true);
    expect(isMissingOrder(new ApiError({ code: ErrorCode.bad_field_value, status: 400 }))).toBe(true);
    expect(isMissingOrder(new ApiError({ code: ErrorCode.unexpected, status: 502 }))).toBe(false);
    expect(isMissingOrder(new Error('offline'))).toBe(false);
  });
});
