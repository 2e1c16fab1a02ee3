import './checkout/strings';
import './complete-strings';
import type { CSSProperties } from 'react';
import { AppLink, type Navigate } from './AppLink';
import { formatDateTime } from './format';
import { OrderCodes, type OrderCodeView } from './OrderCodes';
import { PassValidity, type PassValidityView } from './PassValidity';
import { SellerHtml } from './SellerHtml';
import { fill, type Strings } from './strings';
import { TicketSeats, type TicketSeatView } from './TicketSeats';

/** A line of an order item: how many tickets of a type, and a pass's validity (issue 25). */
export interface CompleteOrderLine {
  ticketTypeId: string;
  name: string;
  count: number;
  validity?: PassValidityView;
}

/**
 * An item of an order (event and session); the confirmation lists the seats of seated ones and the passes
 * with their validity.
 */
export interface CompleteOrderItem {
  key: string;
  eventName: string;
  start: string | null;
  timezone: string;
  seats?: TicketSeatView[];
  lines?: CompleteOrderLine[];
}

export interface CompleteOrder {
  id: string;
  number: string;
  qrCodeUrl: string;
  /** The order's calendar file, or null (no sessions): 'Add to calendar'. */
  calendarUrl?: string | null;
  /** The order's Apple Wallet pass, or null (the seller has none, or no dated visit): 'Add to Apple Wallet'. */
  walletUrl?: string | null;
  /** What the order is, by its groups (spec 2 §2 "Wording depends on the group kind"): membership, gift codes or tickets. */
  kind?: 'tickets' | 'membership' | 'gift';
  /** Groups other than donation or ledger: only such an order has a block (spec 2 §2). */
  admits: boolean;
  purchaserEmail: string | null;
  items?: CompleteOrderItem[];
  /** The discount codes the order bought (handler codes), with what each gives. */
  codes?: OrderCodeView[];
}

export interface CompleteProps {
  strings: Strings;
  status: 'loading' | 'ready' | 'error';
  orders: CompleteOrder[];
  message: string | null;
  /** The seller's message (HTML, its {{email}} filled in), in place of the default email line. */
  sellerMessage?: string | null;
  links?: { text: string; url: string }[];
  /** The background image, desktop and below 26em, with its alternate text. */
  image?: { desktop: string; mobile: string | null; alt: string } | null;
  /** How far the content sits down the background (CSS lengths, checked by the wiring). */
  contentOffset?: string | null;
  contentMobileOffset?: string | null;
  eventsHref: string;
  /** The printable order's address of an order, when the seller shows the link (showTicketsLink). */
  ticketsHref?: ((orderId: string) => string) | null;
  onNavigate: Navigate;
}

/** A file of an order to download (its calendar file, its wallet pass), named with the order for screen readers. */
function OrderFileLink(props: { href?: string | null; file: string; label: string; orderName: string }) {
  if (!props.href) return null;
  return (
    <p>
      <a href={props.href} download={props.file}>
        {props.label}
        <span className="visually-hidden"> {props.orderName}</span>
      </a>
    </p>
  );
}

/** The passes of an order, each line with its validity in the venue's zone (issue 25); nothing without one. */
function OrderPasses(props: { strings: Strings; items: CompleteOrderItem[] | undefined }) {
  const items = (props.items ?? []).flatMap((item) => {
    const lines = (item.lines ?? []).filter((line) => line.validity);
    return lines.length ? [{ item, lines }] : [];
  });
  return items.map(({ item, lines }) => (
    <div className="order-passes" key={item.key}>
      <p>{item.eventName}</p>
      <ul className="plain-list">
        {lines.map((line) => (
          <li key={line.ticketTypeId}>
            {line.count} × {line.name}
            <PassValidity strings={props.strings} validity={line.validity} timezone={item.timezone} />
          </li>
        ))}
      </ul>
    </div>
  ));
}

/** The confirmation's words for an order of a kind: the line under its number and its print link. */
function kindWords(strings: Strings, kind: CompleteOrder['kind']): { line: string; print: string } {
  if (kind === 'membership')
    return { line: strings.orderKindMembership, print: strings.viewAndPrintMembership };
  if (kind === 'gift') return { line: strings.orderKindGift, print: strings.viewAndPrintGift };
  return { line: strings.orderKindTickets, print: strings.viewAndPrint };
}

