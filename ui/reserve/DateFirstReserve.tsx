import './strings';
import { useEffect, useId, useRef } from 'react';
import type { ReserveViewModel } from '../../machines/reserve/dateFirstReserve.view';
import { ReserveSkeleton } from '../skeleton/ReserveSkeleton';
import { fill, resolveMessage, type UiMessage } from '../strings';
import { CalendarSlot, useCalendarReturnFocus } from './CalendarSlot';
import * as Shell from './ReserveFormShell';
import { RuleMessages, sessionLabel } from './SessionTabs';

/** The seller's messages (message rules), by where they show. */
export interface RuleMessagesView {
  date: readonly string[];
  session: readonly string[];
  quantity: readonly string[];
}

export type { DayBadge, DayOption } from './day-text';

export interface ReserveNoticeView {
  key: string;
  level: 'error' | 'warning' | 'info';
  message: UiMessage;
}

/** What the reserve view shows: the flow's view model (machines/reserve/dateFirstReserve.view.ts), the contract written once. */
export type ReserveView = ReserveViewModel;

export interface DateFirstReserveProps extends Shell.QuantityFormProps {
  view: ReserveView;
  /** The 'Choose date' modal as the modal stack shows it (null: not open). */
  calendar: { closing: boolean; size: 'sm' | 'md' | 'lg' } | null;
  /** 'Show more dates': opens the calendar on the modal stack. */
  onShowMore: () => void;
  /** The calendar's Close button, and after a date is chosen (the stack's `modal.close`). */
  onCloseCalendar: () => void;
  /** Escape or a backdrop click on the calendar (the stack's `modal.dismiss`). */
  onDismissCalendar: () => void;
  onSelectDate: (date: string) => void;
  onChangeDate: () => void;
  /** Flexible (any-date) tickets instead of a date. */
  onSelectFlexible?: () => void;
  /** Back to single-date tickets. */
  onClearFlexible?: () => void;
  onSelectSession: (id: string) => void;
  onChangeSession: () => void;
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
    <Shell.Form {...props} blockingShown={view.status === 'noAvailability' || view.status === 'error'}>
      {view.status === 'ready' ? (
        <>
          {view.hasFlexible ? <TicketKindChoice {...props} /> : null}
          {view.flexibleChosen ? null : <Shell.DateSection {...withFocus} headingRef={dateHeading} />}
          <CalendarSlot {...props} days={view.days} selectedDate={view.selectedDate} />
          {view.selectedDate && !view.dateListOpen && !view.flexibleChosen ? (
            <SessionSection {...withFocus} headingRef={timeHeading} />
          ) : null}
          {view.flexibleChosen || (view.selectedSession && !view.sessionListOpen && !view.dateListOpen) ? (
            <Shell.Tickets {...props} />
          ) : null}
          <Shell.Extras {...props} />
          {props.seatBlock ?? null}
          {props.showFooter === false ? null : <Shell.Footer {...props} />}
        </>
      ) : null}
    </Shell.Form>
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

function SessionSection({
  strings,
  view,
  onChangeSession,
  onSelectSession,
  headingRef,
}: DateFirstReserveProps & { headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const { selectedSession } = view;
  if (selectedSession && !view.sessionListOpen) {
    return (
      <Shell.Section heading={strings.selectedTime} headingRef={headingRef}>
        <div className="chosen">
          <strong>{sessionLabel(strings, selectedSession)}</strong>
          {selectedSession.remaining != null ? (
            <span className="session-button__note">
              {fill(strings.remaining, { count: String(selectedSession.remaining) })}
            </span>
          ) : null}
          <Shell.ChangeButton strings={strings} label={strings.selectedTime} onClick={onChangeSession} />
        </div>
        {view.fewTickets ? (
          <p className="message message--warning">{resolveMessage(strings, view.fewTickets)}</p>
        ) : null}
        <RuleMessages messages={view.ruleMessages?.session} />
      </Shell.Section>
    );
  }
  return (
    <Shell.Section heading={strings.chooseTime}>
      {(id) => (
        <Shell.SessionList
          strings={strings}
          view={view}
          noTimesShown={!view.canRetry}
          onSelectSession={onSelectSession}
          labelledBy={id}
        />
      )}
    </Shell.Section>
  );
}
