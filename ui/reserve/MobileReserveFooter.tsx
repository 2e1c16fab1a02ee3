import './strings';
import { MobileCartFooter } from '../cart/MobileCartFooter';
import type { Strings } from '../strings';

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
 * total; the mobile cart footer with the form's submit as its action.
 */
export function MobileReserveFooter(props: MobileReserveFooterProps) {
  const { strings } = props;
  return (
    <MobileCartFooter
      strings={strings}
      currency={props.currency}
      totalLabel={strings.total}
      totalCents={props.totalCents}
      cartCount={props.cartCount}
      badge={props.cartCount > 99 ? '99+' : String(props.cartCount)}
      onCart={props.onCart}
      testId="mobile-reserve-footer"
    >
      <button
        className="btn"
        type="submit"
        form={props.formId}
        disabled={!props.canSubmit}
        aria-busy={props.submitting}
      >
        {props.submitting ? strings.adding : strings.addToCart}
      </button>
    </MobileCartFooter>
  );
}
