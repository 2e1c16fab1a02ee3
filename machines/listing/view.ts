/** The listing's view model: the cards after time narrowing, the filters as the view shows them. */
import type { SnapshotFrom } from 'xstate';
import type { ListingEvent } from '../../api/models';
import type { listingMachine } from './listing.machine';
import {
  DATE_FILTERS,
  type DateFilter,
  halfHourSteps,
  hasFilters,
  hasMetaFilters,
  type ListingFilters,
  listingDay,
  listingSearch,
  NO_FILTERS,
  narrowByTime,
  timeFilterShown,
  timeWindow,
  visitDay,
} from './rules';

export interface ListingView {
  status: 'loading' | 'ready' | 'error' | 'redirecting';
  error: unknown;
  /** The query's filters (the screen composes new queries from them). */
  filters: ListingFilters;
  search: string;
  events: ListingEvent[];
  /** Category buttons: only when more than one category exists (and not on an upsell step). */
  categories: { options: string[]; selected: string | null } | null;
  /** today / tomorrow, with the chosen one (not on an upsell step: the visit fixes the day). */
  dates: { options: readonly DateFilter[]; selected: DateFilter | null } | null;
  /**
   * The time filter: its half-hour steps within the window ('HH:mm', the view writes them in the visitor's
   * locale) and the chosen bounds; null when hidden.
   */
  time: { steps: string[]; start: string | null; end: string | null } | null;
  /** The time filter's raw steps (the screen applies a choice with `withTime`). */
  timeSteps: string[];
  /** Nothing matches: the empty state's clear link (to the query without filters); 'See all' for metadata. */
  empty: { clearSearch: string; seeAll: boolean } | null;
  upsellStep: boolean;
  /** The query an event card's link carries: on an upsell step, the visit's day (`date=YYYY-MM-DD`). */
  eventQuery: string;
}

export function selectListingView(snapshot: SnapshotFrom<typeof listingMachine>): ListingView {
  const { filters, scope, events, categories, search, visitTime, error } = snapshot.context;
  const status = snapshot.matches('ready')
    ? 'ready'
    : snapshot.matches('failed')
      ? 'error'
      : snapshot.matches('noAddOns')
        ? 'redirecting'
        : 'loading';
  const inChain = scope.chain !== null;
  const shown = status === 'ready' ? narrowByTime(events, filters, scope.timezone) : [];
  const window = status === 'ready' ? timeWindow(filters, scope, events) : null;
  const steps = window ? halfHourSteps(window) : [];
  return {
    status,
    error: status === 'error' ? error : null,
    filters,
    search,
    events: shown,
    categories:
      !inChain && categories.length > 1 ? { options: categories, selected: filters.category } : null,
    dates: inChain ? null : { options: DATE_FILTERS, selected: listingDay(filters) },
    time: timeFilterShown(steps, visitTime)
      ? {
          steps,
          start: filters.timeStart,
          end: filters.timeEnd,
        }
      : null,
    timeSteps: steps,
    empty:
      status === 'ready' && shown.length === 0
        ? {
            clearSearch: listingSearch(search, NO_FILTERS),
            seeAll: hasMetaFilters(filters),
          }
        : null,
    upsellStep: inChain,
    eventQuery: scope.chain ? `date=${visitDay(scope.chain.window)}` : '',
  };
}

/** True when the view's empty state can clear anything (some filter is set). */
export const canClear = (view: ListingView): boolean => hasFilters(view.filters);
