/**
 * The address field's lookup at checkout (spec 1 §4 "Address input", §5, §8, §9; DESIGN: one machine per flow,
 * "address input"). Used only when the seller has a lookup, the form asks an address and the chosen country is one
 * the lookup covers (USA, GBR, CAN, AUS, NZL): the route starts it with that country and the field's text.
 *
 * Autocomplete: a Find starts once the text has at least 4 characters, differs from the address picked, with the
 * field focused, 300 ms after the last keystroke (`debounce`, on the actor's clock); a keystroke meanwhile starts
 * the wait again, and one while a Find is on its way drops it. The suggestions open (the count is announced; 'No
 * addresses found' when nothing matches). Picking a container finds into it; picking an address retrieves it and
 * hands it to the form (`addressPicked`: address, line 2, city, state, country, zip code), and its line is the
 * address picked. Manual: a failed Find or Retrieve says so and leaves manual entry, as does the visitor's click.
 *
 * No I/O: `find` and `retrieve` are provided by the route; `addressPicked` is an injected action.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { findInputOf, foundNotice, isContainer, LOOKUP_DEBOUNCE_MS, wantsLookup } from './rules';
import type {
  AddressLookupContext,
  AddressLookupEvent,
  AddressLookupInput,
  FindInput,
  FindOutput,
  RetrievedAddress,
  RetrieveInput,
  RetrieveOutput,
} from './types';

/** Named mapper: the initial context (the text at the start counts as picked: no Find for it). */
export function initialAddressLookupContext({ input }: { input: AddressLookupInput }): AddressLookupContext {
  return {
    country: input.country,
    text: input.text,
    picked: input.text === '' ? null : input.text,
    focused: false,
    container: null,
    suggestions: [],
    active: -1,
    expanded: false,
    notice: null,
  };
}

/** Named mapper: what `find` receives. */
export function findInput({ context }: { context: AddressLookupContext }): FindInput {
  return findInputOf(context);
}

/** Named mapper: what `retrieve` receives (the id of the address the pick named). */
export function retrieveInput({
  context,
  event,
}: {
  context: AddressLookupContext;
  event: AddressLookupEvent;
}): RetrieveInput {
  return { id: suggestionOf(context, event)?.id ?? '' };
}

/** The suggestion a `pick` names (undefined: no suggestion at that index). */
function suggestionOf(context: AddressLookupContext, event: AddressLookupEvent) {
  assertEvent(event, 'pick');
  return context.suggestions[event.index];
}

const addressLookupSetup = setup({
  types: {
    context: {} as AddressLookupContext,
    events: {} as AddressLookupEvent,
    input: {} as AddressLookupInput,
  },
  actors: {
    find: fromPromise<FindOutput, FindInput>(notProvided('find')),
    retrieve: fromPromise<RetrieveOutput, RetrieveInput>(notProvided('retrieve')),
  },
  actions: {
    /** Injected: the form takes the address (the country first: a new country clears a state not its own). */
    addressPicked: (_args, _params: { address: RetrievedAddress }) => {},
    changeText: assign(({ event }) => {
      assertEvent(event, 'text.change');
      return { text: event.value, container: null };
    }),
    dropSuggestions: assign({ suggestions: [], active: -1, expanded: false, notice: null }),
    markFocused: assign({ focused: true }),
    moveActive: assign(({ context, event }) => {
      assertEvent(event, 'move');
      return { active: event.index, expanded: context.suggestions.length > 0 };
    }),
    collapse: assign({ expanded: false }),
    openContainer: assign(({ context, event }) => ({
      container: suggestionOf(context, event)?.id ?? null,
    })),
    showSuggestions: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.find');
      const found = event.output ?? [];
      return { suggestions: found, active: -1, expanded: found.length > 0, notice: foundNotice(found) };
    }),
    markPicked: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.retrieve');
      const address = event.output;
      return {
        text: address?.line1 ?? '',
        picked: address?.line1 ?? null,
        container: null,
        suggestions: [],
        active: -1,
        expanded: false,
        notice: null,
      };
    }),
    showFailure: assign({
      suggestions: [],
      active: -1,
      expanded: false,
      notice: { key: 'addressLookupFailed' },
    }),
    toManual: assign({ suggestions: [], active: -1, expanded: false, notice: null }),
  },
  guards: {
    typedTextWantsLookup: ({ context, event }) => {
      assertEvent(event, 'text.change');
      return wantsLookup(context, event.value);
    },
    focusWantsLookup: ({ context }) => wantsLookup(context, context.text, true),
    pickedContainer: ({ context, event }) => {
      const suggestion = suggestionOf(context, event);
      return suggestion !== undefined && isContainer(suggestion);
    },
    pickedAddress: ({ context, event }) => {
      const suggestion = suggestionOf(context, event);
      return suggestion !== undefined && !isContainer(suggestion);
    },
  },
  delays: {
    /** Spec 1 §9: 300 ms after the last keystroke. */
    debounce: LOOKUP_DEBOUNCE_MS,
  },
});

