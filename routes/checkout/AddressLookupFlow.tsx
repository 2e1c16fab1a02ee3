/**
 * The address field's lookup at checkout (spec 1 §4 "Address input", §5, §8, §9), loaded on demand with the
 * combobox: used only when the seller has a lookup (runtime config `addressLookup`), the form asks an address and
 * the chosen country is one the lookup covers (USA, GBR, CAN, AUS, NZL). The flow is the addressLookup machine
 * (debounce on its clock, suggestions, drill-down, the failure's manual fallback); this screen gets its actor,
 * selects its view and renders the combobox, or the plain field in manual entry. The route keys it by country: a
 * new country starts a new lookup.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { addressLookup } from '../../api/address';
import type { LookupCountry } from '../../domain/identity-form';
import { selectAddressLookupView } from '../../machines/addressLookup/view';
import { AddressCombobox } from '../../ui/checkout/AddressCombobox';
import type { IdentityField } from '../../ui/checkout/CheckoutView';
import { resolveMessage } from '../../ui/strings';
import { useServices } from '../app/services';
import { provideAddressLookup } from './address-wiring';

export interface AddressLookupFlowProps {
  field: { id: string; label: string; describedBy: string | undefined; invalid: boolean };
  country: LookupCountry;
  value: string;
  onFieldChange: (name: IdentityField, value: string) => void;
  onFocus: () => void;
}

export default function AddressLookupFlow(props: AddressLookupFlowProps) {
  const { api, strings, inspect } = useServices();
  // The form's setter as last rendered: the machine is made once per mount.
  const fieldChange = useRef(props.onFieldChange);
  fieldChange.current = props.onFieldChange;
  const machine = useMemo(
    () =>
      provideAddressLookup({
        lookup: addressLookup(api),
        fieldChange: (name, value) => fieldChange.current(name, value),
      }),
    [api],
  );
  const actor = useActorRef(machine, { input: { country: props.country, text: props.value }, inspect });
  const view = useSelector(actor, selectAddressLookupView);
  const change = (text: string) => {
    props.onFieldChange('address', text);
    actor.send({ type: 'text.change', value: text });
  };

  if (view.manual)
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
          value={props.value}
          onChange={(e) => props.onFieldChange('address', e.target.value)}
          onFocus={props.onFocus}
        />
        <p id={`${props.field.id}-lookup`} className="field__hint" role="status">
          {view.notice ? resolveMessage(strings, view.notice) : ''}
        </p>
      </>
    );
  return (
    <AddressCombobox
      strings={strings}
      id={props.field.id}
      describedBy={props.field.describedBy}
      invalid={props.field.invalid}
      value={props.value}
      suggestions={view.suggestions}
      active={view.active}
      expanded={view.expanded}
      busy={view.busy}
      notice={view.notice}
      onChange={change}
      onFocus={() => {
        actor.send({ type: 'focus' });
        props.onFocus();
      }}
      onMove={(index) => actor.send({ type: 'move', index })}
      onPick={(index) => actor.send({ type: 'pick', index })}
      onClose={() => actor.send({ type: 'close' })}
      onManual={() => actor.send({ type: 'manual' })}
    />
  );
}
