/**
 * The address field as a lookup (spec 1 §4 "Address input", §5, §8): an ARIA combobox with a listbox of
 * suggestions under it (WAI-ARIA APG "combobox with list autocomplete"): arrow keys move through the suggestions,
 * Enter picks one (a container opens its addresses, an address is retrieved), Escape closes the list. A lookup that
 * fails says so and the field becomes a plain one (manual entry); the visitor may switch to manual entry too.
 * Props in, callbacks out: the lookup itself is the route's (routes/checkout/AddressLookupFlow.tsx).
 */
import './address-strings';
import type { KeyboardEvent } from 'react';
import { resolveMessage, type Strings, type UiMessage } from '../strings';

export interface AddressComboboxProps {
  strings: Strings;
  /** The field's id, label and error wiring, as the identity form gives them. */
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  value: string;
  suggestions: { id: string; text: string; description: string; container: boolean }[];
  /** The suggestion the arrow keys are on, or -1. */
  active: number;
  expanded: boolean;
  busy: boolean;
  /** 'No addresses found', the lookup's failure, or null. */
  notice: UiMessage | null;
  onChange: (value: string) => void;
  onFocus: () => void;
  onMove: (active: number) => void;
  onPick: (index: number) => void;
  onClose: () => void;
  onManual: () => void;
}

export function AddressCombobox(props: AddressComboboxProps) {
  const { strings, id, suggestions, active, expanded } = props;
  const listId = `${id}-suggestions`;
  const noticeId = `${id}-lookup`;
  const open = expanded && suggestions.length > 0;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && suggestions.length > 0) {
      e.preventDefault();
      props.onMove(open ? (active + 1) % suggestions.length : 0);
    } else if (e.key === 'ArrowUp' && open) {
      e.preventDefault();
      props.onMove(active <= 0 ? suggestions.length - 1 : active - 1);
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      props.onPick(active);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      props.onClose();
    }
  };
  return (
    <div className="address-lookup" style={{ position: 'relative' }}>
      <input
        id={id}
        name="address"
        type="text"
        role="combobox"
        autoComplete="off"
        maxLength={1000}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={[props.describedBy, noticeId].filter(Boolean).join(' ')}
        aria-busy={props.busy || undefined}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onFocus={props.onFocus}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={strings.addressSuggestions}
        className="address-lookup__list"
        hidden={!open}
      >
        {suggestions.map((s, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (APG combobox)
          <div
            key={s.id}
            tabIndex={-1}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="address-lookup__option"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => props.onPick(index)}
          >
            <span>{s.text}</span> <small>{s.container ? `${s.description} ›` : s.description}</small>
          </div>
        ))}
      </div>
      <p id={noticeId} className="field__hint" role="status">
        {props.notice ? resolveMessage(strings, props.notice) : ''}
      </p>
      <button type="button" className="btn btn--link" onClick={props.onManual}>
        {strings.addressManual}
      </button>
    </div>
  );
}
