/**
 * The event listing's independent transition table (issue 29; listing.table.test.ts holds the machine to it),
 * written from spec 1 §2 "Event listing" and §7 (GET events/available), not read from the machine: the filters
 * live in the query (category, date today or tomorrow, time.start and time.end, free metadata keys); the listing
 * asks the API for the category (`category._in`), the metadata (`meta.{key}._in`, a comma list of values), a
 * whole venue-local day for a date (`event_session.start_datetime._gte` and `_lt`, sessions embedded), members'
 * events for a member; an upsell step asks for its own categories and metadata within the visit window whatever
 * the query says, and a step with no matching event goes on to checkout ("An upsell listing with no matching
 * templates redirects to /checkout"). A load fails to the error and its retry.
 *
 * Where the spec is silent the table follows the machine's documented reading: a query change that asks the API
 * the same thing (the time filter alone, a key that is no filter) changes the filters without a new call; a
 * change while loading starts the load again; a time without a date is a time today; the category buttons of a
 * narrowed listing come from the whole listing (`categoriesToo`), else from the events loaded, in order.
 *
 * The filters and requests are literals per query (New York, 2026-11-21 10:00 venue time), not computed by the
 * rules under test.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ListingEvent } from '../../api/models';
import type {
  ListingChain,
  ListingFilters,
  ListingRequest,
  ListingScope,
} from '../../machines/listing/rules';
import type { ListingContext, ListingLoaded, ListingMachineEvent } from '../../machines/listing/types';
import { listed, NOW } from '../../stories/fixtures/listing';
import { TZ, VISIT } from '../../stories/fixtures/upsell';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = ListingContext;
type E =
  | ListingMachineEvent
  | { type: 'xstate.done.actor.loadListing'; output: ListingLoaded }
  | { type: 'xstate.error.actor.loadListing'; error: unknown };
type S = 'loading' | 'ready' | 'failed' | 'noAddOns';

// ---- the oracle (spec 1 §2, §7) -----------------------------------------------------------------------------

const none: ListingFilters = { category: null, date: null, timeStart: null, timeEnd: null, meta: {} };
/** Tomorrow (2026-11-22) and today (2026-11-21) in New York, as the API's session bounds. */
const TOMORROW = {
  sessionsFrom: '2026-11-22T05:00:00.000Z',
  sessionsTo: '2026-11-23T05:00:00.000Z',
  includeSessions: true,
};
const TODAY = {
  sessionsFrom: '2026-11-21T05:00:00.000Z',
  sessionsTo: '2026-11-22T05:00:00.000Z',
  includeSessions: true,
};

/** Each query sample: the filters it holds and what a listing outside an upsell step asks the API. */
export const QUERIES: Record<string, { filters: ListingFilters; request: ListingRequest }> = {
  '': { filters: none, request: {} },
  'category=Guided+Tours': {
    filters: { ...none, category: 'Guided Tours' },
    request: { categories: ['Guided Tours'] },
  },
  'category=Guided+Tours&inspect=1': {
    filters: { ...none, category: 'Guided Tours' },
    request: { categories: ['Guided Tours'] },
  },
  'audience=family,all': {
    filters: { ...none, meta: { audience: 'family,all' } },
    request: { meta: { audience: ['family', 'all'] } },
  },
  'date=tomorrow': { filters: { ...none, date: 'tomorrow' }, request: TOMORROW },
  'date=tomorrow&time.start=11%3A30&time.end=12%3A00': {
    filters: { ...none, date: 'tomorrow', timeStart: '11:30', timeEnd: '12:00' },
    request: TOMORROW,
  },
  'time.start=10%3A00&time.end=16%3A00': {
    filters: { ...none, timeStart: '10:00', timeEnd: '16:00' },
    request: TODAY,
  },
  'date=today': { filters: { ...none, date: 'today' }, request: TODAY },
};

/** The upsell steps: tours within the visit (a guest), and the tour add-ons by metadata (a member). */
const tours: ListingChain = {
  step: 0,
  filter: { categories: ['Guided Tours'], meta: {} },
  window: { ...VISIT, timezone: TZ },
};
const addons: ListingChain = {
  step: 1,
  filter: { categories: [], meta: { addon: ['tour', 'talk'] } },
  window: { ...VISIT, timezone: TZ },
};
const WITHIN_VISIT = { sessionsFrom: VISIT.start, sessionsTo: VISIT.end, includeSessions: true };
const guest: ListingScope = { now: NOW, timezone: TZ, member: false, chain: null };
const member: ListingScope = { ...guest, member: true };
const toursStep: ListingScope = { ...guest, chain: tours };
const addonsStep: ListingScope = { ...member, chain: addons };

/** What the listing asks the API for a query in a scope. */
function requestOf(search: string, scope: ListingScope): ListingRequest {
  const who = scope.member ? { withMemberEvents: true } : {};
  if (scope.chain === tours) return { ...who, categories: ['Guided Tours'], ...WITHIN_VISIT };
  if (scope.chain === addons) return { ...who, meta: { addon: ['tour', 'talk'] }, ...WITHIN_VISIT };
  const query = QUERIES[search];
  if (!query) throw new Error(`no query sample ${search}`);
  return { ...who, ...query.request };
}
const filtersOf = (search: string): ListingFilters => {
  const query = QUERIES[search];
  if (!query) throw new Error(`no query sample ${search}`);
  return query.filters;
};

