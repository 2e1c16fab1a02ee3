/**
 * The listing's filters and event cards (spec 1 §2; the filter labels are ours where the spec names none) and
 * the upsell chain's add-on step bar (ours: the spec names the skip add-on button). They join the catalogue when
 * this module loads, with the views that use them (see `ui/strings.ts`); the listing's title is in the shell.
 */
import { defineStrings } from './strings';

export const listingStrings = defineStrings({
  eventsEmpty: 'We could not find any events that match your filters.',
  clearFilters: 'Clear filters',
  filterCategory: 'Category',
  allCategories: 'All',
  filterDate: 'Date',
  visitBetween: "I'm planning a visit between {start} and {end}",
  arrival: 'Arrival',
  departure: 'Departure',
  anyTime: 'Any time',
  upsellStep: 'Add to your visit ({current} of {total})',
  skipAddOn: 'Skip add-on',
  buyTickets: 'Get tickets',
});