export const addressLookupMachine = addressLookupSetup
  .extend({
    actions: {
      notifyAddressPicked: addressLookupSetup.enqueueActions(({ event, enqueue }) => {
        assertEvent(event, 'xstate.done.actor.retrieve');
        const address = event.output;
        if (address) enqueue({ type: 'addressPicked', params: { address } });
      }),
    },
  })
  .createMachine({
    id: 'addressLookup',
    description:
      'The address field with a lookup: type at least 4 characters, pick a suggestion (a container opens its addresses, an address fills the form), or enter the address manually.',
    context: initialAddressLookupContext,
    initial: 'autocomplete',
    states: {
      autocomplete: {
        description:
          'Autocomplete mode: the field is a combobox; what is typed is looked up after a pause, and the suggestions are offered.',
        initial: 'idle',
        on: {
          'text.change': [
            { guard: 'typedTextWantsLookup', target: '.debouncing', actions: 'changeText' },
            { target: '.idle', actions: ['changeText', 'dropSuggestions'] },
          ],
          move: { actions: 'moveActive' },
          close: { actions: 'collapse' },
          manual: { target: 'manual', actions: 'toManual' },
        },
        states: {
          idle: {
            description:
              'No lookup on its way: the suggestions found (if any) are offered; focusing the field with text to look up starts one.',
            on: {
              focus: [
                { guard: 'focusWantsLookup', target: 'debouncing', actions: 'markFocused' },
                { actions: 'markFocused' },
              ],
              pick: [
                { guard: 'pickedContainer', target: 'finding', actions: 'openContainer' },
                { guard: 'pickedAddress', target: 'retrieving', actions: 'collapse' },
              ],
            },
          },
          debouncing: {
            description:
              'Waiting 300 ms after the last keystroke before the Find; a keystroke starts the wait again.',
            after: { debounce: { target: 'finding' } },
            on: {
              pick: [
                { guard: 'pickedContainer', target: 'finding', actions: 'openContainer' },
                { guard: 'pickedAddress', target: 'retrieving', actions: 'collapse' },
              ],
            },
          },
          finding: {
            description:
              'Find: the text in the chosen country (into the container picked); the answer opens the suggestions, a failure leaves manual entry.',
            tags: ['loading'],
            invoke: {
              id: 'find',
              src: 'find',
              input: findInput,
              onDone: { target: 'idle', actions: 'showSuggestions' },
              onError: { target: '#addressLookup.manual', actions: 'showFailure' },
            },
          },
          retrieving: {
            description:
              'Retrieve: the address picked; it fills the form and becomes the address picked; a failure leaves manual entry.',
            tags: ['loading'],
            invoke: {
              id: 'retrieve',
              src: 'retrieve',
              input: retrieveInput,
              onDone: { target: 'idle', actions: ['notifyAddressPicked', 'markPicked'] },
              onError: { target: '#addressLookup.manual', actions: 'showFailure' },
            },
          },
        },
      },
      manual: {
        description:
          'Manual entry: a plain text field (after the visitor asked for it, or a failed lookup, which it says).',
      },
    },
  });

export type AddressLookupMachine = typeof addressLookupMachine;
