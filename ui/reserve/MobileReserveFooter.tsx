import { formatMoney } from '../format';
import { fill, type Strings } from '../strings';

export interface MobileReserveFooterProps {
  strings: Strings;
  currency: string;
  /** The reserve form's id: the submit button submits it from outside (`form=`). */
  formId: string;
  totalCents: number;
  canSubmit: boolean;
  submitting: boolean;
  /** Tickets already in the cart (the cart button's badge; '99+' above 99). */
  cartCount: number;
  onCart: () => void;
}

/**
 * The mobile reserve footer (spec 1 §2): a cart button, a submit button tied to the reserve form, and the
 * total. Fixed to the bottom of small screens (80 px by default, `--tix-mobile-footer-height`); hidden on
 * wide screens, where the form's own footer shows.
 */
export function MobileReserveFooter(props: MobileReserveFooterProps) {
  const { strings } = props;
  const badge = props.cartCount > 99 ? '99+' : String(props.cartCount);
  return (
    <div className="mobile-reserve-footer" data-testid="mobile-reserve-footer">
      <button type="button" className="btn btn--secondary" onClick={props.onCart}>
        {strings.cart}
        {props.cartCount > 0 ? (
          <>
            <span className="badge" aria-hidden="true">
              {badge}
            </span>
            <span className="visually-hidden">, {fill(strings.cartTicketCount, { count: badge })}</span>
          </>
        ) : null}
      </button>
      <p aria-live="polite" className="mobile-reserve-footer__total">
        <span>{strings.total}: </span>
        <strong>{formatMoney(props.totalCents, props.currency)}</strong>
      </p>
      <button
        className="btn"
        type="submit"
        form={props.formId}
        disabled={!props.canSubmit}
        aria-busy={props.submitting}
      >
        {props.submitting ? strings.adding : strings.addToCart}
      </button>
    </div>
  );
}
