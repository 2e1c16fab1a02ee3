import { lazy, Suspense, useId } from 'react';
import { dayParts, formatMoney } from '../format';
import { ReserveSkeleton } from '../skeleton/ReserveSkeleton';
import { fill, resolveMessage, type Strings, type UiMessage } from '../strings';
import { type SessionOption, SessionTabs, type SessionTabView } from './SessionTabs';

/** The calendar modal loads when first asked for: it is not part of the event page's first load. */
const CalendarDialog = lazy(() => import('./CalendarDialog').then((m) => ({ default: m.CalendarDialog })));

export interface DayOption {
  date: string; // YYYY-MM-DD
  disabled: boolean;
  minPriceCents: number | null;
}

export interface TicketOption {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  quantity: number;
  canIncrement: boolean;
  canDecrement: boolean;
}

export interface GroupOption {
  id: string;
  name: string;
  description: string | null;
  types: TicketOption[];
}

export interface ReserveNoticeView {
  key: string;
  level: 'error' | 'warning' | 'info';
  message: UiMessage;
}

/** What the reserve view shows: the flow's view model (machines/reserve/view.ts), computed, not derived here. */
export interface ReserveView {
  status: 'loading' | 'noAvailability' | 'error' | 'ready';
  blockingMessage: UiMessage | null;
  /** Every day (the calendar modal shows them all). */
  days: DayOption[];
  /** The day buttons (the first 8). */
  buttonDays: DayOption[];
  hasMoreDates: boolean;
  selectedDate: string | null;
  /** The day list is showing (nothing chosen yet, or Change pressed). */
  dateListOpen: boolean;
  canChangeDate: boolean;
  /** Time-of-day tabs; null while loading. */
  sessionTabs: SessionTabView[] | null;
  initialTab: SessionTabView['id'];
  sessionListOpen: boolean;
  selectedSession: SessionOption | null;
  /** null while loading. */
  groups: GroupOption[] | null;
  fewTickets: UiMessage | null;
  totalCents: number;
  canSubmit: boolean;
  submitting: boolean;
  messages: ReserveNoticeView[];
  /** A load failed and can be tried again. */
  canRetry: boolean;
}

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
  onSelectSession: (id: string) => void;
  onChangeSession: () => void;
  onIncrement: (ticketTypeId: string) => void;
  onDecrement: (ticketTypeId: string) => void;
  onSubmit: () => void;
}

