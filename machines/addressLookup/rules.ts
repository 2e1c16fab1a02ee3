/**
 * The address lookup's rules (spec 1 §4 "Address input", §5, §9): a Find starts once the text has at least 4
 * characters, differs from the address picked, with the field focused, 300 ms after the last keystroke.
 */
import type { Message } from '../shared/messages';
import type { AddressLookupContext, AddressSuggestion, FindInput } from './types';

/** Spec 1 §9: the search starts at 4 characters, 300 ms after the last keystroke. */
export const LOOKUP_MIN_CHARS = 4;
export const LOOKUP_DEBOUNCE_MS = 300;

/** Whether a Find is due for `text` (default: the context's) with the field focused (default: as it is). */
export function wantsLookup(
  context: Pick<AddressLookupContext, 'focused' | 'picked' | 'text'>,
  text: string = context.text,
  focused: boolean = context.focused,
): boolean {
  return focused && text.trim().length >= LOOKUP_MIN_CHARS && text !== context.picked;
}

/** A suggestion that is not an address is a container to find into (Loqate's Type other than 'Address'). */
export const isContainer = (suggestion: AddressSuggestion): boolean => suggestion.type !== 'Address';

/** What a Find says: 'No addresses found' (spec 1 §5), or how many were found (for the live region). */
export const foundNotice = (found: readonly AddressSuggestion[]): Message =>
  found.length === 0
    ? { key: 'noAddressesFound' }
    : { key: 'addressSuggestionsCount', params: { count: found.length } };

/** The Find of the context: its country, the text trimmed, into the container picked. */
export const findInputOf = (context: AddressLookupContext): FindInput => ({
  country: context.country,
  text: context.text.trim(),
  ...(context.container ? { container: context.container } : {}),
});
