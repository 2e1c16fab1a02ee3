/**
 * The address lookup's independent transition table (issue 23; addressLookup.table.test.ts holds the machine to
 * it), written from spec 1 §4 "Address input" (autocomplete, switching to manual on the visitor's click or a
 * lookup error), §5 (a Find starts only with at least 4 characters, the field focused and text other than the
 * address selected, debounced by 300 ms; 'No addresses found' when nothing matches), §7 (Find by country and text
 * or container; Retrieve by id) and §8 (a lookup error switches to manual mode and says so), not read from the
 * machine. Ours where the spec is silent: a keystroke drops a Find or Retrieve on its way; text that is not to be
 * looked up closes the list; the arrow keys open it; a stale pick is ignored.
 */
import type {
  AddressLookupContext,
  AddressLookupEvent,
  AddressSuggestion,
} from '../../machines/addressLookup/types';
import type { EventSample, Table, World } from './transition-table';

type C = AddressLookupContext;
export const DEBOUNCE = 'xstate.after.debounce.addressLookup.autocomplete.debouncing';
type E =
  | AddressLookupEvent
  | { type: typeof DEBOUNCE }
  | { type: 'xstate.done.actor.find'; output: AddressSuggestion[] }
  | { type: 'xstate.error.actor.find'; error: unknown }
  | { type: 'xstate.done.actor.retrieve'; output: typeof RETRIEVED }
  | { type: 'xstate.error.actor.retrieve'; error: unknown };
type S =
  | 'autocomplete.idle'
  | 'autocomplete.debouncing'
  | 'autocomplete.finding'
  | 'autocomplete.retrieving'
  | 'manual';

/** Spec 1 §5, §9. */
export const SPEC = { minChars: 4, debounceMs: 300 };
/** A Find is due for `text`: focused, at least 4 characters (trimmed), not the address selected. */
export const lookupDue = (c: C, text: string, focused: boolean) =>
  focused && text.trim().length >= SPEC.minChars && text !== c.picked;

export const CONTAINER: AddressSuggestion = {
  id: 'c-1',
  type: 'Postcode',
  text: 'SW1A',
  description: '9 addresses',
};
export const ADDRESS: AddressSuggestion = {
  id: 'a-1',
  type: 'Address',
  text: '1 Main St',
  description: 'Town',
};
export const RETRIEVED = {
  line1: '1 Main St',
  line2: '',
  city: 'Town',
  province: 'ON',
  postalCode: 'K1A 0B1',
  countryIso2: 'CA',
};

const findCall = (c: C) => ({
  invoke: 'find',
  input: { country: c.country, text: c.text.trim(), ...(c.container ? { container: c.container } : {}) },
});
const chosen = (c: C, e: E) => (e.type === 'pick' ? c.suggestions[e.index] : undefined);
const closed = { suggestions: [], active: -1, expanded: false };

/** Typing: a Find due waits 300 ms again (a Find or Retrieve on its way is dropped); other text closes the list. */
const typing = (from: S) => [
  {
    label: 'text to look up',
    when: (c: C, e: { value: string }) => lookupDue(c, e.value, c.focused),
    target: 'autocomplete.debouncing',
    effect: (_c: C, e: { value: string }) => ({ text: e.value, container: null }),
    // The wait starts again: re-entering the state it is in schedules the pause anew.
    calls: () => (from === 'autocomplete.debouncing' ? [{ after: SPEC.debounceMs, event: DEBOUNCE }] : []),
  },
  {
    label: 'text not to look up',
    target: 'autocomplete.idle',
    effect: (_c: C, e: { value: string }) => ({ text: e.value, container: null, ...closed, notice: null }),
  },
];
const picking = [
  {
    label: 'a container: find into it',
    when: (c: C, e: E) => chosen(c, e) !== undefined && chosen(c, e)?.type !== 'Address',
    target: 'autocomplete.finding',
    effect: (c: C, e: E) => ({ container: chosen(c, e)?.id ?? null }),
  },
  {
    label: 'an address: retrieve it',
    when: (c: C, e: E) => chosen(c, e)?.type === 'Address',
    target: 'autocomplete.retrieving',
    effect: () => ({ expanded: false }),
  },
];
const failed = [
  {
    target: 'manual',
    effect: () => ({ ...closed, notice: { key: 'addressLookupFailed' as const } }),
  },
];
const AUTOCOMPLETE: S[] = [
  'autocomplete.idle',
  'autocomplete.debouncing',
  'autocomplete.finding',
  'autocomplete.retrieving',
];
const each = <R>(states: S[], rows: (s: S) => R) => Object.fromEntries(states.map((s) => [s, rows(s)]));

