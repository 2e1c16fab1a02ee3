import { useState } from 'react';
import { AppLink, type Navigate } from './AppLink';
import { CartTimer, type ExpiryTimerView } from './cart/CartTimer';
import { formatDateTime, formatMoney } from './format';
import { fill, type Strings } from './strings';

export type { ExpiryTimerView, MoreTimeView } from './cart/CartTimer';

export interface CartWidgetItem {
  key: string;
  eventName: string;
  start: string | null;
  timezone: string;
  image: { src: string; alt: string } | null;
  lines: { ticketTypeId: string; name: string; count: number; totalCents: number }[];
  ticketIds: string[];
}

export interface CartWidgetTotals {
  subtotalCents: number;
  feesFixedCents: number;
  feesPercentCents: number;
  discountCents: number;
  paymentsCents: number;
  outstandingCents: number;
}

export interface CartWidgetProps {
  strings: Strings;
  currency: string;
  items: CartWidgetItem[];
  totals: CartWidgetTotals | null;
  timer: ExpiryTimerView | null;
  busy: boolean;
  /** Where the pay button goes; null hides it (e.g. on the checkout screen itself). */
  checkoutHref: string | null;
  onNavigate: Navigate;
  onRemove: (ticketIds: string[]) => void;
  /** 'More time' on the expiry timer (see `ui/cart/CartTimer.tsx`). */
  onExtend?: () => void;
}

/** The cart sidebar: items with thumbnail, name, date/time, lines, totals, expiry timer and pay button. */
export function CartWidget(props: CartWidgetProps) {
  const { strings, currency, items, totals, timer } = props;
  return (
    <aside className="cart-widget" aria-labelledby="cart-title">
      <h2 id="cart-title">{strings.cart}</h2>
      {items.length === 0 || !totals ? (
        <p>{strings.cartEmpty}</p>
      ) : (
        <>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <CartItemRow key={item.key} item={item} {...props} />
            ))}
          </ul>
          <dl className="totals">
            <div>
              <dt>{strings.subtotal}</dt>
              <dd>{formatMoney(totals.subtotalCents, currency)}</dd>
            </div>
            {totals.feesFixedCents + totals.feesPercentCents > 0 ? (
              <div>
                <dt>{strings.fees}</dt>
                <dd>{formatMoney(totals.feesFixedCents + totals.feesPercentCents, currency)}</dd>
              </div>
            ) : null}
            {totals.discountCents !== 0 ? (
              <div>
                <dt>{strings.discounts}</dt>
                <dd>{formatMoney(-Math.abs(totals.discountCents), currency)}</dd>
              </div>
            ) : null}
            {totals.paymentsCents > 0 ? (
              <div>
                <dt>{strings.payments}</dt>
                <dd>{formatMoney(-totals.paymentsCents, currency)}</dd>
              </div>
            ) : null}
            <div className="totals__total">
              <dt>{strings.total}</dt>
              <dd>{formatMoney(totals.outstandingCents, currency)}</dd>
            </div>
          </dl>
          <CartTimer strings={strings} timer={timer} onExtend={props.onExtend} />
          {props.checkoutHref ? (
            <AppLink className="btn btn--block" href={props.checkoutHref} onNavigate={props.onNavigate}>
              {strings.checkout}
            </AppLink>
          ) : null}
        </>
      )}
    </aside>
  );
}

function CartItemRow({
  item,
  strings,
  currency,
  busy,
  onRemove,
}: CartWidgetProps & { item: CartWidgetItem }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="cart-item">
      {item.image ? <img src={item.image.src} alt="" width={64} height={51} /> : <span />}
      <div>
        <p className="cart-item__name">{item.eventName}</p>
        {item.start ? <p className="cart-item__when">{formatDateTime(item.start, item.timezone)}</p> : null}
        <ul className="cart-lines">
          {item.lines.map((line) => (
            <li key={line.ticketTypeId}>
              <span>
                {line.count} × {line.name}
              </span>
              <span>{formatMoney(line.totalCents, currency)}</span>
            </li>
          ))}
        </ul>
        {confirming ? (
          <fieldset
            style={{ border: 'none', padding: 0, display: 'flex', gap: '0.5rem', marginTop: '0.5rem' }}
          >
            <legend>{strings.confirmRemove}</legend>
            <button
              type="button"
              className="btn btn--small"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                onRemove(item.ticketIds);
              }}
            >
              {strings.confirm}
            </button>
            <button
              type="button"
              className="btn btn--secondary btn--small"
              onClick={() => setConfirming(false)}
            >
              {strings.cancel}
            </button>
          </fieldset>
        ) : (
          <button type="button" className="link-button" onClick={() => setConfirming(true)} disabled={busy}>
            {fill(strings.removeItem, { name: item.eventName })}
          </button>
        )}
      </div>
    </li>
  );
}