/** Date-first reserve: date buttons (then 'Show more dates'), time-of-day session tabs, quantities, submit. */
export function DateFirstReserve(props: DateFirstReserveProps) {
  const { strings, view } = props;

  if (view.status === 'loading') return <ReserveSkeleton label={strings.loading} />;
  return (
    <form
      id={props.formId}
      className="reserve"
      aria-label={strings.reserveForm}
      onSubmit={(e) => {
        e.preventDefault();
        if (view.canSubmit) props.onSubmit();
      }}
    >
      <div aria-live="polite" aria-atomic="false">
        {view.messages.map((m) => (
          <p
            key={m.key}
            className={`message message--${m.level === 'info' ? 'success' : m.level}`}
            role={m.level === 'error' ? 'alert' : undefined}
          >
            {resolveMessage(strings, m.message)}
          </p>
        ))}
      </div>
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
          <DateSection {...props} />
          {props.calendar ? (
            <Suspense fallback={null}>
              <CalendarDialog
                strings={strings}
                days={view.days}
                selectedDate={view.selectedDate}
                closing={props.calendar.closing}
                size={props.calendar.size === 'lg' ? 'lg' : 'md'}
                onSelect={(date) => {
                  props.onCloseCalendar();
                  props.onSelectDate(date);
                }}
                onClose={props.onCloseCalendar}
                onDismiss={props.onDismissCalendar}
              />
            </Suspense>
          ) : null}
          {view.selectedDate && !view.dateListOpen ? <SessionSection {...props} /> : null}
          {view.selectedSession && !view.sessionListOpen && !view.dateListOpen ? (
            <TicketSection {...props} />
          ) : null}
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

function DateSection({
  strings,
  view,
  currency,
  onChangeDate,
  onSelectDate,
  onShowMore,
}: DateFirstReserveProps) {
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
      </section>
    );
  }
  return (
    <section className="reserve-section" aria-labelledby={id}>
      <h2 id={id}>{strings.chooseDate}</h2>
      <ul className="day-list">
        {view.buttonDays.map((day) => {
          const parts = dayParts(day.date);
          return (
            <li key={day.date}>
              <button
                type="button"
                className="day-button"
                disabled={day.disabled}
                aria-pressed={day.date === selectedDate}
                aria-label={`${parts.long}${day.disabled ? `, ${strings.soldOut}` : ''}`}
                onClick={() => onSelectDate(day.date)}
              >
                <span className="day-button__meta">{parts.weekday}</span>
                <span className="day-button__day">{parts.day}</span>
                <span className="day-button__meta">
                  {day.disabled
                    ? strings.soldOut
                    : day.minPriceCents === null
                      ? parts.month
                      : day.minPriceCents === 0
                        ? strings.free
                        : `${strings.from} ${formatMoney(day.minPriceCents, currency)}`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {view.hasMoreDates ? (
        <button type="button" className="btn btn--secondary" onClick={onShowMore} aria-haspopup="dialog">
          {strings.showMoreDates}
        </button>
      ) : null}
    </section>
  );
}

function SessionSection({ strings, view, onChangeSession, onSelectSession }: DateFirstReserveProps) {
  const id = useId();
  const { selectedSession, sessionTabs } = view;
  if (selectedSession && !view.sessionListOpen) {
    return (
      <section className="reserve-section" aria-labelledby={id}>
        <h2 id={id}>{strings.selectedTime}</h2>
        <div className="chosen">
          <strong>{selectedSession.timeLabel}</strong>
          <button type="button" className="btn btn--secondary btn--small" onClick={onChangeSession}>
            {strings.change}
            <span className="visually-hidden"> {strings.selectedTime}</span>
          </button>
        </div>
        {view.fewTickets ? (
          <p className="message message--warning">{resolveMessage(strings, view.fewTickets)}</p>
        ) : null}
      </section>
    );
  }
  const empty = sessionTabs?.every((tab) => tab.sessions.length === 0) ?? false;
  return (
    <section className="reserve-section" aria-labelledby={id}>
      <h2 id={id}>{strings.chooseTime}</h2>
      {sessionTabs === null ? (
        <p role="status">{strings.loading}</p>
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
        />
      )}
    </section>
  );
}

function TicketSection({ strings, view, currency, onDecrement, onIncrement }: DateFirstReserveProps) {
  const { groups } = view;
  const id = useId();
  return (
    <section className="reserve-section" aria-labelledby={id}>
      <h2 id={id}>{strings.chooseTickets}</h2>
      {groups === null ? (
        <p role="status">{strings.loading}</p>
      ) : (
        groups.map((group) => (
          <fieldset key={group.id} className="ticket-group" style={{ border: 'none', padding: 0, margin: 0 }}>
            <legend className={groups.length > 1 ? undefined : 'visually-hidden'}>{group.name}</legend>
            {group.types.map((type) => (
              <div className="ticket-type" key={type.id}>
                <div>
                  <p className="ticket-type__name">{type.name}</p>
                  <p className="ticket-type__price">
                    {type.priceCents === 0 ? strings.free : formatMoney(type.priceCents, currency)}
                  </p>
                  {type.description ? <p className="field__hint">{type.description}</p> : null}
                </div>
                <div className="stepper">
                  <button
                    type="button"
                    aria-label={fill(strings.decrease, { name: type.name })}
                    disabled={!type.canDecrement}
                    onClick={() => onDecrement(type.id)}
                  >
                    −
                  </button>
                  <output aria-live="polite" aria-label={fill(strings.quantityOf, { name: type.name })}>
                    {type.quantity}
                  </output>
                  <button
                    type="button"
                    aria-label={fill(strings.increase, { name: type.name })}
                    disabled={!type.canIncrement}
                    onClick={() => onIncrement(type.id)}
                  >
                    +
                  </button>
                </div>
              </div>
            ))}
          </fieldset>
        ))
      )}
    </section>
  );
}
