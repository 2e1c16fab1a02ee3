/**
 * Wiring of the listing screen: the events available to a visitor (spec 1 §7 GET events/available) and the
 * listing machine with its load actor. A category filter narrows the call itself, so the listing's
 * categories (for the category buttons) then come from a second, unfiltered call.
 */

import type { Api } from '../../api';
import { listingMachine } from '../../machines/listing/listing.machine';
import { categoriesOf } from '../../machines/listing/rules';
import type { ListingLoaded, LoadListingInput } from '../../machines/listing/types';
import { fromPromise } from '../actors';

export const loadEvents = (api: Pick<Api, 'events'>, signal: AbortSignal) =>
  api.events.listAvailable({}, { signal });

/** The listing call for the machine's request, plus the unfiltered categories when a category is chosen. */
export async function loadListing(
  api: Pick<Api, 'events'>,
  { request, categoriesToo }: LoadListingInput,
  signal: AbortSignal,
): Promise<ListingLoaded> {
  const [events, all] = await Promise.all([
    api.events.listAvailable(request, { signal }),
    categoriesToo
      ? api.events.listAvailable(request.withMemberEvents ? { withMemberEvents: true } : {}, { signal })
      : Promise.resolve(null),
  ]);
  return { events, categories: all ? categoriesOf(all) : null };
}

export function provideListing({ api, noAddOns }: { api: Pick<Api, 'events'>; noAddOns: () => void }) {
  return listingMachine.provide({
    actors: { loadListing: fromPromise(({ input, signal }) => loadListing(api, input, signal)) },
    actions: { noAddOns: () => noAddOns() },
  });
}
