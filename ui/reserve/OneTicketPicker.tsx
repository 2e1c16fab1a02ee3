import './strings';
import { useId } from 'react';
import type { OneTicketViewModel } from '../../machines/reserve/oneTicketReserve.view';
import { formatMoney } from '../format';
import { ReserveSkeleton } from '../skeleton/ReserveSkeleton';
import { resolveMessage } from '../strings';
import { FlexiblePriceField, flexiblePriceBounds } from './FlexiblePriceField';
import * as Shell from './ReserveFormShell';

/** The flow's view model (machines/reserve/oneTicketReserve.view.ts): the contract written once (issue 17). */
export type OneTicketView = OneTicketViewModel;

export interface OneTicketPickerProps extends Shell.ReserveFormProps {
  view: OneTicketView;
  onChoose: (ticketTypeId: string) => void;
}

/**
 * One-ticket-only picker (ledger and donation groups): one radio group across the groups, so exactly one
 * ticket is chosen and another choice replaces it; there is nothing to decrease. A pay-what-you-wish option
 * shows its bounds in place of a price, and its amount input under it once chosen (the reserve forms' field).
 */
export function OneTicketPicker(props: OneTicketPickerProps) {
  const { strings, view, currency } = props;
  const name = useId();
  if (view.status === 'loading') return <ReserveSkeleton label={strings.loading} />;
  return (
    <Shell.Form {...props}>
      {view.status === 'ready' ? (
        <>
          <Shell.Section heading={strings.chooseOne}>
            {view.groups.map((group) => (
              <fieldset key={group.id} className="one-ticket-group">
                <legend>{group.name}</legend>
                {group.description ? <p className="field__hint">{group.description}</p> : null}
                {group.validity ? (
                  <p className="field__hint">{resolveMessage(strings, group.validity)}</p>
                ) : null}
                {group.options.map((option) => (
                  <div key={option.id}>
                    <label className="one-ticket-option">
                      <input
                        type="radio"
                        name={name}
                        value={option.id}
                        checked={option.chosen}
                        disabled={option.disabled}
                        onChange={() => props.onChoose(option.id)}
                      />
                      <span className="one-ticket-option__text">
                        <span className="ticket-type__name">{option.name}</span>
                        {option.description ? (
                          <span className="field__hint">{option.description}</span>
                        ) : null}
                      </span>
                      <span className="one-ticket-option__price">
                        {option.flexiblePrice
                          ? flexiblePriceBounds(strings, currency, option.flexiblePrice)
                          : option.priceCents === 0
                            ? strings.free
                            : formatMoney(option.priceCents, currency)}
                      </span>
                    </label>
                    {option.flexiblePrice && option.chosen ? (
                      <FlexiblePriceField
                        id={`${name}-${option.id}`}
                        strings={strings}
                        currency={currency}
                        name={option.name}
                        price={option.flexiblePrice}
                        onChange={(value) => props.onPriceChange?.(option.id, value)}
                      />
                    ) : null}
                  </div>
                ))}
              </fieldset>
            ))}
          </Shell.Section>
          {props.showFooter === false ? null : <Shell.Footer {...props} />}
        </>
      ) : null}
    </Shell.Form>
  );
}
