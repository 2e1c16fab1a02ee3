import './strings';
import '../cart/strings';
import { type ReactNode, useEffect, useRef } from 'react';
import type { IdentityFieldView } from '../../machines/checkout/view';
import { FieldError, fieldAria, useRefusalFocus } from '../form-validity';
import { formatMoney } from '../format';
import { fill, resolveMessage, type Strings, type UiMessage } from '../strings';
import { type AddressInputSlot, type IdentityFieldProps, IdentityFields } from './IdentityInput';

/** An identity form field's name (the checkout's view model, machines/checkout/view.ts). */
export type IdentityField = IdentityFieldView['name'];

export type { IdentityFieldProps } from './IdentityInput';

export interface CheckoutViewProps {
  strings: Strings;
  currency: string;
  title: string;
  showIdentityForm: boolean;
  /** The identity form's fields, in order (the default: names and email). */
  fields: IdentityFieldProps[];
  values: Partial<Record<IdentityField, string>>;
  /**
   * The address field's own control when addresses can be looked up (the lookup combobox, loaded on demand); it
   * gets the field's id, label and error as the other fields have them. Absent: a plain text field.
   */
  addressInput?: AddressInputSlot;
  fieldErrors: Partial<Record<IdentityField | 'terms', UiMessage>>;
  formError: UiMessage | null;
  /** A wallet payment was refused for its postcode: a note under the error (spec 2 §8). */
  walletPostcodeNote?: boolean;
  /** Live-region status (processing, confirming with the card issuer, complete, pending). */
  status: UiMessage | null;
  /** Incremented each time a submit is refused, so focus moves to the first problem again. */
  errorVersion: number;
  /** The refusal is the card's: focus and scroll go to the card form, not the alert at the top. */
  cardRefused?: boolean;
  totalCents: number;
  submitting: boolean;
  /** Busy without submitting (the member's zip code applied first): the disabled pay button says so. */
  busy?: boolean;
  canSubmit: boolean;
  /** The payment adapter's card form (sandbox fields or Stripe's element). Null when nothing is due. */
  cardForm: ReactNode;
  /** The card provider could not load: this message stands where the card form would. */
  cardUnavailable?: UiMessage | null;
  onFieldChange: (name: IdentityField, value: string) => void;
  onFieldFocus: () => void;
  onSubmit: () => void;
  /** The terms checkbox (the seller's terms are non-empty), ticked or not; its link opens the terms modal. */
  termsShown?: boolean;
  termsAccepted?: boolean;
  onTermsChange?: (accepted: boolean) => void;
  onOpenTerms?: () => void;
  /** The blocked-cart form (a blocking rule holds the cart: spec 2 §2, §8), shown first. */
  blockedForm?: ReactNode;
  /** The donation form (spec 2 §2: the cart is modifiable and not a gift), or nothing. */
  donationForm?: ReactNode;
  /** The promo code box (spec 2 §2), shown before the payment. */
  promoBox?: ReactNode;
  /** The gift card field (spec 2 §2: in the payment section), or nothing. */
  giftCardField?: ReactNode;
  /** The scheduled payments panel (spec 2 §2: a payment plan's options and lists), or nothing. */
  scheduledPayments?: ReactNode;
  /** A success message at the top (spec 2 §8: a partial payment made), or null. */
  notice?: string | null;
  /** Changes with each new notice: the page is at its top, focus goes to the notice. */
  noticeVersion?: number;
}

/** The checkout form's id: the mobile footer's pay button submits it from outside the form. */
export const CHECKOUT_FORM_ID = 'checkout-form';

/** Checkout: 'Payment information', the 'Your information' identity form, the card form and the pay button. */
export function CheckoutView(props: CheckoutViewProps) {
  const { strings, fieldErrors } = props;
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // A new notice (a partial payment made): it is read out and takes focus, at the top of the page.
  useEffect(() => {
    if (props.noticeVersion) noticeRef.current?.focus({ preventScroll: true });
  }, [props.noticeVersion]);

  // After each refusal (errorVersion), the form layer's focus (ui/form-validity.ts): the first invalid field; else
  // a refused card's form, where the visitor edits the card (spec 2 §5: card errors scroll to the payment
  // element; its first field, else the provider's frame, else the section), the alert above read out by its
  // role; else the form's message.
  const { formRef, messageRef: errorRef } = useRefusalFocus(props.errorVersion, (form) => {
    const section = props.cardRefused ? form?.querySelector<HTMLElement>('#card-section') : null;
    return section ? (section.querySelector<HTMLElement>('input, iframe') ?? section) : null;
  });

  return (
    <form
      ref={formRef}
      id={CHECKOUT_FORM_ID}
      noValidate
      aria-labelledby="checkout-title"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <h1 id="checkout-title">{props.title}</h1>
      {props.notice ? (
        <p ref={noticeRef} className="message message--success" role="status" tabIndex={-1}>
          {props.notice}
        </p>
      ) : null}
      {props.formError ? (
        <p ref={errorRef} className="message message--error" role="alert" tabIndex={-1}>
          {resolveMessage(strings, props.formError)}
          {props.walletPostcodeNote ? ` ${strings.walletPostcodeNote}` : null}
        </p>
      ) : null}
      {props.blockedForm ?? null}
      {props.showIdentityForm ? (
        <fieldset className="form-section" style={{ border: 'none', padding: 0 }}>
          <legend>
            <h2 style={{ fontSize: '1.2rem' }}>{strings.yourInformation}</h2>
          </legend>
          <IdentityFields {...props} />
        </fieldset>
      ) : null}
      {props.termsShown ? (
        <div className="field field--checkbox">
          <input
            id="checkout-terms"
            name="terms"
            type="checkbox"
            checked={props.termsAccepted === true}
            {...fieldAria('checkout-terms', fieldErrors.terms !== undefined)}
            onChange={(e) => props.onTermsChange?.(e.target.checked)}
          />
          <label htmlFor="checkout-terms">{strings.acceptTerms}</label>
          <button type="button" className="btn btn--link" onClick={props.onOpenTerms}>
            {strings.termsRead}
          </button>
          <FieldError fieldId="checkout-terms">
            {fieldErrors.terms ? resolveMessage(strings, fieldErrors.terms) : null}
          </FieldError>
        </div>
      ) : null}
      {props.donationForm ?? null}
      {props.promoBox ?? null}
      {props.giftCardField ?? null}
      {props.scheduledPayments ?? null}
      {props.cardForm || props.cardUnavailable ? (
        <section id="card-section" className="form-section" aria-labelledby="card-title" tabIndex={-1}>
          <h2 id="card-title" style={{ fontSize: '1.2rem' }}>
            {strings.cardDetails}
          </h2>
          {props.cardForm}
          {props.cardUnavailable && !props.formError ? (
            <p className="message message--warning">{resolveMessage(strings, props.cardUnavailable)}</p>
          ) : null}
        </section>
      ) : null}
      {/* On small screens the cart's mobile footer holds the total and the pay button (mobileAction). */}
      <div className="reserve-footer checkout-footer">
        <p>
          <span>{strings.totalToPay}: </span>
          <strong>{formatMoney(props.totalCents, props.currency)}</strong>
        </p>
        <button
          className="btn"
          type="submit"
          disabled={!props.canSubmit}
          aria-busy={props.submitting || props.busy === true}
        >
          {props.submitting
            ? strings.paying
            : props.totalCents > 0
              ? fill(strings.pay, { amount: formatMoney(props.totalCents, props.currency) })
              : strings.completeOrder}
        </button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {props.status ? resolveMessage(strings, props.status) : ''}
      </p>
    </form>
  );
}
