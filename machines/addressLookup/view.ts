/** The address lookup's view model: one selector from a snapshot to the props the combobox needs. */
import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import type { addressLookupMachine } from './addressLookup.machine';
import { isContainer } from './rules';

export type AddressLookupSnapshot = SnapshotFrom<typeof addressLookupMachine>;

export interface AddressLookupView {
  /** Manual entry: a plain text field (the visitor's click, or a failed lookup). */
  manual: boolean;
  suggestions: { id: string; text: string; description: string; container: boolean }[];
  /** The suggestion the arrow keys are on, or -1. */
  active: number;
  expanded: boolean;
  /** A Find or a Retrieve is on its way. */
  busy: boolean;
  /** 'No addresses found', the count found, the lookup's failure, or null. */
  notice: Message | null;
}

export function selectAddressLookupView(snapshot: AddressLookupSnapshot): AddressLookupView {
  const { context } = snapshot;
  return {
    manual: snapshot.matches('manual'),
    suggestions: context.suggestions.map((s) => ({
      id: s.id,
      text: s.text,
      description: s.description,
      container: isContainer(s),
    })),
    active: context.active,
    expanded: context.expanded,
    busy: snapshot.hasTag('loading'),
    notice: context.notice,
  };
}
