import './strings';
import { type ReactNode, useId } from 'react';
import type { SingleEventViewModel } from '../../machines/reserve/view';
import { validateBeforeSubmit } from '../form-validity';
import { formatDate, formatMoney, formatTime } from '../format';
import { ReserveSkeleton } from '../skeleton/ReserveSkeleton';
import { resolveMessage, type Strings } from '../strings';
import { AttendeeFields, type AttendeeFieldsProps } from './AttendeeFields';
import { ReserveFooter, ReserveNotices } from './ReserveNotices';
import { SurveyFields, type SurveyFieldsProps } from './SurveyFields';
import { TicketQuantities, type TicketQuantitiesProps } from './TicketQuantities';
import { VoucherFields, type VoucherFieldsProps } from './VoucherFields';

/** The flow's view model (machines/reserve/single-event-view.ts): the contract written once (issue 17). */
export type SingleEventView = SingleEventViewModel;

export interface SingleEventReserveProps {
  strings: Strings;
  /** The form's id, so a submit button outside it (the mobile reserve footer) submits it. */
  formId?: string;
  /** False when the mobile reserve footer stands in for the form's own total and submit. */
  showFooter?: boolean;
  currency: string;
  view: SingleEventView;
  onIncrement: (ticketTypeId: string) => void;
  onDecrement: (ticketTypeId: string) => void;
  onSubmit: () => void;
  /** The visitor typed into an attendee field. */
  onAdmitChange?: AttendeeFieldsProps['onChange'];
  onSurveyChange?: SurveyFieldsProps['onChange'];
  /** The visitor typed the amount of a flexible price. */
  onPriceChange?: TicketQuantitiesProps['onPriceChange'];
  /** The visitor typed into a city-pass voucher field. */
  onVoucherChange?: VoucherFieldsProps['onChange'];
  /** The seat selection block of a seated event (spec 1 §2); without it, the plain seat message. */
  seatBlock?: ReactNode;
  onRetry: () => void;
}

/** Single event: its one session (when it needs one), quantities, seats hint, total and submit. */
export function SingleEventReserve(props: SingleEventReserveProps) {
  const { strings, view } = props;
  const dateId = useId();
  const ticketsId = useId();
  if (view.status === 'loading') return <ReserveSkeleton label={strings.loading} />;
  return (
    <form
      id={props.formId}
      className="reserve"
      aria-label={strings.reserveForm}
      // The form validates itself (validateBeforeSubmit), so a submit with an empty attendee field still
      // reaches the machine, which shows the fields' errors; the browser's own check would stop it unseen.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!view.canSubmit) return;
        // The first invalid attendee field gets focus; the machine checks the same rule and shows the errors.
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
          {view.session ? (
            <section className="reserve-section" aria-labelledby={dateId}>
              <h2 id={dateId}>{strings.selectedDate}</h2>
              <div className="chosen">
                <strong>
                  {formatDate(view.session.start, view.session.timeZone)},{' '}
                  {formatTime(view.session.start, view.session.timeZone)}
                </strong>
              </div>
              {view.fewTickets ? (
                <p className="message message--warning">{resolveMessage(strings, view.fewTickets)}</p>
              ) : null}
            </section>
          ) : null}
          <section className="reserve-section" aria-labelledby={ticketsId}>
            <h2 id={ticketsId}>{strings.chooseTickets}</h2>
            <TicketQuantities
              strings={strings}
              currency={props.currency}
              groups={view.groups}
              onIncrement={props.onIncrement}
              onDecrement={props.onDecrement}
              onPriceChange={props.onPriceChange}
            />
          </section>
          <AttendeeFields
            strings={strings}
            attendees={view.attendees ?? []}
            onChange={props.onAdmitChange ?? (() => {})}
          />
          <SurveyFields
            strings={strings}
            surveys={view.surveys ?? []}
            onChange={props.onSurveyChange ?? (() => {})}
          />
          <VoucherFields
            strings={strings}
            vouchers={view.vouchers ?? []}
            onChange={props.onVoucherChange ?? (() => {})}
          />
          {props.seatBlock ??
            (view.seatsNeeded ? <p className="message message--warning">{strings.seatRequired}</p> : null)}
          {props.showFooter === false ? null : (
            <ReserveFooter
              strings={strings}
              total={formatMoney(view.totalCents, props.currency)}
              canSubmit={view.canSubmit}
              submitting={view.submitting}
            />
          )}
        </>
      ) : null}
    </form>
  );
}
