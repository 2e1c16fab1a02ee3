import './strings';
import { type ReactNode, useId } from 'react';
import type { QuantityFirstReserveView } from '../../machines/reserve/view';
import { dayParts } from '../day-format';
import { validateBeforeSubmit } from '../form-validity';
import { formatMoney } from '../format';
import { fill, resolveMessage, type Strings } from '../strings';
import { AttendeeFields, type AttendeeFieldsProps } from './AttendeeFields';
import { CalendarSlot } from './CalendarSlot';
import { DayButtons } from './DayButtons';
import { ReserveNotices } from './ReserveNotices';
import { AllDaySession, ConflictingTimes, RuleMessages, SessionTabs, sessionLabel } from './SessionTabs';
import { SurveyFields, type SurveyFieldsProps } from './SurveyFields';
import { TicketQuantities, type TicketQuantitiesProps } from './TicketQuantities';
import { VoucherFields, type VoucherFieldsProps } from './VoucherFields';

/** The quantity-first view model (machines/reserve/quantityFirstReserve.view.ts): the contract written once. */
export type QuantityFirstView = QuantityFirstReserveView;

export interface QuantityFirstReserveProps {
  strings: Strings;
  currency: string;
  view: QuantityFirstView;
  /** The form's id, so a submit button outside it (the mobile reserve footer) submits it. */
  formId: string;
  /** False when the mobile reserve footer stands in for the form's own total and submit. */
  showFooter: boolean;
  calendar: { closing: boolean; size: 'sm' | 'md' | 'lg' } | null;
  onShowMore: () => void;
  onCloseCalendar: () => void;
  onDismissCalendar: () => void;
  onIncrement: (ticketTypeId: string) => void;
  onDecrement: (ticketTypeId: string) => void;
  onFindTickets: () => void;
  onEditQuantities: () => void;
  onSelectDate: (date: string) => void;
  onChangeDate: () => void;
  onSelectSession: (id: string) => void;
  onRetry: () => void;
  onSubmit: () => void;
  /** The visitor typed into an attendee field. */
  onAdmitChange?: AttendeeFieldsProps['onChange'];
  onSurveyChange?: SurveyFieldsProps['onChange'];
  /** The visitor typed the amount of a flexible price. */
  onPriceChange?: TicketQuantitiesProps['onPriceChange'];
  /** The visitor typed into a city-pass voucher field. */
  onVoucherChange?: VoucherFieldsProps['onChange'];
  /** The seat selection block of a seated event (spec 1 §2), shown once a session is chosen. */
  seatBlock?: ReactNode;
}

/** Quantity-first reserve: quantities, 'Find tickets', then date, session and the attendee section, submit. */
export function QuantityFirstReserve(props: QuantityFirstReserveProps) {
  const { strings, view, currency } = props;
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
      <QuantitiesSection {...props} />
      {view.dateVisible ? <DateSection {...props} /> : null}
      {/* The calendar's prices in its default currency, as before this view shared the calendar slot. */}
      <CalendarSlot {...props} currency={undefined} days={view.days} selectedDate={view.selectedDate} />
      {view.sessionVisible ? <SessionSection {...props} /> : null}
      {view.attendeesVisible ? <AttendeeSection {...props} /> : null}
      {view.attendeesVisible ? (props.seatBlock ?? null) : null}
      {view.dateVisible && props.showFooter ? (
        <div className="reserve-footer">
          <p aria-live="polite">
            <span>{strings.total}: </span>
            <strong>{formatMoney(view.totalCents, currency)}</strong>
          </p>
          <button className="btn" type="submit" disabled={!view.canSubmit} aria-busy={view.submitting}>
            {view.submitting ? strings.adding : strings.addToCart}
          </button>
        </div>
      ) : null}
    </form>
  );
}

