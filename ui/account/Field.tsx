import type { InputHTMLAttributes } from 'react';
import { FieldError, fieldAria } from '../form-validity';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  /** The field's error text, tied to the input with aria-describedby; null: none. */
  error: string | null;
  /** Ids of further descriptions (e.g. the password requirements). */
  describedBy?: string;
  onValueChange: (value: string) => void;
}

/**
 * A labelled input with its error under it, described by the error (and any hint) and invalid while it shows:
 * the form layer's way (ui/form-validity.ts).
 */
export function Field({ id, label, value, error, describedBy, onValueChange, ...input }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        {...fieldAria(id, error !== null && error !== '', describedBy)}
        onChange={(e) => onValueChange(e.target.value)}
        {...input}
      />
      <FieldError fieldId={id}>{error}</FieldError>
    </div>
  );
}
