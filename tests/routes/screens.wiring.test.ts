/** The listing and confirmation screens' wiring: the right API call with the right input. */
import { describe, expect, it, vi } from 'vitest';
import { type Api, ApiError } from '../../api';
import { ErrorCode } from '../../domain/codes';
import {
  externalConfirmationUrl,
  externalRedirect,
  isMissingOrder,
  loadConfirmation,
  orderIdsFrom,
  withEmail,
} from '../../routes/complete/wiring';
import { loadEvents } from '../../routes/events/wiring';

describe('listing and confirmation wiring', () => {
  it('the listing asks for the available events', async () => {
    const api = { events: { listAvailable: vi.fn(async () => []) } };
    const signal = new AbortController().signal;
    await loadEvents(api as unknown as Pick<Api, 'events'>, signal);
    expect(api.events.listAvailable).toHaveBeenCalledWith({}, { signal });
  });

  it('the confirmation loads the orders of ?orderIds= with the seller’s settings, and nothing without them', async () => {
    const api = { orders: { confirmation: vi.fn(async () => ({ orders: [], page: null })) } };
    const signal = new AbortController().signal;
    expect(orderIdsFrom('orderIds=o-1,%20o-2,,')).toEqual(['o-1', 'o-2']);
    expect(orderIdsFrom('')).toEqual([]);
    await loadConfirmation(api as unknown as Pick<Api, 'orders'>, ['o-1', 'o-2'], signal);
    expect(api.orders.confirmation).toHaveBeenCalledWith(['o-1', 'o-2'], { signal });
    await expect(loadConfirmation(api as unknown as Pick<Api, 'orders'>, [], signal)).resolves.toBeNull();
    expect(api.orders.confirmation).toHaveBeenCalledTimes(1);
  });

  it('the seller’s message gets the purchaser’s email escaped; the external URL gets ?orderIds=a,b', () => {
    expect(withEmail('<p>Sent to {{email}}. ({{email}})</p>', 'ada@example.com')).toBe(
      '<p>Sent to ada@example.com. (ada@example.com)</p>',
    );
    expect(withEmail('<p>{{email}}</p>', '"><img src=x onerror=alert(1)>@x.org')).toBe(
      '<p>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@x.org</p>',
    );
    expect(withEmail('<p>{{email}}</p>', null)).toBe('<p></p>');
    expect(externalConfirmationUrl('https://venue.example/thanks?lang=en', ['o-1', 'o-2'])).toBe(
      'https://venue.example/thanks?lang=en&orderIds=o-1%2Co-2',
    );
  });

  it('a configured external completed-order URL takes the visitor there with ?orderIds=a,b, once an order is found', () => {
    const page = { externalUrl: 'https://venue.example/thanks' };
    expect(externalRedirect({ orders: [{}], page }, ['o-1', 'o-2'])).toBe(
      'https://venue.example/thanks?orderIds=o-1%2Co-2',
    );
    // No URL: the confirmation shows; no order found: the not-found screen, not the seller's page.
    expect(externalRedirect({ orders: [{}], page: { externalUrl: null } }, ['o-1'])).toBeNull();
    expect(externalRedirect({ orders: [], page }, ['o-1'])).toBeNull();
    expect(externalRedirect(null, ['o-1'])).toBeNull();
  });

  it('a 404 or bad_field_value is a missing order; other failures are not', () => {
    expect(isMissingOrder(new ApiError({ code: ErrorCode.not_found, status: 404 }))).toBe(true);
    expect(isMissingOrder(new ApiError({ code: ErrorCode.bad_field_value, status: 400 }))).toBe(true);
    expect(isMissingOrder(new ApiError({ code: ErrorCode.unexpected, status: 502 }))).toBe(false);
    expect(isMissingOrder(new Error('offline'))).toBe(false);
  });
});