/** The load's input: the request, and the whole listing's categories too when the request narrows it. */
const loadCall = (c: C): Call => ({
  invoke: 'loadListing',
  input: {
    request: c.request,
    categoriesToo:
      c.scope.chain === null &&
      (c.request.categories !== undefined ||
        c.request.meta !== undefined ||
        c.request.sessionsFrom !== undefined ||
        c.request.sessionsTo !== undefined),
  },
});

/** The distinct categories of the events, in listing order (events without one add none). */
function categoriesIn(events: readonly ListingEvent[]): string[] {
  const out: string[] = [];
  for (const e of events)
    if (e.category !== null && e.category !== '' && !out.includes(e.category)) out.push(e.category);
  return out;
}

const query = (c: C, e: { search: string }): Partial<C> => ({
  search: e.search,
  filters: filtersOf(e.search),
  request: requestOf(e.search, c.scope),
});
const reload: Row<C, Extract<E, { type: 'query.changed' }>> = { target: 'loading', effect: query };

export const table: Table<C, E, S> = {
  initial: 'loading',
  states: {
    loading: { entry: { calls: (c) => [loadCall(c)] } },
    ready: {},
    failed: {},
    noAddOns: { final: true, entry: { calls: () => [{ action: 'noAddOns' }] } },
  },
  on: {
    'xstate.done.actor.loadListing': {
      loading: [
        {
          label: 'an upsell step with no matching event: on to checkout',
          when: (c, e) => c.scope.chain !== null && e.output.events.length === 0,
          target: 'noAddOns',
        },
        {
          target: 'ready',
          effect: (_c, e) => ({
            events: e.output.events,
            categories: e.output.categories ?? categoriesIn(e.output.events),
            error: null,
          }),
        },
      ],
    },
    'xstate.error.actor.loadListing': {
      loading: [{ target: 'failed', effect: (_c, e) => ({ error: e.error }) }],
    },
    'query.changed': {
      loading: [{ ...reload, reenter: true }],
      ready: [
        {
          label: 'the same call: only the filters change',
          when: (c, e) => isDeepStrictEqual(requestOf(e.search, c.scope), c.request),
          target: null,
          effect: query,
        },
        reload,
      ],
      failed: [reload],
    },
    retry: { failed: [{ target: 'loading' }] },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------------

const ga = listed('ga', 'Admission', ['2026-11-22T15:00:00.000Z']);
const tour = listed('tour', 'Guided Tours', ['2026-11-22T16:30:00.000Z']);
const talk = listed('talk', 'Talks', ['2026-11-22T16:00:00.000Z']);
const uncategorised = { ...listed('walk', 'x', ['2026-11-22T18:00:00.000Z']), category: null };

const world = (name: string, search: string, scope: ListingScope, over: Partial<C> = {}): World<C> => ({
  name,
  context: {
    search,
    filters: filtersOf(search),
    scope,
    visitTime: null,
    request: requestOf(search, scope),
    events: [],
    categories: [],
    error: null,
    ...over,
  },
});

export const worlds: World<C>[] = [
  world('a guest, no filters, nothing loaded', '', guest),
  world('a guest, a category, its events loaded', 'category=Guided+Tours', guest, {
    events: [tour],
    categories: ['Admission', 'Guided Tours'],
  }),
  world(
    'a guest, tomorrow between 11:30 and 12:00',
    'date=tomorrow&time.start=11%3A30&time.end=12%3A00',
    guest,
    {
      events: [ga, tour],
      categories: ['Admission', 'Guided Tours'],
      visitTime: 'timeslot',
    },
  ),
  world('a member, a metadata filter, an earlier failure', 'audience=family,all', member, {
    error: { message: 'offline' },
  }),
  world('a guest, a time alone (today)', 'time.start=10%3A00&time.end=16%3A00', guest),
  world('a member, today', 'date=today', member, { events: [ga], categories: ['Admission'] }),
  world('an upsell step (tours), a guest', '', toursStep, { visitTime: 'timeslot' }),
  world('an upsell step (add-ons by metadata), a member, with a query', 'category=Guided+Tours', addonsStep, {
    events: [talk],
    categories: ['Talks'],
    visitTime: 'same_start',
  }),
];

const done = (name: string, output: ListingLoaded): EventSample<E> => ({
  name,
  event: { type: 'xstate.done.actor.loadListing', output },
});

export const events: EventSample<E>[] = [
  ...Object.keys(QUERIES).map((search) => ({
    name: `query '${search}'`,
    event: { type: 'query.changed', search } as E,
  })),
  { name: 'retry', event: { type: 'retry' } },
  done('two events, their categories', { events: [ga, tour], categories: null }),
  done('events with repeated and missing categories', {
    events: [tour, uncategorised, ga, tour, talk],
    categories: null,
  }),
  done('events and the whole listing’s categories', {
    events: [tour],
    categories: ['Admission', 'Guided Tours', 'Talks'],
  }),
  done('no event, the whole listing’s categories', { events: [], categories: ['Admission', 'Guided Tours'] }),
  done('no event at all', { events: [], categories: null }),
  { name: 'load failed', event: { type: 'xstate.error.actor.loadListing', error: { message: 'offline' } } },
  {
    name: 'load refused',
    event: { type: 'xstate.error.actor.loadListing', error: { code: 'unexpected', status: 500 } },
  },
];
