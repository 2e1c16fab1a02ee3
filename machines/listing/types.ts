import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { ListingEvent, VisitTimeMode } from '../../api/models';
import type { ListingFilters, ListingRequest, ListingScope } from './rules';

export interface ListingInput {
  /** The route's query string. */
  search: string;
  scope: ListingScope;
  /** The seller's upsell visit-time mode, if any (same_start hides the time filter). */
  visitTime: VisitTimeMode | null;
}

export interface LoadListingInput {
  request: ListingRequest;
  /** Also load the categories of the whole listing (the filters narrow the call itself). */
  categoriesToo: boolean;
}

export interface ListingLoaded {
  events: ListingEvent[];
  /** The listing's categories when loaded apart; null: those of `events`. */
  categories: string[] | null;
}

export interface ListingContext {
  search: string;
  filters: ListingFilters;
  scope: ListingScope;
  visitTime: VisitTimeMode | null;
  request: ListingRequest;
  events: ListingEvent[];
  categories: string[];
  error: unknown;
}

export type ListingMachineEvent =
  /** The URL's query changed (the filters live there). */
  | { type: 'query.changed'; search: string }
  | { type: 'retry' }
  /** The listing loaded, or could not. */
  | DoneActorEvent<ListingLoaded, 'loadListing'>
  | ErrorActorEvent<unknown, 'loadListing'>;
