import { AppLink, type Navigate } from './AppLink';
import { fill, type Strings } from './strings';

export interface CompleteOrder {
  id: string;
  number: string;
  qrCodeUrl: string;
  purchaserEmail: string | null;
}

export interface CompleteProps {
  strings: Strings;
  status: 'loading' | 'ready' | 'error';
  orders: CompleteOrder[];
  message: string | null;
  eventsHref: string;
  onNavigate: Navigate;
}

/** Order confirmation: 'Done!', the order numbers and one QR code per order. */
export function Complete({ strings, status, orders, message, eventsHref, onNavigate }: CompleteProps) {
  if (status === 'loading') return <p role="status">{strings.loading}</p>;
  if (status === 'error')
    return (
      <p className="message message--error" role="alert">
        {message ?? strings.errorOops}
      </p>
    );
  const email = orders.find((o) => o.purchaserEmail)?.purchaserEmail;
  return (
    <section className="complete" aria-labelledby="done-title">
      <h1 id="done-title">{strings.done}</h1>
      {email ? <p>{fill(strings.confirmationEmail, { email })}</p> : null}
      {orders.map((order) => (
        <div className="order-block" key={order.id}>
          <h2 style={{ fontSize: '1.2rem', margin: 0 }}>
            {fill(strings.orderNumber, { number: order.number })}
          </h2>
          <img
            src={order.qrCodeUrl}
            alt={fill(strings.orderQrAlt, { number: order.number })}
            width={200}
            height={200}
          />
        </div>
      ))}
      <AppLink className="btn btn--secondary" href={eventsHref} onNavigate={onNavigate}>
        {strings.continueShopping}
      </AppLink>
    </section>
  );
}
