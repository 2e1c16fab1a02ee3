import './strings';
import type { ReactNode } from 'react';
import { formatMoney } from '../format';
import { type Strings, text } from '../strings';

export interface MobileCartFooterProps {
  strings: Strings;
  currency: string;
  /** The total's label: 'Total to pay' (cart footer) or 'Total' (reserve footer). */
  totalLabel: string;
  totalCents: number;
  /** Tickets in the cart, and the count as the badge shows it ('99+' above 99). */
  cartCount: number;
  badge: string;
  onCart: () => void;
  /** The footer's action: the reserve form's submit, or the pay button. */
  children?: ReactNode;
  testId?: string;
}

/**
 * The mobile footer (spec 1 §2, spec 2 §2): a cart button with the ticket count, the total, and an action.
 * Fixed to the bottom of small screens (80 px by default, `--tix-mobile-footer-height`); hidden on wide
 * screens. The reserve footer and the cart footer are both this one.
 */
export function MobileCartFooter(props: MobileCartFooterProps) {
  const { strings } = props;
  return (
    <div className="mobile-reserve-footer" data-testid={props.testId ?? 'mobile-cart-footer'}>
      <button type="button" className="btn btn--secondary" onClick={props.onCart}>
        {strings.cart}
        {props.cartCount > 0 ? (
          <>
            <span className="badge" aria-hidden="true">
              {props.badge}
            </span>
            <span className="visually-hidden">
              ,{' '}
              {text(strings, 'cartTicketCount', { count: props.badge, tickets: props.cartCount }, 'tickets')}
            </span>
          </>
        ) : null}
      </button>
      <p aria-live="polite" className="mobile-reserve-footer__total">
        <span>{props.totalLabel}: </span>
        <strong>{formatMoney(props.totalCents, props.currency)}</strong>
      </p>
      {props.children}
    </div>
  );
}
