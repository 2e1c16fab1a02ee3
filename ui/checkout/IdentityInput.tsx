import './strings';
import type { ReactNode } from 'react';
import type { IdentityFieldView } from '../../machines/checkout/view';
import { FieldError, fieldAria } from '../form-validity';
import { resolveMessage, type Strings, type UiMessage } from '../strings';

/** One identity form field as the checkout's view model draws it (spec 2 §3). */
export type IdentityFieldProps = IdentityFieldView;

/**
 * The address field's own control when addresses can be looked up (the lookup combobox, loaded on demand); it
 * gets the field's id, label and error as the other fields have them. Absent: a plain text field.
 */
export type AddressInputSlot = (field: {
  id: string;
  label: string;
  describedBy: string | undefined;
  invalid: boolean;
}) => ReactNode;

/** One field of the identity form: a text input, a select, or a radio group (spec 1 §5: under 4 options). */
export function IdentityInput(props: {
  field: IdentityFieldProps;
  strings: Strings;
  value: string;
  error: UiMessage | undefined;
  onChange: (value: string) => void;
  onFocus: () => void;
  addressInput: AddressInputSlot | undefined;
}) {
  const { field: f, strings, error } = props;
  const id = `identity-${f.name}`;
  const label = strings[f.label];
  const aria = fieldAria(id, error !== undefined);
  const describedBy = aria['aria-describedby'];
  const errorText = <FieldError fieldId={id}>{error ? resolveMessage(strings, error) : null}</FieldError>;
  if (f.input === 'radio' && f.options)
    return (
      <fieldset className="field" aria-describedby={describedBy} style={{ border: 'none', padding: 0 }}>
        <legend>{label}</legend>
        {f.options.map((o) => (
          <label key={o.value} style={{ display: 'block' }}>
            <input
              type="radio"
              name={f.name}
              value={o.value}
              checked={props.value === o.value}
              required={f.required}
              disabled={f.disabled}
              aria-invalid={aria['aria-invalid']}
              onChange={() => props.onChange(o.value)}
              onFocus={props.onFocus}
            />{' '}
            {o.label}
          </label>
        ))}
        {errorText}
      </fieldset>
    );
  const common = {
    id,
    name: f.name,
    required: f.required,
    disabled: f.disabled,
    autoComplete: f.autoComplete,
    ...aria,
    onFocus: props.onFocus,
  } as const;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {props.addressInput ? (
        props.addressInput({ id, label, describedBy, invalid: error !== undefined })
      ) : f.input === 'select' && f.options ? (
        <select {...common} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
          <option value="">{strings.chooseOption}</option>
          {f.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={f.input}
          maxLength={f.maxLength}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
      {errorText}
    </div>
  );
}

/** What the identity form's fields take: the names of the checkout's and the account forms' props. */
export interface IdentityFieldsProps {
  fields: readonly IdentityFieldProps[];
  strings: Strings;
  values: Partial<Record<IdentityFieldProps['name'], string>>;
  fieldErrors: Partial<Record<IdentityFieldProps['name'], UiMessage>>;
  onFieldChange: (name: IdentityFieldProps['name'], value: string) => void;
  /** A field got focus (the checkout's address lookup listens); none: nothing. */
  onFieldFocus?: () => void;
  /** The address field's lookup, or nothing: a plain field. */
  addressInput?: AddressInputSlot;
}

const noFocus = () => {};

/** The identity form's fields in their grid (checkout's 'Your information', register and the profile). */
export function IdentityFields(props: IdentityFieldsProps) {
  return (
    <div className="form-grid">
      {props.fields.map((f) => (
        <IdentityInput
          key={f.name}
          field={f}
          strings={props.strings}
          value={props.values[f.name] ?? ''}
          error={props.fieldErrors[f.name]}
          onChange={(value) => props.onFieldChange(f.name, value)}
          onFocus={props.onFieldFocus ?? noFocus}
          addressInput={f.name === 'address' ? props.addressInput : undefined}
        />
      ))}
    </div>
  );
}
