import type { DoneActorEvent } from 'xstate';
import type { AddressSuggestion, RetrievedAddress } from '../../api/models';
import type { LookupCountry } from '../../domain/identity-form';
import type { Message } from '../shared/messages';

export type { AddressSuggestion, LookupCountry, RetrievedAddress };

/** The lookup starts in the country the form has chosen (one the lookup covers), with the field's text. */
export interface AddressLookupInput {
  country: LookupCountry;
  /** The address field's text when the lookup starts (prefilled, or picked before): no Find for it. */
  text: string;
}

export interface AddressLookupContext {
  country: LookupCountry;
  /** The field's text as typed. */
  text: string;
  /** The address line picked (or the text the field had at the start): no Find while the text is this. */
  picked: string | null;
  /** The field has had the focus (spec 1 §5: a Find starts only with the field focused). */
  focused: boolean;
  /** The container the Find looks into (a suggestion that is not an address was picked), or null. */
  container: string | null;
  suggestions: AddressSuggestion[];
  /** The suggestion the arrow keys are on, or -1. */
  active: number;
  /** The list of suggestions is open. */
  expanded: boolean;
  /** 'No addresses found', the count found, the lookup's failure, or null. */
  notice: Message | null;
}

export type AddressLookupEvent =
  | { type: 'text.change'; value: string }
  | { type: 'focus' }
  | { type: 'move'; index: number }
  | { type: 'pick'; index: number }
  | { type: 'close' }
  | { type: 'manual' }
  /** Find answered with suggestions; Retrieve with the picked address. */
  | DoneActorEvent<FindOutput, 'find'>
  | DoneActorEvent<RetrieveOutput, 'retrieve'>;

/** What the provided `find` receives: the country, the text trimmed, and the container found into. */
export interface FindInput {
  country: LookupCountry;
  text: string;
  container?: string;
}
export type FindOutput = AddressSuggestion[];

/** What the provided `retrieve` receives: the picked address's id. */
export interface RetrieveInput {
  id: string;
}
export type RetrieveOutput = RetrievedAddress;

/** Typed completions of the two calls (the path tests and the story build them). */
export type AddressLookupDoneEvent =
  | { type: 'xstate.done.actor.find'; output: FindOutput }
  | { type: 'xstate.done.actor.retrieve'; output: RetrieveOutput };
