import './strings';
import type {
  EditOrderView as EditOrderModel,
  EditSessionView,
  EditTicketStatus,
} from '../../machines/editOrder/view';
import { formatDateTime, formatMoney } from '../format';
import { PassValidity } from '../PassValidity';
import { fill, resolveMessage, type Strings } from '../strings';
import * as Shell from './OrderPageShell';

/** The page's model is selected from the flow's snapshot by machines/editOrder/view.ts. */
export interface EditOrderViewProps extends Shell.OrderChangeProps<EditOrderModel> {
  /** The reschedule page of a session (with the manage link's token). */
  rescheduleHref: (sessionId: string) => string;
  onRemove: (ticketId: string) => void;
  onCancelSession: (sessionKey: string) => void;
  onDiscard: () => void;
}

const LABEL = {
  booked: null,
  cancelled: 'ticketCancelled',
  redeemed: 'ticketRedeemed',
  past: 'ticketPast',
  removed: 'editTicketRemoved',
  added: 'editTicketAdded',
} as const satisfies Record<EditTicketStatus, keyof Strings | null>;

const priceText = (cents: number, currency: string, strings: Strings) =>
  cents === 0 ? strings.free : formatMoney(cents, currency);
const centsOf = (price: string) => Math.round(Number(price) * 100) || 0;

/**
 * The edit-order page (spec 2 §2 "Edit-order page"): 'Please log-out to edit your tickets' for members; 'Your
 * Order' with a card per session (event, date and time, ticket count, price), each ticket's name and price or its
 * label (Cancelled, Redeemed, Past Event; a pending change's Removed and New), a remove button on zero-price
 * tickets, the session's Cancel (all free) and Reschedule (not single events); 'Cancel order'; the sticky footer
 * with Cancel and Confirm Changes while a change is unsaved; the success message; errors (spec 2 §8).
 */
export function EditOrderView(props: EditOrderViewProps) {
  const { strings, view, currency } = props;
  const error = view.error ? resolveMessage(strings, view.error) : null;
  const title = view.orderNumber
    ? fill(strings.manageOrderTitle, { number: view.orderNumber })
    : strings.editOrderHeading;
  if (view.phase === 'loading' || view.phase === 'cancelFreeOrder')
    return <p role="status">{strings.loading}</p>;
  if (view.phase !== 'ready' && view.phase !== 'paying')
    return (
      <Shell.Notice
        title={title}
        message={view.phase === 'logOut' ? strings.editLogOut : error}
        retry={view.phase === 'loadFailed' ? { text: strings.tryAgain, onRetry: props.onRetry } : null}
        home={<Shell.PageLink href={props.homeHref} onNavigate={props.onNavigate} text={strings.backHome} />}
      />
    );
  return (
    <Shell.Section title={title}>
      <Shell.SuccessRegion
        message={
          view.success
            ? view.success === 'rescheduled'
              ? strings.rescheduleSuccess
              : strings.cancelSuccess
            : null
        }
      />
      <Shell.ErrorAlert message={error} />
      {view.expired ? (
        <p className="message message--warning" role="alert">
          {strings.editExpired}
        </p>
      ) : null}
      <h2>{strings.editOrderHeading}</h2>
      {view.sessions.length === 0 ? <p>{strings.noTickets}</p> : null}
      {view.sessions.map((s) => (
        <SessionCard key={s.key} {...props} session={s} />
      ))}
      {view.cancelOrderShown ? (
        <div className="manage-order__actions">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={view.busy}
            onClick={props.onCancelOrder}
          >
            {strings.cancelOrderAll}
          </button>
        </div>
      ) : null}
      {view.unsaved ? (
        <section className="manage-order__unsaved" aria-label={strings.editUnsavedRegion}>
          <p>{strings.editUnsaved}</p>
          {view.outstandingCents > 0 ? (
            <p>{fill(strings.editToPay, { amount: formatMoney(view.outstandingCents, currency) })}</p>
          ) : null}
          <div className="manage-order__actions">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={view.busy}
              onClick={props.onDiscard}
            >
              {strings.editDiscard}
            </button>
            <button type="button" className="btn" disabled={view.busy} onClick={props.onConfirm}>
              {view.busy ? strings.editSaving : strings.editConfirmChanges}
            </button>
          </div>
        </section>
      ) : null}
    </Shell.Section>
  );
}

function SessionCard(props: EditOrderViewProps & { session: EditSessionView }) {
  const { strings, session: s, view, currency } = props;
  const when = s.start && s.timezone ? formatDateTime(s.start, s.timezone) : '';
  const name = when ? `${s.eventName}, ${when}` : s.eventName;
  const numbers = new Map<string, number>();
  return (
    <section className="manage-order__session" aria-label={name}>
      <h3>{s.eventName}</h3>
      {when ? <p>{when}</p> : null}
      <p>
        {s.count === 1 ? strings.sessionTickets_one : fill(strings.sessionTickets, { count: s.count })} ·{' '}
        {priceText(s.priceCents, currency, strings)}
      </p>
      <ul className="manage-order__tickets">
        {s.tickets.map((t) => {
          const n = (numbers.get(t.name) ?? 0) + 1;
          numbers.set(t.name, n);
          const label = LABEL[t.status];
          return (
            <li key={t.id}>
              <span>{t.name}</span>{' '}
              <span>{label ? strings[label] : priceText(centsOf(t.price), currency, strings)}</span>
              <PassValidity strings={strings} validity={t.validity} timezone={s.timezone} />
              {t.removable ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="btn btn--secondary"
                    disabled={view.busy}
                    aria-label={fill(strings.editRemoveTicket, { name: t.name, n })}
                    onClick={() => props.onRemove(t.id)}
                  >
                    {strings.editRemove}
                  </button>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="manage-order__actions">
        {s.cancelShown ? (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={view.busy}
            onClick={() => props.onCancelSession(s.key)}
          >
            {strings.editSessionCancel}
          </button>
        ) : null}
        {s.rescheduleSessionId ? (
          <Shell.AppHref href={props.rescheduleHref(s.rescheduleSessionId)} onNavigate={props.onNavigate}>
            {strings.editReschedule}
          </Shell.AppHref>
        ) : null}
      </div>
    </section>
  );
}
