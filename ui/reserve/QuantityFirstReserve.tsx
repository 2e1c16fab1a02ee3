import './strings';
import type { QuantityFirstReserveView } from '../../machines/reserve/quantityFirstReserve.view';
import { dayParts } from '../day-format';
import { fill, resolveMessage } from '../strings';
import { CalendarSlot } from './CalendarSlot';
import * as Shell from './ReserveFormShell';
import { RuleMessages, sessionLabel } from './SessionTabs';

/** The quantity-first view model (machines/reserve/quantityFirstReserve.view.ts): the contract written once. */
export type QuantityFirstView = QuantityFirstReserveView;

export interface QuantityFirstReserveProps extends Shell.QuantityFormProps {
  view: QuantityFirstView;
  /** The form's id, so a submit button outside it (the mobile reserve footer) submits it. */
  formId: string;
  /** False when the mobile reserve footer stands in for the form's own total and submit. */
  showFooter: boolean;
  calendar: { closing: boolean; size: 'sm' | 'md' | 'lg' } | null;
  onShowMore: () => void;
  onCloseCalendar: () => void;
  onDismissCalendar: () => void;
  onFindTickets: () => void;
  onEditQuantities: () => void;
  onSelectDate: (date: string) => void;
  onChangeDate: () => void;
  onSelectSession: (id: string) => void;
}

/** Quantity-first reserve: quantities, 'Find tickets', then date, session and the attendee section, submit. */
export function QuantityFirstReserve(props: QuantityFirstReserveProps) {
  const { view } = props;
  return (
    // Try again is the session section's (its sessions failed to load), not the form's.
    <Shell.Form strings={props.strings} formId={props.formId} view={view} onSubmit={props.onSubmit}>
      <QuantitiesSection {...props} />
      {view.dateVisible ? <Shell.DateSection {...props} /> : null}
      <CalendarSlot {...props} days={view.days} selectedDate={view.selectedDate} />
      {view.sessionVisible ? <SessionSection {...props} /> : null}
      {view.attendeesVisible ? <AttendeeSection {...props} /> : null}
      {view.attendeesVisible ? (props.seatBlock ?? null) : null}
      {view.dateVisible && props.showFooter ? <Shell.Footer {...props} /> : null}
    </Shell.Form>
  );
}

function QuantitiesSection(props: QuantityFirstReserveProps) {
  const { strings, view } = props;
  if (!view.quantitiesOpen) {
    return (
      <Shell.Section heading={strings.selectedTickets}>
        <div className="chosen">
          <TicketSummary {...props} />
          <Shell.ChangeButton
            strings={strings}
            label={strings.selectedTickets}
            disabled={view.findingTickets || view.submitting}
            onClick={props.onEditQuantities}
          />
        </div>
        <RuleMessages messages={view.ruleMessages?.quantity} />
        {view.findingTickets ? <p role="status">{strings.loading}</p> : null}
      </Shell.Section>
    );
  }
  return (
    <Shell.Tickets {...props}>
      <button type="button" className="btn" disabled={!view.canFindTickets} onClick={props.onFindTickets}>
        {strings.findTickets}
      </button>
    </Shell.Tickets>
  );
}

/** The tickets chosen, a line each. */
function TicketSummary({ strings, view }: QuantityFirstReserveProps) {
  return (
    <ul className="plain-list">
      {view.summary.map((line) => (
        <li key={line.name}>{fill(strings.ticketCount, { name: line.name, count: line.quantity })}</li>
      ))}
    </ul>
  );
}

function SessionSection(props: QuantityFirstReserveProps) {
  const { strings, view } = props;
  return (
    <Shell.Section heading={view.selectedSession ? strings.selectedTime : strings.chooseTime}>
      {(id) => (
        <>
          {view.selectedSession ? (
            <p className="chosen">
              <strong>{sessionLabel(strings, view.selectedSession)}</strong>
            </p>
          ) : null}
          <RuleMessages messages={view.selectedSession ? view.ruleMessages?.session : undefined} />
          {view.fewTickets ? (
            <p className="message message--warning">{resolveMessage(strings, view.fewTickets)}</p>
          ) : null}
          <Shell.SessionList
            strings={strings}
            view={view}
            noTimesShown
            instead={view.canRetry ? <Shell.RetryButton strings={strings} onRetry={props.onRetry} /> : null}
            onSelectSession={props.onSelectSession}
            labelledBy={id}
          />
        </>
      )}
    </Shell.Section>
  );
}

/**
 * Shown once a session is chosen: the visit summary, then the attendee fields and the city-pass voucher fields
 * (surveys come here later).
 */
function AttendeeSection(props: QuantityFirstReserveProps) {
  const { strings, view } = props;
  return (
    <>
      <Shell.Section heading={strings.yourVisit} section="attendees">
        <p>
          {view.selectedDate ? dayParts(view.selectedDate).long : null}
          {view.selectedSession ? `, ${sessionLabel(strings, view.selectedSession)}` : null}
        </p>
        <TicketSummary {...props} />
      </Shell.Section>
      <Shell.Extras {...props} />
    </>
  );
}
