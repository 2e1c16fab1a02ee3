/**
 * The filled cart widget's contents (spec 2 §2 "Cart widget"): items with thumbnail, name and date/time,
 * 'count × name' and price per ticket type, a remove button with a confirm overlay, the money lines, the
 * total, the expiry timer and the pay button. Not part of any first load: the route loads it once the cart
 * holds tickets (an empty cart is only the frame, `ui/cart/CartFrame.tsx`).
 */
import type { CartWidgetLine, CartWidgetTotal } from '../../machines/cart/view';
import { AttendeeNames } from '../AttendeeNames';
import { type SurveyAnswerItem, SurveyAnswers } from '../SurveyAnswers';
import './strings';
import { AppLink, type Navigate } from '../AppLink';
import { formatDateTime, formatMoney } from '../format';
import { PassValidity } from '../PassValidity';
import { fill, type Strings } from '../strings';
import { TicketSeats, type TicketSeatView } from '../TicketSeats';
import { CartFrame } from './CartFrame';
import { CartTimer, type ExpiryTimerView } from './CartTimer';

export interface CartWidgetItem {
  key: string;
  /** Truncated at 128 characters by the view model. */
  eventName: string;
  /** The untruncated name (a tooltip when the shown one is cut). */
  fullName?: string;
  start: string | null;
  timezone: string;
  image: { src: string; alt: string } | null;
  /** Per ticket type: 'count × name', the price, the attendees' names and survey answers of its tickets when given. */
  lines: {
    ticketTypeId: string;
    name: string;
    count: number;
    totalCents: number;
    admitNames?: string[];
    answers?: SurveyAnswerItem[];
    /** A pass's validity (ISO instants), shown as its first and last day in the item's zone. */
    validity?: { from: string; to: string };
  }[];
  ticketIds: string[];
  /** The seats of its seated tickets (listed under the lines). */
  seats?: TicketSeatView[];
}

/** What a remove button asks to remove: one item's tickets, and its name for the confirm overlay. */
export interface RemoveRequest {
  ticketIds: string[];
  name: string;
}

export type { ExpiryTimerView, MoreTimeView } from './CartTimer';
/** One money line (a catalogue key and a signed amount) and the total, computed by the view model. */
export type { CartWidgetLine, CartWidgetTotal };

export interface CartWidgetProps {
  strings: Strings;
  currency: string;
  items: CartWidgetItem[];
  lines: CartWidgetLine[];
  /** Null without a cart. */
  total: CartWidgetTotal | null;
  timer: ExpiryTimerView | null;
  busy: boolean;
  /** Where the pay button goes; null hides it (e.g. on the checkout screen itself). */
  checkoutHref: string | null;
  onNavigate: Navigate;
  /**
   * A remove button was pressed: the owner of the modal stack asks 'Remove these tickets?' (the remove
   * confirm overlay, `ui/cart/RemoveConfirm.tsx`) and removes the item's tickets on Confirm.
   */
  onAskRemove: (request: RemoveRequest) => void;
  /** 'More time' on the expiry timer (see `ui/cart/CartTimer.tsx`). */
  onExtend?: () => void;
}

/** The cart sidebar: the frame with the contents, or the empty text. */
export function CartWidget(props: CartWidgetProps) {
  return (
    <CartFrame strings={props.strings}>
      {props.items.length && props.total ? <CartContents {...props} total={props.total} /> : null}
    </CartFrame>
  );
}

/** Items, money lines, total, expiry timer and pay button. */
export function CartContents(props: CartWidgetProps & { total: CartWidgetTotal }) {
  return (
    <>
      <CartItems {...props} />
      <CartLines {...props} />
      <CartTimer strings={props.strings} timer={props.timer} onExtend={props.onExtend} />
      <PayButton {...props} />
    </>
  );
}

/** The pay button (a link to checkout), when there is somewhere to go. */
export function PayButton({ strings, checkoutHref, onNavigate }: CartWidgetProps) {
  return checkoutHref ? (
    <AppLink className="btn btn--block" href={checkoutHref} onNavigate={onNavigate}>
      {strings.checkout}
    </AppLink>
  ) : null;
}

/** The cart's items, each with its remove button. */
export function CartItems(props: CartWidgetProps) {
  return (
    <ul className="plain-list">
      {props.items.map((item) => (
        <CartItemRow key={item.key} item={item} {...props} />
      ))}
    </ul>
  );
}

/** The money lines and the total (or partial total). */
export function CartLines({
  strings,
  currency,
  lines,
  total,
  withTotal = true,
}: Pick<CartWidgetProps, 'strings' | 'currency' | 'lines'> & {
  total: CartWidgetTotal;
  withTotal?: boolean;
}) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <dl className="totals">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are rebuilt together; gift cards may repeat a key.
        <div key={`${line.key}-${i}`} className={`totals__${line.key}`}>
          <dt>
            {line.key === 'giftCard'
              ? fill(strings.giftCard, { number: line.cardEnding ?? '' })
              : strings[line.key]}
            {line.codes?.length ? (
              <span className="totals__note">
                {fill(strings.promoCodesApplied, { codes: line.codes.join(', ') })}
              </span>
            ) : null}
            {line.names?.map((name) => (
              <span key={name} className="totals__note">
                {name}
              </span>
            ))}
            {line.balanceLeftCents !== undefined ? (
              <span className="totals__note">
                {strings.balanceLeft}: {money(line.balanceLeftCents)}
              </span>
            ) : null}
          </dt>
          <dd>{money(line.amountCents)}</dd>
        </div>
      ))}
      {withTotal ? (
        <div className="totals__total">
          <dt>{strings[total.key]}</dt>
          <dd>{money(total.amountCents)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function CartItemRow({
  item,
  strings,
  currency,
  busy,
  onAskRemove,
}: CartWidgetProps & { item: CartWidgetItem }) {
  const full = item.fullName && item.fullName !== item.eventName ? item.fullName : undefined;
  return (
    <li className="cart-item">
      {item.image ? <img src={item.image.src} alt="" width={64} height={51} /> : <span />}
      <div>
        <p className="cart-item__name" title={full}>
          {item.eventName}
        </p>
        {item.start ? <p className="cart-item__when">{formatDateTime(item.start, item.timezone)}</p> : null}
        <ul className="cart-lines">
          {item.lines.map((line) => (
            <li key={line.ticketTypeId}>
              <span>
                {line.count} × {line.name}
              </span>
              <span>{formatMoney(line.totalCents, currency)}</span>
              <PassValidity
                strings={strings}
                validity={line.validity}
                timezone={item.timezone}
                className="cart-line__validity"
              />
              <AttendeeNames names={line.admitNames} />
              <SurveyAnswers answers={line.answers} />
            </li>
          ))}
        </ul>
        <TicketSeats strings={strings} seats={item.seats} />
        <button
          type="button"
          className="link-button"
          onClick={() => onAskRemove({ ticketIds: item.ticketIds, name: item.eventName })}
          disabled={busy}
          aria-haspopup="dialog"
        >
          {fill(strings.removeItem, { name: item.eventName })}
        </button>
      </div>
    </li>
  );
}
