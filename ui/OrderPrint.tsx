import { AttendeeNames } from './AttendeeNames';
import { type SurveyAnswerItem, SurveyAnswers } from './SurveyAnswers';
import './checkout/strings';
import { AppLink, type Navigate } from './AppLink';
import { formatDateTime } from './format';
import { OrderCodes, type OrderCodeView } from './OrderCodes';
import { PassValidity, type PassValidityView } from './PassValidity';
import { fill, type Strings } from './strings';
import { TicketSeats, type TicketSeatView } from './TicketSeats';

/** A line of a printed order: how many tickets of a type, and their attendees' names when given. */
export interface OrderPrintLine {
  ticketTypeId: string;
  name: string;
  count: number;
  admitNames?: string[];
  /** The survey answers its tickets carry, when given. */
  answers?: SurveyAnswerItem[];
  /** A pass's validity (issue 25); absent on other lines. */
  validity?: PassValidityView;
}

/** An event and session of a printed order, with its tickets and seats. */
export interface OrderPrintItem {
  key: string;
  eventName: string;
  start: string | null;
  timezone: string;
  lines: OrderPrintLine[];
  seats?: TicketSeatView[];
}

export interface OrderPrintProps {
  strings: Strings;
  order: {
    id: string;
    number: string;
    qrCodeUrl: string;
    items: OrderPrintItem[];
    codes?: OrderCodeView[];
    /** The order's Apple Wallet pass, or null (the seller has none, or no dated visit). */
    walletUrl?: string | null;
  };
  eventsHref: string;
  onNavigate: Navigate;
  /** Opens the browser's print dialog. */
  onPrint: () => void;
}

/**
 * The printable order (spec 2 §2, /ticket_order/{id}): its number, QR code, and each session with its tickets
 * (a pass with its validity), attendees and seats, and the discount codes it bought. The print stylesheet (ui/theme.css, @media print) leaves the site's header, footer, cart
 * and this page's buttons off paper.
 */
export function OrderPrint({ strings, order, eventsHref, onNavigate, onPrint }: OrderPrintProps) {
  const number = fill(strings.orderNumber, { number: order.number });
  return (
    <section className="order-print" aria-labelledby="order-print-title">
      <h1 id="order-print-title">{strings.printOrderTitle}</h1>
      <h2>{number}</h2>
      <img
        src={order.qrCodeUrl}
        alt={fill(strings.orderQrAlt, { number: order.number })}
        width={200}
        height={200}
      />
      {order.items.map((item) => (
        <section className="order-print__item" key={item.key} aria-label={item.eventName}>
          <h3>{item.eventName}</h3>
          {item.start ? <p>{formatDateTime(item.start, item.timezone)}</p> : null}
          <ul className="plain-list">
            {item.lines.map((line) => (
              <li key={line.ticketTypeId}>
                {line.count} × {line.name}
                <PassValidity strings={strings} validity={line.validity} timezone={item.timezone} />
                <AttendeeNames names={line.admitNames} />
                <SurveyAnswers answers={line.answers} />
              </li>
            ))}
          </ul>
          <TicketSeats strings={strings} seats={item.seats} />
        </section>
      ))}
      <OrderCodes strings={strings} orderId={order.id} codes={order.codes} />
      <p className="order-print__actions">
        <button type="button" className="btn btn--primary" onClick={onPrint}>
          {strings.printOrder}
        </button>{' '}
        <AppLink className="btn btn--secondary" href={eventsHref} onNavigate={onNavigate}>
          {strings.continueShopping}
        </AppLink>
      </p>
      {order.walletUrl ? (
        <p className="order-print__actions">
          <a href={order.walletUrl} download={`order-${order.number}.pkpass`}>
            {strings.addToAppleWallet}
          </a>
        </p>
      ) : null}
    </section>
  );
}
