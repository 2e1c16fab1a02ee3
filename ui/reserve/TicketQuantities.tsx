import './strings';
import { useId } from 'react';
import { clearFieldValidity } from '../form-validity';
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

export interface QuantityTypeOption {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  quantity: number;
  canIncrement: boolean;
  canDecrement: boolean;
  /** The amount the visitor sets (a flexible price), or null/absent when the price is fixed. */
  flexiblePrice?: FlexiblePriceOption | null;
}

export interface QuantityGroupOption {
  id: string;
  name: string;
  description: string | null;
  types: QuantityTypeOption[];
}

export interface TicketQuantitiesProps {
  strings: Strings;
  currency: string;
  groups: QuantityGroupOption[];
  onIncrement: (ticketTypeId: string) => void;
  onDecrement: (ticketTypeId: string) => void;
  /** The visitor typed the amount of a flexible price. */
  onPriceChange?: (ticketTypeId: string, value: string) => void;
}

/**
 * The name of a type in its controls' names: with its group when another group on the form has a type of the
 * same name (two 'Add one Adult' buttons, Stalls and Balcony, would be one name to a screen reader).
 */
function controlNames(strings: Strings, groups: readonly QuantityGroupOption[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const group of groups)
    for (const name of new Set(group.types.map((type) => type.name)))
      count.set(name, (count.get(name) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const group of groups)
    for (const type of group.types)
      names.set(
        type.id,
        (count.get(type.name) ?? 0) > 1
          ? fill(strings.typeInGroup, { name: type.name, group: group.name })
          : type.name,
      );
  return names;
}

/** Ticket groups with a − / count / + stepper per type (the counts and what can be pressed come from the view model). */
export function TicketQuantities({
  strings,
  currency,
  groups,
  onIncrement,
  onDecrement,
  onPriceChange,
}: TicketQuantitiesProps) {
  const names = controlNames(strings, groups);
  const id = useId();
  return (
    <>
      {groups.map((group) => (
        <fieldset key={group.id} className="ticket-group" style={{ border: 'none', padding: 0, margin: 0 }}>
          <legend className={groups.length > 1 ? undefined : 'visually-hidden'}>{group.name}</legend>
          {group.types.map((type) => {
            const name = names.get(type.id) ?? type.name;
            return (
              <div className="ticket-type" key={type.id}>
                <div>
                  <p className="ticket-type__name">{type.name}</p>
                  {type.flexiblePrice ? null : (
                    <p className="ticket-type__price">
                      {type.priceCents === 0 ? strings.free : formatMoney(type.priceCents, currency)}
                    </p>
                  )}
                  {type.description ? <p className="field__hint">{type.description}</p> : null}
                  {type.flexiblePrice ? (
                    <FlexiblePriceField
                      id={`${id}-${type.id}`}
                      strings={strings}
                      currency={currency}
                      name={name}
                      price={type.flexiblePrice}
                      onChange={(value) => onPriceChange?.(type.id, value)}
                    />
                  ) : null}
                </div>
                <div className="stepper">
                  <button
                    type="button"
                    aria-label={fill(strings.decrease, { name })}
                    disabled={!type.canDecrement}
                    onClick={() => onDecrement(type.id)}
                  >
                    −
                  </button>
                  <output aria-live="polite" aria-label={fill(strings.quantityOf, { name })}>
                    {type.quantity}
                  </output>
                  <button
                    type="button"
                    aria-label={fill(strings.increase, { name })}
                    disabled={!type.canIncrement}
                    onClick={() => onIncrement(type.id)}
                  >
                    +
                  </button>
                </div>
              </div>
            );
          })}
        </fieldset>
      ))}
    </>
  );
}

/** The bounds a flexible price's hint names ('Between $5.00 and $500.00', 'At least $5.00', 'Up to $50.00'). */
function boundsText(strings: Strings, currency: string, price: FlexiblePriceOption): string {
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
function FlexiblePriceField(props: {
  id: string;
  strings: Strings;
  currency: string;
  name: string;
  price: FlexiblePriceOption;
  onChange: (value: string) => void;
}) {
  const { id, strings, price } = props;
  const described = [`${id}-bounds`, price.error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field ticket-type__amount">
      <label htmlFor={id}>{fill(strings.flexiblePriceLabel, { name: props.name })}</label>
      <p className="field__hint" id={`${id}-bounds`}>
        {boundsText(strings, props.currency, price)}
      </p>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        value={price.value}
        aria-invalid={price.error ? true : undefined}
        aria-describedby={described}
        data-invalid={price.invalid ? resolveMessage(strings, price.invalid) : undefined}
        onChange={(e) => {
          clearFieldValidity(e.currentTarget);
          props.onChange(e.target.value);
        }}
      />
      {price.error ? (
        <p className="field__error" id={`${id}-error`}>
          {resolveMessage(strings, price.error)}
        </p>
      ) : null}
    </div>
  );
}
