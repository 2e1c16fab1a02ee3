/**
 * The cart widget's view model: one selector from the cart snapshot to the props its view needs. Time comes
 * from the expiry watcher's last tick (the provided clock), never from the wall clock of the view.
 */
import type { CartItem, CartModel } from '../../api/models';
import { type CartSnapshot, type ExpiryTimerView, selectCart, selectExpiryTimer } from './selectors';
import {
  automaticDiscountNames,
  badgeText,
  type CartWidgetLine,
  type CartWidgetTotal,
  truncateText,
  widgetLines,
  widgetTotal,
} from './widget';

/** The money lines and the total as the widget shows them (the view's contract with `ui/`). */
export type { CartWidgetLine, CartWidgetTotal };

/** An item as the widget shows it: names truncated at 128 characters, the full name kept for a tooltip. */
export interface CartWidgetItemView extends CartItem {
  fullName: string;
}

export interface CartWidgetViewModel {
  cart: CartModel | null;
  /** Items to show (empty without a cart). */
  items: CartWidgetItemView[];
  totals: CartModel['totals'] | null;
  /** Money lines in the spec's order (empty without a cart). */
  lines: CartWidgetLine[];
  /** The total, or the partial total when scheduled payments exist; null without a cart. */
  total: CartWidgetTotal | null;
  /** The expiry timer with its 'm:ss' label, or null when hidden (over 20 minutes left, or no cart). */
  timer: ExpiryTimerView | null;
  /** Removing tickets: the remove buttons wait. */
  busy: boolean;
  /** The cart-expiry modal is open (the modal stack renders it). */
  expired: boolean;
  ticketCount: number;
  /** The ticket count as a badge shows it ('99+' above 99). */
  badge: string;
}

const itemView = (item: CartItem): CartWidgetItemView => ({
  ...item,
  fullName: item.eventName,
  eventName: truncateText(item.eventName),
  lines: item.lines.map((line) => ({ ...line, name: truncateText(line.name) })),
});

export function selectCartWidgetView(snapshot: CartSnapshot): CartWidgetViewModel {
  const cart = selectCart(snapshot);
  const tickedAt = snapshot.context.tickedAt;
  const ticketCount = cart?.ticketCount ?? 0;
  return {
    cart,
    items: (cart?.items ?? []).map(itemView),
    totals: cart?.totals ?? null,
    lines: cart
      ? widgetLines(
          cart.totals,
          cart.giftCards,
          cart.promoCodes,
          automaticDiscountNames(cart.cartMods),
          cart.giftCardLimitCents ?? null,
        )
      : [],
    total: cart
      ? widgetTotal(
          cart.totals,
          cart.giftCards,
          cart.scheduledPayments,
          tickedAt,
          cart.giftCardLimitCents ?? null,
        )
      : null,
    timer: tickedAt === null ? null : selectExpiryTimer(snapshot, tickedAt),
    busy: snapshot.hasTag('submitting'),
    expired: snapshot.matches('expired'),
    ticketCount,
    badge: badgeText(ticketCount),
  };
}
