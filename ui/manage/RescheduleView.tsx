import './strings';
import '../reserve/strings';
import { useId, useRef } from 'react';
import type { RescheduleDayOption, RescheduleView as RescheduleModel } from '../../machines/reschedule/view';
import { formatDateTime, formatMoney } from '../format';
import { CalendarSlot, useCalendarReturnFocus } from '../reserve/CalendarSlot';
import { DayChoice } from '../reserve/ReserveFormShell';
import { type SessionOption, SessionTabs } from '../reserve/SessionTabs';
import { fill, resolveMessage } from '../strings';
import * as Shell from './OrderPageShell';

/** A day as the reserve's day picker and calendar take it: the price line is the day's own (no lowest-price guess). */
const dayOption = (d: RescheduleDayOption) => ({ ...d, minPriceCents: null });

/** The page's model is selected from the flow's snapshot by machines/reschedule/view.ts. */
export interface RescheduleViewProps extends Shell.OrderPageProps<RescheduleModel> {
  /** The manage page of the order (back navigation). */
  backHref: string;
  onSelectDate: (date: string) => void;
  /** The 'Choose date' modal as the modal stack shows it (null: not open). */
  calendar: { closing: boolean; size: 'sm' | 'md' | 'lg' } | null;
  /** 'Show more dates': opens the calendar on the modal stack. */
  onShowMore: () => void;
  /** The calendar's Close button, and after a day is chosen (the stack's `modal.close`). */
  onCloseCalendar: () => void;
  /** Escape or a backdrop click on the calendar (the stack's `modal.dismiss`). */
  onDismissCalendar: () => void;
  onSelectSession: (sessionId: string) => void;
  onUpdate: () => void;
  /** 'Click here to start again.', or Try again after a failed load. */
  onRestart: () => void;
}

/**
 * The reschedule page (spec 2 §2 "Reschedule page"): what moves, the reserve's day buttons (8, each with its
 * price line for the moving tickets, then 'Show more dates', which opens the date-first reserve's 'Choose date'
 * calendar dialog),
 * the day's sessions as tabs by time of day ('Not available', 'Sold out'), the cost-increase warning, Update
 * (disabled until a date and a session are chosen, and while submitting), back to the order; errors (spec 2 §8).
 */
export function RescheduleView(props: RescheduleViewProps) {
  const { strings, view } = props;
  const timeHeading = useId();
  const dateHeading = useRef<HTMLHeadingElement>(null);
  // A day chosen in the calendar: focus goes to the date heading when the dialog leaves it on the page.
  useCalendarReturnFocus(props.calendar, dateHeading);
  const error = view.error ? resolveMessage(strings, view.error) : null;
  const back = (
    <Shell.PageLink href={props.backHref} onNavigate={props.onNavigate} text={strings.rescheduleBack} />
  );
  if (view.phase === 'loading') return <p role="status">{strings.loading}</p>;
  const page = { titleId: 'reschedule-title', title: strings.rescheduleTitle };
  if (view.phase !== 'choosing' && view.phase !== 'updating' && view.phase !== 'done')
    return (
      <Shell.Notice
        {...page}
        retry={view.phase === 'loadFailed' ? { text: strings.tryAgain, onRetry: props.onRestart } : null}
        home={back}
      >
        {view.phase === 'logOut' ? <p role="alert">{strings.editLogOut}</p> : null}
        {view.phase === 'unavailable' ? <p>{strings.rescheduleNothing}</p> : null}
        <Shell.ErrorAlert message={error} />
      </Shell.Notice>
    );
  const tabs = view.sessionTabs?.map((tab) => ({
    ...tab,
    sessions: tab.sessions.map(
      (s): SessionOption => ({
        id: s.id,
        start: s.start,
        timeZone: view.timezone,
        soldOut: s.soldOut,
        disabled: s.disabled,
        availableCapacity: null,
        selected: s.selected,
      }),
    ),
  }));
  return (
    <Shell.Section {...page}>
      {view.from && view.eventName ? (
        <p>
          {fill(view.ticketCount === 1 ? strings.rescheduleLead_one : strings.rescheduleLead, {
            count: String(view.ticketCount),
            event: view.eventName,
            when: formatDateTime(view.from, view.timezone),
          })}
        </p>
      ) : null}
      <p className="message message--warning">{strings.rescheduleCostWarning}</p>
      <div aria-live="assertive">
        {error ? (
          <p className="message message--error" role="alert">
            {view.startAgain ? (
              <button type="button" className="link-button" onClick={props.onRestart}>
                {error}
              </button>
            ) : (
              error
            )}
          </p>
        ) : null}
      </div>
      <h2 ref={dateHeading} tabIndex={-1}>
        {strings.chooseDate}
      </h2>
      <DayChoice
        {...props}
        days={view.days.map(dayOption)}
        selectedDate={view.selectedDate}
        more={view.moreDates}
      />
      <CalendarSlot {...props} days={view.calendarDays.map(dayOption)} selectedDate={view.selectedDate} />
      {view.selectedDate ? (
        <>
          <h2 id={timeHeading}>{strings.chooseTime}</h2>
          {view.sessionsLoading || !tabs ? (
            <p role="status">{strings.loading}</p>
          ) : (
            <SessionTabs
              key={view.selectedDate}
              strings={strings}
              tabs={tabs}
              initialTab={view.initialTab}
              onSelect={props.onSelectSession}
              labelledBy={timeHeading}
            />
          )}
        </>
      ) : null}
      <div aria-live="polite">
        {view.costIncreaseCents > 0 ? (
          <p className="message message--warning">
            {fill(strings.rescheduleCostMore, {
              amount: formatMoney(view.costIncreaseCents, props.currency),
            })}
          </p>
        ) : null}
      </div>
      <p>
        <button
          type="button"
          className="btn btn--primary"
          disabled={view.updateDisabled}
          onClick={props.onUpdate}
        >
          {view.submitting ? strings.rescheduleUpdating : strings.rescheduleUpdate}
        </button>
      </p>
      {back}
    </Shell.Section>
  );
}
