import './strings';
import { useId } from 'react';
import type { Strings } from '../strings';

export interface SandboxCardValues {
  number: string;
  expiry: string;
  cvc: string;
}

export interface SandboxCardFormProps {
  strings: Strings;
  values: SandboxCardValues;
  onChange: (values: SandboxCardValues) => void;
  disabled: boolean;
}

/** Card fields of the sandbox payment adapter (stands in for Stripe's card element on offline machines). */
export function SandboxCardForm({ strings, values, onChange, disabled }: SandboxCardFormProps) {
  const id = useId();
  const set = (key: keyof SandboxCardValues) => (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...values, [key]: e.target.value });
  return (
    <div>
      <p className="field__hint" id={`${id}-hint`}>
        {strings.sandboxNotice}
      </p>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-number`}>{strings.cardNumber}</label>
          <input
            id={`${id}-number`}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            value={values.number}
            onChange={set('number')}
            disabled={disabled}
            aria-describedby={`${id}-hint`}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-expiry`}>{strings.cardExpiry}</label>
          <input
            id={`${id}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={7}
            placeholder="MM / YY"
            value={values.expiry}
            onChange={set('expiry')}
            disabled={disabled}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-cvc`}>{strings.cardCvc}</label>
          <input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={values.cvc}
            onChange={set('cvc')}
            disabled={disabled}
          />
        </div>
      </div>
    </div>
  );
}
