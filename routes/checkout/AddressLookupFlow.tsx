/**
 * The address field's lookup at checkout (spec 1 §4 "Address input", §5, §8, §9), loaded on demand with the
 * combobox: used only when the seller has a lookup (runtime config `addressLookup`), the form asks an address and
 * the chosen country is one the lookup covers (USA, GBR, CAN, AUS, NZL). A Find starts once the text has at least 4
 * characters, differs from the address picked, with the field focused, 300 ms after the last keystroke; a
 * container found is found into; an address is retrieved and fills address, address line 2, city, state, country
 * and zip code. 'No addresses found' when nothing matches; a failed lookup says so and leaves manual entry, as does
 * the visitor's click.
 */
import { useEffect, useRef, useState } from 'react';
import { type AddressSuggestion, addressLookup } from '../../api/address';
import type { LookupCountry } from '../../domain/identity-form';
import { AddressCombobox } from '../../ui/checkout/AddressCombobox';
import type { IdentityField } from '../../ui/checkout/CheckoutView';
import type { UiMessage } from '../../ui/strings';
import { useServices } from '../app/services';

/** Spec 1 §9: the search starts at 4 characters, 300 ms after the last keystroke. */
export const LOOKUP_MIN_CHARS = 4;
export const LOOKUP_DEBOUNCE_MS = 300;

export interface AddressLookupFlowProps {
  field: { id: string; label: string; describedBy: string | undefined; invalid: boolean };
  country: LookupCountry;
  value: string;
  onFieldChange: (name: IdentityField, value: string) => void;
  onFocus: () => void;
}

export default function AddressLookupFlow(props: AddressLookupFlowProps) {
  const { api, strings } = useServices();
  const lookup = useRef(addressLookup(api)).current;
  const [manual, setManual] = useState(false);
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<UiMessage | null>(null);
  const [focused, setFocused] = useState(false);
  const picked = useRef<string | null>(null);
  const call = useRef<AbortController | null>(null);
  const { value, country, onFieldChange } = props;

  const failed = () => {
    setManual(true);
    setExpanded(false);
    setSuggestions([]);
    setNotice({ key: 'addressLookupFailed' });
  };
  const find = async (text: string, container?: string) => {
    call.current?.abort();
    const controller = new AbortController();
    call.current = controller;
    setBusy(true);
    try {
      const found = await lookup.find(
        { country, text, ...(container ? { container } : {}) },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      setSuggestions(found);
      setActive(-1);
      setExpanded(found.length > 0);
      setNotice(
        found.length === 0
          ? { key: 'noAddressesFound' }
          : { key: 'addressSuggestionsCount', params: { count: found.length } },
      );
    } catch {
      if (!controller.signal.aborted) failed();
    } finally {
      if (call.current === controller) setBusy(false);
    }
  };

  // Find 300 ms after the last keystroke, with at least 4 characters and text other than the address picked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a lookup per text, country and focus
  useEffect(() => {
    if (manual || !focused || value.trim().length < LOOKUP_MIN_CHARS || value === picked.current) return;
    const timer = setTimeout(() => void find(value.trim()), LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, country, focused, manual]);
  useEffect(() => () => call.current?.abort(), []);

  const pick = async (index: number) => {
    const s = suggestions[index];
    if (!s) return;
    if (s.type !== 'Address') return void find(value.trim(), s.id);
    setExpanded(false);
    setBusy(true);
    try {
      const address = await lookup.retrieve(s.id);
      picked.current = address.line1;
      // The country first: a new country clears a state that is not its own.
      onFieldChange('country', address.countryIso2);
      onFieldChange('address', address.line1);
      onFieldChange('addressMore', address.line2);
      onFieldChange('city', address.city);
      onFieldChange('state', address.province);
      onFieldChange('zipCode', address.postalCode);
      setSuggestions([]);
      setNotice(null);
    } catch {
      failed();
    } finally {
      setBusy(false);
    }
  };

  if (manual)
    return (
      <>
        <input
          id={props.field.id}
          name="address"
          type="text"
          autoComplete="address-line1"
          maxLength={1000}
          aria-invalid={props.field.invalid || undefined}
          aria-describedby={[props.field.describedBy, `${props.field.id}-lookup`].filter(Boolean).join(' ')}
          value={value}
          onChange={(e) => onFieldChange('address', e.target.value)}
          onFocus={props.onFocus}
        />
        <p id={`${props.field.id}-lookup`} className="field__hint" role="status">
          {notice ? strings[notice.key as 'addressLookupFailed'] : ''}
        </p>
      </>
    );
  return (
    <AddressCombobox
      strings={strings}
      id={props.field.id}
      describedBy={props.field.describedBy}
      invalid={props.field.invalid}
      value={value}
      suggestions={suggestions.map((s) => ({ ...s, container: s.type !== 'Address' }))}
      active={active}
      expanded={expanded}
      busy={busy}
      notice={notice}
      onChange={(text) => onFieldChange('address', text)}
      onFocus={() => {
        setFocused(true);
        props.onFocus();
      }}
      onMove={setActive}
      onPick={(index) => void pick(index)}
      onClose={() => setExpanded(false)}
      onManual={() => {
        setManual(true);
        setExpanded(false);
        setNotice(null);
      }}
    />
  );
}
