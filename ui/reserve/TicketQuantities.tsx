import './strings';
import { useId } from 'react';
import { formatMoney } from '../format';
import { fill, type Strings } from '../strings';
import { FlexiblePriceField, type FlexiblePriceOption } from './FlexiblePriceField';

export type { FlexiblePriceOption } from './FlexiblePriceField';

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