/**
 * Order confirmation: 'Done!', then one block per order that admits someone (groups other than donation or
 * ledger: a donation alone has no QR code to show), with its number, QR code, the seats of seated items and the
 * passes with their validity.
 */
export function Complete({
  strings,
  status,
  orders,
  message,
  sellerMessage = null,
  links = [],
  image = null,
  contentOffset = null,
  contentMobileOffset = null,
  eventsHref,
  ticketsHref = null,
  onNavigate,
}: CompleteProps) {
  if (status === 'loading') return <p role="status">{strings.loading}</p>;
  if (status === 'error')
    return (
      <p className="message message--error" role="alert">
        {message ?? strings.errorOops}
      </p>
    );
  const email = orders.find((o) => o.purchaserEmail)?.purchaserEmail;
  const offsets = {
    ...(contentOffset ? { '--tix-completed-offset': contentOffset } : {}),
    ...(contentMobileOffset ? { '--tix-completed-mobile-offset': contentMobileOffset } : {}),
  } as CSSProperties;
  return (
    <section
      className={image ? 'complete complete--image' : 'complete'}
      aria-labelledby="done-title"
      style={offsets}
    >
      {image ? (
        <picture className="complete__background">
          {image.mobile ? <source media="(max-width: 26em)" srcSet={image.mobile} /> : null}
          <img src={image.desktop} alt={image.alt} />
        </picture>
      ) : null}
      <h1 id="done-title">{strings.done}</h1>
      {sellerMessage ? (
        <SellerHtml className="complete__message" html={sellerMessage} />
      ) : email ? (
        <p>{fill(strings.confirmationEmail, { email })}</p>
      ) : null}
      {orders
        .filter((order) => order.admits)
        .map((order) => (
          <div className="order-block" key={order.id}>
            <h2 style={{ fontSize: '1.2rem', margin: 0 }}>
              {fill(strings.orderNumber, { number: order.number })}
            </h2>
            <p>{kindWords(strings, order.kind).line}</p>
            <img
              src={order.qrCodeUrl}
              alt={fill(strings.orderQrAlt, { number: order.number })}
              width={200}
              height={200}
            />
            {ticketsHref ? (
              <p>
                <AppLink href={ticketsHref(order.id)} onNavigate={onNavigate}>
                  {kindWords(strings, order.kind).print}
                  <span className="visually-hidden">
                    {' '}
                    {fill(strings.orderNumber, { number: order.number })}
                  </span>
                </AppLink>
              </p>
            ) : null}
            <OrderFileLink
              href={order.calendarUrl}
              file={`order-${order.number}.ics`}
              label={strings.addToCalendar}
              orderName={fill(strings.orderNumber, { number: order.number })}
            />
            <OrderFileLink
              href={order.walletUrl}
              file={`order-${order.number}.pkpass`}
              label={strings.addToAppleWallet}
              orderName={fill(strings.orderNumber, { number: order.number })}
            />
            <OrderCodes strings={strings} orderId={order.id} codes={order.codes} />
            {(order.items ?? [])
              .filter((item) => item.seats?.length)
              .map((item) => (
                <div className="order-seats" key={item.key}>
                  <p>
                    {item.eventName}
                    {item.start ? `, ${formatDateTime(item.start, item.timezone)}` : null}
                  </p>
                  <TicketSeats strings={strings} seats={item.seats} />
                </div>
              ))}
            <OrderPasses strings={strings} items={order.items} />
          </div>
        ))}
      {links.length ? (
        <ul className="plain-list complete__links">
          {links.map((link) => (
            <li key={`${link.url} ${link.text}`}>
              <a href={link.url}>{link.text}</a>
            </li>
          ))}
        </ul>
      ) : null}
      <AppLink className="btn btn--secondary" href={eventsHref} onNavigate={onNavigate}>
        {strings.continueShopping}
      </AppLink>
    </section>
  );
}
