import './strings';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { ReserveViewModel } from '../../machines/reserve/view';
import { dayParts } from '../day-format';
import { validateBeforeSubmit } from '../form-validity';
import { formatMoney } from '../format';
import { ReserveSkeleton } from '../skeleton/ReserveSkeleton';
import { fill, resolveMessage, type Strings, type UiMessage } from '../strings';
import { AttendeeFields, type AttendeeFieldsProps } from './AttendeeFields';
import { CalendarSlot, useCalendarReturnFocus } from './CalendarSlot';
import { DayButtons } from './DayButtons';
import { ReserveNotices } from './ReserveNotices';
import { AllDaySession, ConflictingTimes, RuleMessages, SessionTabs, sessionLabel } from './SessionTabs';

/** The seller's messages (message rules), by where they show. */
export interface RuleMessagesView {
  date: readonly string[];
  session: readonly string[];
  quantity: readonly string[];
}

import { SurveyFields, type SurveyFieldsProps } from './SurveyFields';
import { TicketQuantities, type TicketQuantitiesProps } from './TicketQuantities';
import { VoucherFields, type VoucherFieldsProps } from './VoucherFields';

export type { DayBadge, DayOption } from './day-text';

export interface ReserveNoticeView {
  key: string;
  level: 'error' | 'warning' | 'info';
  message: UiMessage;
}

/** What the reserve view shows: the flow's view model (machines/reserve/view.ts), the contract written once. */
export type ReserveView = ReserveViewModel;

export interface DateFirstReserveProps {
  strings: Strings;
  /** The form's id, so a submit button outside it (the mobile reserve footer) submits it. */
  formId?: string;
  /** False when the mobile reserve footer stands in for the form's own total and submit. Default true. */
  showFooter?: boolean;
  currency: string;
  view: ReserveView;
  /** The 'Choose date' modal as the modal stack shows it (null: not open). */
  calendar: { closing: boolean; size: 'sm' | 'md' | 'lg' } | null;
  /** 'Show more dates': opens the calendar on the modal stack. */
  onShowMore: () => void;
  /** The calendar's Close button, and after a date is chosen (the stack's `modal.close`). */
  onCloseCalendar: () => void;
  /** Escape or a backdrop click on the calendar (the stack's `modal.dismiss`). */
  onDismissCalendar: () => void;
  onRetry: () => void;
  onSelectDate: (date: string) => void;
  onChangeDate: () => void;
  /** Flexible (any-date) tickets instead of a date. */
  onSelectFlexible?: () => void;
  /** Back to single-date tickets. */
  onClearFlexible?: () => void;
  onSelectSession: (id: string) => void;
  onChangeSession: () => void;
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
  /** The seat selection block of a seated event (spec 1 §2), shown under the tickets. */
  seatBlock?: ReactNode;
}

/** Date-first reserve: date buttons (then 'Show more dates'), time-of-day session tabs, quantities, submit. */
export function DateFirstReserve(props: DateFirstReserveProps) {
  const { strings, view } = props;
  const dateHeading = useRef<HTMLHeadingElement>(null);
  const timeHeading = useRef<HTMLHeadingElement>(null);
  // A chosen day or time collapses its list, taking the pressed button away: focus then goes to the heading
  // of what was chosen (its Change button follows it), not back to the top of the page.
  const pendingFocus = useRef<'date' | 'time' | null>(null);
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    const target = pending === 'date' ? dateHeading.current : timeHeading.current;
    if (!target) return;
    pendingFocus.current = null;
    const active = document.activeElement;
    if (!active || active === document.body) target.focus();
  });
  const withFocus: DateFirstReserveProps = {
    ...props,
    onSelectDate: (date) => {
      pendingFocus.current = 'date';
      props.onSelectDate(date);
    },
    onSelectSession: (id) => {
      pendingFocus.current = 'time';
      props.onSelectSession(id);
    },
  };
  // A day chosen in the calendar: focus goes to the chosen date's heading.
  useCalendarReturnFocus(props.calendar, dateHeading);

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
      {(view.status === 'noAvailability' || view.status === 'error') && view.blockingMessage ? (
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
          {view.hasFlexible ? <TicketKindChoice {...props} /> : null}
          {view.flexibleChosen ? null : <DateSection {...withFocus} headingRef={dateHeading} />}
          <CalendarSlot {...props} days={view.days} selectedDate={view.selectedDate} />
          {view.selectedDate && !view.dateListOpen && !view.flexibleChosen ? (
            <SessionSection {...withFocus} headingRef={timeHeading} />
          ) : null}
          {view.flexibleChosen || (view.selectedSession && !view.sessionListOpen && !view.dateListOpen) ? (
            <TicketSection {...props} />
          ) : null}
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
          {props.seatBlock ?? null}
          {props.showFooter === false ? null : (
            <div className="reserve-footer">
              <p aria-live="polite">
                <span>{strings.total}: </span>
                <strong>{formatMoney(view.totalCents, props.currency)}</strong>
              </p>
              <button className="btn" type="submit" disabled={!view.canSubmit} aria-busy={view.submitting}>
                {view.submitting ? strings.adding : strings.addToCart}
              </button>
            </div>
          )}
        </>
      ) : null}
    </form>
  );
}

