import { useId, useState } from 'react';
import { dayParts, formatMoney } from '../format';
import { ReserveSkeleton } from '../Skeleton';
import { fill, type Strings } from '../strings';
import { CalendarDialog } from './CalendarDialog';
import { type SessionOption, SessionTabs } from './SessionTabs';

export interface DayOption {
  date: string; // YYYY-MM-DD
  available: boolean;
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

export interface ReserveMessage {
  kind: 'error' | 'warning' | 'info';
  text: string;
}

export interface DateFirstReserveProps {
  strings: Strings;
  currency: string;
  timezone: string;
  status: 'loading' | 'noAvailability' | 'error' | 'ready';
  /** Blocking message for noAvailability / error. */
  blockingMessage: string | null;
  days: DayOption[];
  selectedDate: string | null;
  /** The day list is showing (nothing chosen yet, or Change pressed). */
  dateListOpen: boolean;
  canChangeDate: boolean;
  /** null while loading. */
  sessions: SessionOption[] | null;
  sessionListOpen: boolean;
  selectedSession: SessionOption | null;
  /** null while loading. */
  groups: GroupOption[] | null;
  fewTickets: boolean;
  totalCents: number;
  canSubmit: boolean;
  submitting: boolean;
  messages: ReserveMessage[];
  /** A load failed and can be tried again. */
  canRetry: boolean;
  onRetry: () => void;
  onSelectDate: (date: string) => void;
  onChangeDate: () => void;
  onSelectSession: (id: string) => void;
  onChangeSession: () => void;
  onIncrement: (ticketTypeId: string) => void;
  onDecrement: (ticketTypeId: string) => void;
  onSubmit: () => void;
}

const DAY_BUTTONS = 8;

/** Date-first reserve: date buttons (then 'Show more dates'), time-of-day session tabs, quantities, submit. */
export function DateFirstReserve(props: DateFirstReserveProps) {
  const { strings, status, messages } = props;
  const [calendarOpen, setCalendarOpen] = useState(false);

  if (status === 'loading') return <ReserveSkeleton label={strings.loading} />;
  return (
    <form
      className="reserve"
      aria-label={strings.reserveForm}
      onSubmit={(e) => {
        e.preventDefault();
        if (props.canSubmit) props.onSubmit();
      }}
    >
      <div aria-live="polite" aria-atomic="false">
        {messages.map((m) => (
          <p
            key={m.text}
            className={`message message--${m.kind === 'info' ? 'success' : m.kind}`}
            role={m.kind === 'error' ? 'alert' : undefined}
          >
            {m.text}
          </p>
        ))}
      </div>
      {status === 'noAvailability' || status === 'error' ? (
        <p className={`message message--${status === 'error' ? 'error' : 'warning'}`}>
          {props.blockingMessage}
        </p>
      ) : null}
      {props.canRetry ? (
        <button type="button" className="btn btn--secondary" onClick={props.onRetry}>
          {strings.tryAgain}
        </button>
      ) : null}
      {status === 'ready' ? (
        <>
          <DateSection {...props} onShowMore={() => setCalendarOpen(true)} />
          {calendarOpen ? (
            <CalendarDialog
              strings={strings}
              days={props.days}
              selectedDate={props.selectedDate}
              onSelect={(date) => {
                setCalendarOpen(false);
                props.onSelectDate(date);
              }}
              onClose={() => setCalendarOpen(false)}
            />
          ) : null}
          {props.selectedDate && !props.dateListOpen ? <SessionSection {...props} /> : null}
          {props.selectedSession && !props.sessionListOpen && !props.dateListOpen ? (
            <TicketSection {...props} />
          ) : null}
          <div className="reserve-footer">
            <p aria-live="polite">
              <span>{strings.total}: </span>
              <strong>{formatMoney(props.totalCents, props.currency)}</strong>
            </p>
            <button className="btn" type="submit" disabled={!props.canSubmit} aria-busy={props.submitting}>
              {props.submitting ? strings.adding : strings.addToCart}
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}

function DateSection(props: DateFirstReserveProps & { onShowMore: () => void }) {
  const { strings, days, selectedDate, currency } = props;
  const id = useId();
  if (selectedDate && !props.dateListOpen) {
    return (
      <section className="reserve-section" aria-labelledby={id}>
        <h3 id={id}>{strings.selectedDate}</h3>
        <div className="chosen">
          <strong>{dayParts(selectedDate).long}</strong>
          {props.canChangeDate ? (
            <button type="button" className="btn btn--secondary btn--small" onClick={props.onChangeDate}>
              {strings.change}
              <span className="visually-hidden"> {strings.selectedDate}</span>
            </button>
          ) : null}
        </div>
      </section>
    );
  }
  const shown = days.slice(0, DAY_BUTTONS);
  return (
    <section className="reserve-section" aria-labelledby={id}>
      <h3 id={id}>{strings.chooseDate}</h3>
      <ul className="day-list">
        {shown.map((day) => {
          const parts = dayParts(day.date);
          return (
            <li key={day.date}>
              <button
                type="button"
                className="day-button"
                disabled={!day.available}
                aria-pressed={day.date === selectedDate}
                aria-label={`${parts.long}${day.available ? '' : `, ${strings.soldOut}`}`}
                onClick={() => props.onSelectDate(day.date)}
              >
                <span className="day-button__meta">{parts.weekday}</span>
                <span className="day-button__day">{parts.day}</span>
                <span className="day-button__meta">
                  {day.available
                    ? day.minPriceCents === null
                      ? parts.month
                      : day.minPriceCents === 0
                        ? strings.free
                        : `${strings.from} ${formatMoney(day.minPriceCents, currency)}`
                    : strings.soldOut}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {days.length > DAY_BUTTONS ? (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={props.onShowMore}
          aria-haspopup="dialog"
        >
          {strings.showMoreDates}
        </button>
      ) : null}
    </section>
  );
}

function SessionSection(props: DateFirstReserveProps) {
  const { strings, sessions, selectedSession } = props;
  const id = useId();
  if (selectedSession && !props.sessionListOpen) {
    return (
      <section className="reserve-section" aria-labelledby={id}>
        <h3 id={id}>{strings.selectedTime}</h3>
        <div className="chosen">
          <strong>{selectedSession.label}</strong>
          <button type="button" className="btn btn--secondary btn--small" onClick={props.onChangeSession}>
            {strings.change}
            <span className="visually-hidden"> {strings.selectedTime}</span>
          </button>
        </div>
        {props.fewTickets ? <p className="message message--warning">{strings.fewTickets}</p> : null}
      </section>
    );
  }
  return (
    <section className="reserve-section" aria-labelledby={id}>
      <h3 id={id}>{strings.chooseTime}</h3>
      {sessions === null ? (
        <p role="status">{strings.loading}</p>
      ) : sessions.length === 0 ? (
        props.canRetry ? null : (
          <p className="message message--warning">{strings.noTimes}</p>
        )
      ) : (
        <SessionTabs
          strings={strings}
          sessions={sessions}
          timezone={props.timezone}
          onSelect={props.onSelectSession}
        />
      )}
    </section>
  );
}

function TicketSection(props: DateFirstReserveProps) {
  const { strings, groups, currency } = props;
  const id = useId();
  return (
    <section className="reserve-section" aria-labelledby={id}>
      <h3 id={id}>{strings.chooseTickets}</h3>
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
                    onClick={() => props.onDecrement(type.id)}
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
                    onClick={() => props.onIncrement(type.id)}
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
