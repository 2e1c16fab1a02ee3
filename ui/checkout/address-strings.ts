/**
 * The address lookup's texts (spec 1 §5 'No addresses found' verbatim; the others ours), loaded with its chunk.
 * They join the catalogue when this module loads, with the views that use them (see `ui/strings.ts`).
 */
import { defineStrings } from '../strings';

export const addressStrings = defineStrings({
  addressSuggestions: 'Address suggestions',
  addressManual: 'Enter the address manually',
  noAddressesFound: 'No addresses found',
  addressLookupFailed: 'We could not look up addresses just now. Please enter your address yourself.',
  addressSuggestionsCount: '{count} addresses found. Use the arrow keys to choose one.',
});