/** Single date or flexible (any-date) tickets, as a radio group. */
function TicketKindChoice({ strings, view, onSelectFlexible, onClearFlexible }: DateFirstReserveProps) {
  const name = useId();
  const flexible = view.flexibleChosen === true;
  return (
    <fieldset className="reserve-section ticket-kind" style={{ border: 'none', padding: 0, margin: 0 }}>
      <legend>
        <h2 style={{ margin: 0 }}>{strings.ticketKind}</h2>
      </legend>
      <label className="radio">
        <input type="radio" name={name} checked={!flexible} onChange={() => onClearFlexible?.()} />{' '}
        {strings.singleDateTickets}
      </label>{' '}
      <label className="radio">
        <input type="radio" name={name} checked={flexible} onChange={() => onSelectFlexible?.()} />{' '}
        {strings.flexibleTickets}
      </label>
      {flexible ? <p className="field__hint">{strings.flexibleTicketsHint}</p> : null}
    </fieldset>
  );
}

function DateSection({
  strings,
  view,
  currency,
  onChangeDate,
  onSelectDate,
  onShowMore,
  headingRef,
}: DateFirstReserveProps & { headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const id = useId();
  const { selectedDate } = view;
  if (selectedDate && !view.dateListOpen) {
    return (
      <section className="reserve-section" aria-labelledby={id}>
        <h2 id={id} ref={headingRef} tabIndex={-1}>
          {strings.selectedDate}
        </h2>
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

function SessionSection({
  strings,
  view,
  onChangeSession,
  onSelectSession,
  headingRef,
}: DateFirstReserveProps & { headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const id = useId();
  const { selectedSession, sessionTabs } = view;
  if (selectedSession && !view.sessionListOpen) {
    return (
      <section className="reserve-section" aria-labelledby={id}>
        <h2 id={id} ref={headingRef} tabIndex={-1}>
          {strings.selectedTime}
        </h2>
        <div className="chosen">
          <strong>{sessionLabel(strings, selectedSession)}</strong>
          {selectedSession.remaining != null ? (
            <span className="session-button__note">
              {fill(strings.remaining, { count: String(selectedSession.remaining) })}
            </span>
          ) : null}
          <button type="button" className="btn btn--secondary btn--small" onClick={onChangeSession}>
            {strings.change}
            <span className="visually-hidden"> {strings.selectedTime}</span>
          </button>
        </div>
        {view.fewTickets ? (
          <p className="message message--warning">{resolveMessage(strings, view.fewTickets)}</p>
        ) : null}
        <RuleMessages messages={view.ruleMessages?.session} />
      </section>
    );
  }
  const empty = sessionTabs?.every((tab) => tab.sessions.length === 0) ?? false;
  return (
    <section className="reserve-section" aria-labelledby={id}>
      <h2 id={id}>{strings.chooseTime}</h2>
      {sessionTabs === null ? (
        <p role="status">{strings.loading}</p>
      ) : view.allDaySession ? (
        <AllDaySession strings={strings} session={view.allDaySession} onSelect={onSelectSession} />
      ) : empty ? (
        view.canRetry ? null : (
          <p className="message message--warning">{strings.noTimes}</p>
        )
      ) : (
        <SessionTabs
          strings={strings}
          tabs={sessionTabs}
          initialTab={view.initialTab}
          onSelect={onSelectSession}
          labelledBy={id}
        />
      )}
      <ConflictingTimes strings={strings} times={view.conflictingTimes} />
    </section>
  );
}

function TicketSection({
  strings,
  view,
  currency,
  onDecrement,
  onIncrement,
  onPriceChange,
}: DateFirstReserveProps) {
  const { groups } = view;
  const id = useId();
  return (
    <section className="reserve-section" aria-labelledby={id}>
      <h2 id={id}>{strings.chooseTickets}</h2>
      {groups === null ? (
        <p role="status">{strings.loading}</p>
      ) : (
        <TicketQuantities
          strings={strings}
          currency={currency}
          groups={groups}
          onIncrement={onIncrement}
          onDecrement={onDecrement}
          onPriceChange={onPriceChange}
        />
      )}
      <RuleMessages messages={view.ruleMessages?.quantity} />
    </section>
  );
}
