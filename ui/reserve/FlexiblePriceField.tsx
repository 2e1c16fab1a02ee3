import './strings';
import { clearFieldValidity, FieldError, fieldAria } from '../form-validity';
import { formatMoney } from '../format';
import { fill, resolveMessage, type Strings, type UiMessage } from '../strings';

/** A flexible price's amount input (machines/reserve/core/prices.ts `FlexiblePriceView`). */
export interface FlexiblePriceOption {
  value: string;
  minCents: number | null;
  maxCents: number | null;
  /** The rule's verdict now: given to the browser's validity, so a submit focuses the first invalid field. */
  invalid: UiMessage | null;
  /** Shown after a submit the rule stopped. */
  error: UiMessage | null;
}

/** The bounds a flexible price's hint names ('Between $5.00 and $500.00', 'At least $5.00', 'Up to $50.00'). */
export function flexiblePriceBounds(strings: Strings, currency: string, price: FlexiblePriceOption): string {
  const min = price.minCents === null ? null : formatMoney(price.minCents, currency);
  const max = price.maxCents === null ? null : formatMoney(price.maxCents, currency);
  if (min !== null && max !== null) return fill(strings.flexiblePriceBetween, { min, max });
  if (min !== null) return fill(strings.flexiblePriceAtLeast, { min });
  return fill(strings.flexiblePriceUpTo, { max: max ?? '' });
}

/**
 * A flexible price's amount (spec 1 §5 "Flexible price: number, step 0.01, between currency_amount_min and
 * currency_amount_max; a pattern allows an optional plus sign and up to 2 decimals"): a decimal text input (a
 * number input would drop a typed '+' and anything it cannot read, where the visitor's text is kept as typed)
 * with the bounds as its hint; the rule (the pattern, the bounds) is the reserve core's, carried in
 * `data-invalid` into the form's validity, and its message shows under the field after a submit it stopped.
 */
export function FlexiblePriceField(props: {
  id: string;
  strings: Strings;
  currency: string;
  name: string;
  price: FlexiblePriceOption;
  onChange: (value: string) => void;
}) {
  const { id, strings, price } = props;
  return (
    <div className="field ticket-type__amount">
      <label htmlFor={id}>{fill(strings.flexiblePriceLabel, { name: props.name })}</label>
      <p className="field__hint" id={`${id}-bounds`}>
        {flexiblePriceBounds(strings, props.currency, price)}
      </p>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        value={price.value}
        {...fieldAria(id, Boolean(price.error), `${id}-bounds`)}
        data-invalid={price.invalid ? resolveMessage(strings, price.invalid) : undefined}
        onChange={(e) => {
          clearFieldValidity(e.currentTarget);
          props.onChange(e.target.value);
        }}
      />
      <FieldError fieldId={id}>{price.error ? resolveMessage(strings, price.error) : null}</FieldError>
    </div>
  );
}
