import './strings';
import { useId } from 'react';
import type {
  CancelFreeOrderView as CancelFreeOrderModel,
  SessionView,
  TicketStatus,
} from '../../machines/cancelFreeOrder/view';
import { formatDay } from '../day-format';
import { formatDateTime, formatMoney } from '../format';
import { Modal } from '../modal/Modal';
import { PassValidity } from '../PassValidity';
import { fill, resolveMessage, type Strings } from '../strings';
import * as Shell from './OrderPageShell';

/** The page's model is selected from the flow's snapshot by machines/cancelFreeOrder/view.ts. */
export interface CancelFreeOrderViewProps extends Shell.OrderChangeProps<CancelFreeOrderModel> {
  onToggleTicket: (ticketId: string) => void;
  onToggleSession: (sessionKey: string) => void;
  onCancelSelected: () => void;
  /** The confirm modal (on the modal stack): shown while `confirm` is set; `closing` plays its transition. */
  confirm: { closing: boolean } | null;
  /** The modal's Cancel button, Escape or a backdrop click. */
  onDismiss: () => void;
}

const STATUS_KEY = {
  booked: 'ticketBooked',
  cancelled: 'ticketCancelled',
  redeemed: 'ticketRedeemed',
  past: 'ticketPast',
  notFree: 'ticketNotFree',
} as const satisfies Record<TicketStatus, keyof Strings>;

const priceText = (price: string, currency: string, strings: Strings) =>
  Number(price) === 0 ? strings.free : formatMoney(Math.round(Number(price) * 100), currency);

/**
 * The cancel-free-order page (spec 2 §2): the heading with the order number; tickets grouped by date, then by
 * session, each session a collapsible table (collapsed when the order spans more than one session) with a
 * checkbox per cancellable ticket and a select-all per session; 'Cancel order' and 'Cancel selected'; the confirm
 * modal; the empty states with a link home; the success message after the reload; errors (spec 2 §8).
 */
export function CancelFreeOrderView(props: CancelFreeOrderViewProps) {
  const { strings, view } = props;
  const error = view.error ? resolveMessage(strings, view.error) : null;
  const home = <Shell.PageLink href={props.homeHref} onNavigate={props.onNavigate} text={strings.backHome} />;
  if (view.phase === 'loading') return <p role="status">{strings.loading}</p>;
  if (view.phase === 'loadFailed' || view.phase === 'refused')
    return (
      <Shell.Notice
        title={
          view.orderNumber
            ? fill(strings.manageOrderTitle, { number: view.orderNumber })
            : strings.cancelOrderAll
        }
        message={error}
        retry={view.phase === 'loadFailed' ? { text: strings.tryAgain, onRetry: props.onRetry } : null}
        home={home}
      />
    );
  return (
    <Shell.Section title={fill(strings.manageOrderTitle, { number: view.orderNumber ?? '' })}>
      <Shell.SuccessRegion message={view.succeeded ? strings.cancelSuccess : null} />
      <Shell.ErrorAlert message={error} />
      {view.empty ? (
        <>
          <p>{view.empty === 'noTickets' ? strings.noTickets : strings.noFreeTickets}</p>
          {home}
        </>
      ) : (
        <>
          {view.dates.map((d) => (
            <section
              key={d.date || 'undated'}
              className="manage-order__date"
              aria-label={d.date ? formatDay(d.date) : undefined}
            >
              <h2>{d.date ? formatDay(d.date) : null}</h2>
              {d.sessions.map((s) => (
                <SessionTable key={s.key} {...props} session={s} />
              ))}
            </section>
          ))}
          <div className="manage-order__actions">
            {view.cancelOrderShown ? (
              <button
                type="button"
                className="btn btn--secondary"
                disabled={view.busy}
                onClick={props.onCancelOrder}
              >
                {strings.cancelOrderAll}
              </button>
            ) : null}
            <button
              type="button"
              className="btn"
              disabled={view.cancelSelectedDisabled}
              onClick={props.onCancelSelected}
            >
              {view.busy && view.phase === 'cancelling' ? strings.cancelling : strings.cancelSelected}
            </button>
          </div>
        </>
      )}
      {props.confirm ? (
        <CancelConfirm
          strings={strings}
          count={view.pendingCount}
          busy={view.busy}
          closing={props.confirm.closing}
          onConfirm={props.onConfirm}
          onDismiss={props.onDismiss}
        />
      ) : null}
    </Shell.Section>
  );
}

function SessionTable(props: CancelFreeOrderViewProps & { session: SessionView }) {
  const { strings, session: s, view } = props;
  const when = s.start && s.timezone ? formatDateTime(s.start, s.timezone) : '';
  const title = when ? `${s.eventName}, ${when}` : s.eventName;
  const count = s.tickets.length;
  return (
    <details className="manage-order__session" open={s.initiallyOpen}>
      <summary>
        <span className="manage-order__session-title">{title}</span>{' '}
        <span className="manage-order__session-count">
          {count === 1 ? strings.sessionTickets_one : fill(strings.sessionTickets, { count })}
        </span>
      </summary>
      <table className="manage-order__tickets">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">
              {s.selectAllOffered ? (
                <input
                  type="checkbox"
                  aria-label={fill(strings.selectAllSession, { session: title })}
                  checked={s.allSelected}
                  disabled={view.busy}
                  onChange={() => props.onToggleSession(s.key)}
                />
              ) : null}
            </th>
            <th scope="col">{strings.ticketColumn}</th>
            <th scope="col">{strings.priceColumn}</th>
            <th scope="col">{strings.statusColumn}</th>
          </tr>
        </thead>
        <tbody>
          {s.tickets.map((t, i) => (
            <tr key={t.id}>
              <td>
                {t.selectable ? (
                  <input
                    type="checkbox"
                    aria-label={fill(strings.selectTicket, { name: t.name, n: i + 1 })}
                    checked={t.selected}
                    disabled={view.busy}
                    onChange={() => props.onToggleTicket(t.id)}
                  />
                ) : null}
              </td>
              <th scope="row">
                {t.name}
                <PassValidity strings={strings} validity={t.validity} timezone={s.timezone} />
              </th>
              <td>{priceText(t.price, props.currency, strings)}</td>
              <td>{strings[STATUS_KEY[t.status]]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function CancelConfirm(props: {
  strings: Strings;
  count: number;
  busy: boolean;
  closing: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const { strings } = props;
  const bodyId = useId();
  return (
    <Modal
      name="cancelOrderConfirm"
      role="alertdialog"
      title={strings.cancelConfirmTitle}
      describedBy={bodyId}
      size="sm"
      closeable
      closing={props.closing}
      onDismiss={props.onDismiss}
      initialFocus="[data-keep]"
    >
      <p id={bodyId}>
        {props.count === 1
          ? strings.cancelConfirmBody_one
          : fill(strings.cancelConfirmBody, { count: props.count })}
      </p>
      <div className="cart-item__confirm-actions">
        <button type="button" className="btn btn--small" disabled={props.busy} onClick={props.onConfirm}>
          {strings.confirm}
        </button>
        <button type="button" className="btn btn--secondary btn--small" data-keep onClick={props.onDismiss}>
          {strings.cancel}
        </button>
      </div>
    </Modal>
  );
}
