import './strings';
import { useId } from 'react';
import type { OneTicketViewModel } from '../../machines/reserve/view';
import { validateBeforeSubmit } from '../form-validity';
import { formatMoney } from '../format';
import { ReserveSkeleton } from '../skeleton/ReserveSkeleton';
import { resolveMessage, type Strings } from '../strings';
import { FlexiblePriceField, flexiblePriceBounds } from './FlexiblePriceField';
import { ReserveFooter, ReserveNotices } from './ReserveNotices';

/** The flow's view model (machines/reserve/single-event-view.ts): the contract written once (issue 17). */
export type OneTicketView = OneTicketViewModel;

export interface OneTicketPickerProps {
  strings: Strings;
  /** The form's id, so a submit button outside it (the mobile reserve footer) submits it. */
  formId?: string;
  /** False when the mobile reserve footer stands in for the form's own total and submit. */
  showFooter?: boolean;
  currency: string;
  view: OneTicketView;
  onChoose: (ticketTypeId: string) => void;
  /** The visitor typed the amount of a pay-what-you-wish option. */
  onPriceChange?: (ticketTypeId: string, value: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
}

/**
 * One-ticket-only picker (ledger and donation groups): one radio group across the groups, so exactly one
 * ticket is chosen and another choice replaces it; there is nothing to decrease. A pay-what-you-wish option
 * shows its bounds in place of a price, and its amount input under it once chosen (the reserve forms' field).
 */
export function OneTicketPicker(props: OneTicketPickerProps) {
  const { strings, view, currency } = props;
  const headingId = useId();
  const name = useId();
  if (view.status === 'loading') return <ReserveSkeleton label={strings.loading} />;
  return (
    <form
      id={props.formId}
      className="reserve"
      aria-label={strings.reserveForm}
      // The form validates itself (validateBeforeSubmit): a submit with an amount out of bounds still reaches
      // the machine, which shows the field's message; the browser's own check would stop it unseen.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!view.canSubmit) return;
        validateBeforeSubmit(e.currentTarget, strings.inputEmpty);
        props.onSubmit();
      }}
    >
      <ReserveNotices strings={strings} messages={view.messages} />
      {view.blockingMessage ? (
        <p className={`message message--${view.status === 'error' ? 'error' : 'warning'}`}>
          {resolveMessage(strings, view.blockingMessage)}
        </p>
      ) : null}
      {view.canRetry ? (
        <button type="button" className="btn btn--secondary" onClick={props.onRetry}>
          {strings.tryAgain}
        </button>
      ) : null}
      {view.status === 'ready' ? (
        <>
          <section className="reserve-section" aria-labelledby={headingId}>
            <h2 id={headingId}>{strings.chooseOne}</h2>
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
          </section>
          {props.showFooter === false ? null : (
            <ReserveFooter
              strings={strings}
              total={formatMoney(view.totalCents, currency)}
              canSubmit={view.canSubmit}
              submitting={view.submitting}
            />
          )}
        </>
      ) : null}
    </form>
  );
}