export const table: Table<C, E, S> = {
  initial: 'autocomplete.idle',
  states: {
    'autocomplete.idle': {},
    'autocomplete.debouncing': { entry: { calls: () => [{ after: SPEC.debounceMs, event: DEBOUNCE }] } },
    'autocomplete.finding': { entry: { calls: (c) => [findCall(c)] } },
    'autocomplete.retrieving': {
      entry: {
        calls: (c, e) => [{ invoke: 'retrieve', input: { id: chosen(c, e as E)?.id ?? '' } }],
      },
    },
    manual: {},
  },
  on: {
    'text.change': each(AUTOCOMPLETE, typing),
    focus: {
      'autocomplete.idle': [
        {
          label: 'focused with text to look up',
          when: (c) => lookupDue(c, c.text, true),
          target: 'autocomplete.debouncing',
          effect: () => ({ focused: true }),
        },
        { target: null, effect: () => ({ focused: true }) },
      ],
    },
    move: each(AUTOCOMPLETE, () => [
      {
        target: null,
        effect: (c: C, e: { index: number }) => ({ active: e.index, expanded: c.suggestions.length > 0 }),
      },
    ]),
    pick: { 'autocomplete.idle': picking, 'autocomplete.debouncing': picking },
    close: each(AUTOCOMPLETE, () => [{ target: null, effect: () => ({ expanded: false }) }]),
    manual: each(AUTOCOMPLETE, () => [{ target: 'manual', effect: () => ({ ...closed, notice: null }) }]),
    [DEBOUNCE]: { 'autocomplete.debouncing': [{ target: 'autocomplete.finding' }] },
    'xstate.done.actor.find': {
      'autocomplete.finding': [
        {
          target: 'autocomplete.idle',
          effect: (_c, e) => ({
            suggestions: e.output,
            active: -1,
            expanded: e.output.length > 0,
            notice:
              e.output.length === 0
                ? { key: 'noAddressesFound' }
                : { key: 'addressSuggestionsCount', params: { count: e.output.length } },
          }),
        },
      ],
    },
    'xstate.error.actor.find': { 'autocomplete.finding': failed },
    'xstate.done.actor.retrieve': {
      'autocomplete.retrieving': [
        {
          target: 'autocomplete.idle',
          effect: (_c, e) => ({
            text: e.output.line1,
            picked: e.output.line1,
            container: null,
            ...closed,
            notice: null,
          }),
          calls: (_c, e) => [{ action: 'addressPicked', params: { address: e.output } }],
        },
      ],
    },
    'xstate.error.actor.retrieve': { 'autocomplete.retrieving': failed },
  },
};

const context = (over: Partial<C>): C => ({
  country: 'CAN',
  text: '',
  picked: null,
  focused: false,
  container: null,
  suggestions: [],
  active: -1,
  expanded: false,
  notice: null,
  ...over,
});

export const worlds: World<C>[] = [
  { name: 'empty, never focused', context: context({}) },
  { name: 'typed, not focused', context: context({ text: '1 Main' }) },
  {
    name: 'typed and focused, a container and an address offered',
    context: context({
      text: '1 Main',
      focused: true,
      suggestions: [CONTAINER, ADDRESS],
      expanded: true,
      notice: { key: 'addressSuggestionsCount', params: { count: 2 } },
    }),
  },
  {
    name: 'found into a container, the list closed, on its address',
    context: context({
      text: '  sw1a ',
      focused: true,
      container: 'c-1',
      suggestions: [ADDRESS],
      active: 0,
    }),
  },
  {
    name: 'the address picked, focused',
    context: context({ text: '1 Main St', picked: '1 Main St', focused: true }),
  },
  {
    name: 'prefilled, not focused',
    context: context({ country: 'NZL', text: '1 Main St', picked: '1 Main St' }),
  },
];

export const events: EventSample<E>[] = [
  { name: 'typed empty', event: { type: 'text.change', value: '' } },
  { name: 'typed 3 characters', event: { type: 'text.change', value: '1 M' } },
  { name: 'typed 4 characters padded to 6', event: { type: 'text.change', value: ' 1 M ' } },
  { name: 'typed 4 characters', event: { type: 'text.change', value: '1 Ma' } },
  { name: 'typed the address picked', event: { type: 'text.change', value: '1 Main St' } },
  { name: 'typed more', event: { type: 'text.change', value: '1 Main Street' } },
  { name: 'focus', event: { type: 'focus' } },
  { name: 'move to 0', event: { type: 'move', index: 0 } },
  { name: 'move to 1', event: { type: 'move', index: 1 } },
  { name: 'pick 0', event: { type: 'pick', index: 0 } },
  { name: 'pick 1', event: { type: 'pick', index: 1 } },
  { name: 'pick a stale index', event: { type: 'pick', index: 7 } },
  { name: 'close', event: { type: 'close' } },
  { name: 'manual', event: { type: 'manual' } },
  { name: 'the pause', event: { type: DEBOUNCE } },
  { name: 'found nothing', event: { type: 'xstate.done.actor.find', output: [] } },
  { name: 'found two', event: { type: 'xstate.done.actor.find', output: [CONTAINER, ADDRESS] } },
  { name: 'find failed', event: { type: 'xstate.error.actor.find', error: { code: 'address_lookup' } } },
  { name: 'retrieved', event: { type: 'xstate.done.actor.retrieve', output: RETRIEVED } },
  {
    name: 'retrieve failed',
    event: { type: 'xstate.error.actor.retrieve', error: { code: 'address_lookup' } },
  },
];
