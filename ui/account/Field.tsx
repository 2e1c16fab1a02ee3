import type { InputHTMLAttributes } from 'react';

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

/** A labelled input with its error under it, described by the error (and any hint) and invalid while it shows. */
export function Field({ id, label, value, error, describedBy, onValueChange, ...input }: FieldProps) {
  const described = [error ? `${id}-error` : null, describedBy ?? null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onValueChange(e.target.value)}
        {...input}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
