/**
 * The event listing (spec 1 §2 "Event listing"): its filters are machine state driven by the URL query
 * (`query.changed`); a change that asks the API something new reloads, a time-filter change narrows what is
 * loaded. On an upsell step the listing lists the step's events within the visit window, and a step with no
 * matching events ends in `noAddOns` (the injected action goes on to checkout).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { categoriesOf, listingRequest, narrowsListing, parseListingQuery, sameRequest } from './rules';
import type {
  ListingContext,
  ListingInput,
  ListingLoaded,
  ListingMachineEvent,
  LoadListingInput,
} from './types';

export function initialListingContext({ input }: { input: ListingInput }): ListingContext {
  const filters = parseListingQuery(input.search);
  return {
    search: input.search,
    filters,
    scope: input.scope,
    visitTime: input.visitTime,
    request: listingRequest(filters, input.scope),
    events: [],
    categories: [],
    error: null,
  };
}

export function loadListingInput({ context }: { context: ListingContext }): LoadListingInput {
  return {
    request: context.request,
    categoriesToo: context.scope.chain === null && narrowsListing(context.request),
  };
}

export const listingMachine = setup({
  types: {
    context: {} as ListingContext,
    events: {} as ListingMachineEvent,
    input: {} as ListingInput,
  },
  actors: {
    loadListing: fromPromise<ListingLoaded, LoadListingInput>(notProvided('loadListing')),
  },
  actions: {
    /** Injected: the upsell step found no events (the chain goes to checkout). */
    noAddOns: () => {},
    assignQuery: assign(({ context, event }) => {
      assertEvent(event, 'query.changed');
      const { search } = event;
      const filters = parseListingQuery(search);
      return { search, filters, request: listingRequest(filters, context.scope) };
    }),
    assignLoaded: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadListing');
      const { events, categories } = event.output;
      return { events, categories: categories ?? categoriesOf(events), error: null };
    }),
    assignError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadListing');
      return { error: event.error };
    }),
  },
  guards: {
    /** The new query asks the API the same thing (only the time filter changed). */
    sameRequest: ({ context, event }) => {
      assertEvent(event, 'query.changed');
      return sameRequest(context.request, listingRequest(parseListingQuery(event.search), context.scope));
    },
    /** An upsell step whose listing has no matching events. */
    noAddOns: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadListing');
      return context.scope.chain !== null && event.output.events.length === 0;
    },
  },
}).createMachine({
  id: 'listing',
  description: 'The event listing with its filters in the URL query.',
  context: initialListingContext,
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the events the filters ask for.',
      invoke: {
        id: 'loadListing',
        src: 'loadListing',
        input: loadListingInput,
        onDone: [
          { guard: 'noAddOns', target: 'noAddOns' },
          { target: 'ready', actions: 'assignLoaded' },
        ],
        onError: { target: 'failed', actions: 'assignError' },
      },
      on: { 'query.changed': { target: 'loading', reenter: true, actions: 'assignQuery' } },
    },
    ready: {
      description: 'The cards, the filters, or the empty state with its clear link.',
      on: {
        'query.changed': [
          { guard: 'sameRequest', actions: 'assignQuery' },
          { target: 'loading', actions: 'assignQuery' },
        ],
      },
    },
    failed: {
      description: 'The listing could not load: the error and a retry.',
      on: {
        retry: { target: 'loading' },
        'query.changed': { target: 'loading', actions: 'assignQuery' },
      },
    },
    noAddOns: {
      description: 'An upsell step with no matching events: on to checkout.',
      type: 'final',
      entry: 'noAddOns',
    },
  },
});

export type ListingMachine = typeof listingMachine;