function QuantitiesSection({
  strings,
  view,
  currency,
  onIncrement,
  onDecrement,
  onPriceChange,
  onFindTickets,
  onEditQuantities,
}: QuantityFirstReserveProps) {
  const id = useId();
  if (!view.quantitiesOpen) {
    return (
      <section className="reserve-section" aria-labelledby={id}>
        <h2 id={id}>{strings.selectedTickets}</h2>
        <div className="chosen">
          <ul className="plain-list">
            {view.summary.map((line) => (
              <li key={line.name}>{fill(strings.ticketCount, { name: line.name, count: line.quantity })}</li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            disabled={view.findingTickets || view.submitting}
            onClick={onEditQuantities}
          >
            {strings.change}
            <span className="visually-hidden"> {strings.selectedTickets}</span>
          </button>
        </div>
        <RuleMessages messages={view.ruleMessages?.quantity} />
        {view.findingTickets ? <p role="status">{strings.loading}</p> : null}
      </section>
    );
  }
  return (
    <section className="reserve-section" aria-labelledby={id}>
      <h2 id={id}>{strings.chooseTickets}</h2>
      <TicketQuantities
        strings={strings}
        currency={currency}
        groups={view.groups}
        onIncrement={onIncrement}
        onDecrement={onDecrement}
        onPriceChange={onPriceChange}
      />
      <RuleMessages messages={view.ruleMessages?.quantity} />
      <button type="button" className="btn" disabled={!view.canFindTickets} onClick={onFindTickets}>
        {strings.findTickets}
      </button>
    </section>
  );
}

function DateSection({
  strings,
  view,
  currency,
  onChangeDate,
  onSelectDate,
  onShowMore,
}: QuantityFirstReserveProps) {
  const id = useId();
  const { selectedDate } = view;
  if (selectedDate && !view.dateListOpen) {
    return (
      <section className="reserve-section" aria-labelledby={id}>
        <h2 id={id}>{strings.selectedDate}</h2>
        <div className="chosen">
          <strong>{dayParts(selectedDate).long}</strong>
          {view.canChangeDate ? (
            <button type="button" className="btn btn--secondary btn--small" onClick={onChangeDate}>
              {strings.change}
              <span className="visually-hidden"> {strings.selectedDate}</span>
            </button>
          ) : null}
        </div>
        <RuleMessages messages={view.ruleMessages?.date} />
      </section>
    );
  }
  return (
    <section className="reserve-section" aria-labelledby={id}>
      <h2 id={id}>{strings.chooseDate}</h2>
      {view.noDays ? <p className="message message--warning">{strings.noTimes}</p> : null}
      <DayButtons
        strings={strings}
        currency={currency}
        days={view.buttonDays}
        selectedDate={selectedDate}
        onSelectDate={onSelectDate}
      />
      {view.hasMoreDates ? (
        <button type="button" className="btn btn--secondary" onClick={onShowMore} aria-haspopup="dialog">
          {strings.showMoreDates}
        </button>
      ) : null}
    </section>
  );
}

function SessionSection({ strings, view, onSelectSession, onRetry }: QuantityFirstReserveProps) {
  const id = useId();
  const tabs = view.sessionTabs;
  const empty = tabs?.every((tab) => tab.sessions.length === 0) ?? false;
  return (
    <section className="reserve-section" aria-labelledby={id}>
      <h2 id={id}>{view.selectedSession ? strings.selectedTime : strings.chooseTime}</h2>
      {view.selectedSession ? (
        <p className="chosen">
          <strong>{sessionLabel(strings, view.selectedSession)}</strong>
        </p>
      ) : null}
      <RuleMessages messages={view.selectedSession ? view.ruleMessages?.session : undefined} />
      {view.fewTickets ? (
        <p className="message message--warning">{resolveMessage(strings, view.fewTickets)}</p>
      ) : null}
      {view.canRetry ? (
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          {strings.tryAgain}
        </button>
      ) : tabs === null ? (
        <p role="status">{strings.loading}</p>
      ) : view.allDaySession ? (
        <AllDaySession strings={strings} session={view.allDaySession} onSelect={onSelectSession} />
      ) : empty ? (
        <p className="message message--warning">{strings.noTimes}</p>
      ) : (
        <SessionTabs
          strings={strings}
          tabs={tabs}
          initialTab={view.initialTab}
          onSelect={onSelectSession}
          labelledBy={id}
        />
      )}
      <ConflictingTimes strings={strings} times={view.conflictingTimes} />
    </section>
  );
}

/**
 * Shown once a session is chosen: the visit summary, then the attendee fields and the city-pass voucher fields
 * (surveys come here later).
 */
function AttendeeSection({
  strings,
  view,
  onAdmitChange,
  onSurveyChange,
  onVoucherChange,
}: QuantityFirstReserveProps) {
  const id = useId();
  return (
    <>
      <section className="reserve-section" aria-labelledby={id} data-section="attendees">
        <h2 id={id}>{strings.yourVisit}</h2>
        <p>
          {view.selectedDate ? dayParts(view.selectedDate).long : null}
          {view.selectedSession ? `, ${sessionLabel(strings, view.selectedSession)}` : null}
        </p>
        <ul className="plain-list">
          {view.summary.map((line) => (
            <li key={line.name}>{fill(strings.ticketCount, { name: line.name, count: line.quantity })}</li>
          ))}
        </ul>
      </section>
      <AttendeeFields
        strings={strings}
        attendees={view.attendees ?? []}
        onChange={onAdmitChange ?? (() => {})}
      />
      <SurveyFields strings={strings} surveys={view.surveys ?? []} onChange={onSurveyChange ?? (() => {})} />
      <VoucherFields
        strings={strings}
        vouchers={view.vouchers ?? []}
        onChange={onVoucherChange ?? (() => {})}
      />
    </>
  );
}
