import '../membership-strings';
import type { ReactNode } from 'react';
import { useRefusalFocus } from '../form-validity';
import { formatMoney } from '../format';
import type { MembershipPageStrings } from '../membership-strings';
import { Modal } from '../modal/Modal';
import { fill, resolveMessage, type UiMessage } from '../strings';
import { Field } from './Field';

export interface RedeemLevelOption {
  id: string;
  name: string;
  /** Cents. */
  amount: number;
  /** Cents with the code. */
  discountedAmount: number | null;
}

export interface GiftRedeemViewProps {
  strings: MembershipPageStrings;
  currency: string;
  code: string;
  codeLength: number;
  codeError: UiMessage | null;
  lookingUp: boolean;
  showForm: boolean;
  levels: RedeemLevelOption[];
  levelId: string | null;
  canRedeem: boolean;
  redeeming: boolean;
  /** The cart dialog (Discard / Checkout) is shown: the `redeemCart` modal of the stack is open. */
  cartConflict: boolean;
  /** The cart dialog plays its close transition (the modal stack removes it after 200 ms). */
  cartConflictClosing?: boolean;
  formError: UiMessage | null;
  errorVersion: number;
  /** The membership form's member details for the chosen level (the purchase form), when there is one. */
  memberForm?: ReactNode;
  onCodeChange: (value: string) => void;
  onCodeSubmit: () => void;
  onLevelSelect: (levelId: string) => void;
  onRedeem: () => void;
  onDiscard: () => void;
  onCheckout: () => void;
  onDismissConflict: () => void;
}

/**
 * Redeem a gift membership (spec 3 §2 "Redeem membership page"): the gift code (exactly 10 characters) and
 * Submit; a valid code shows the membership form with at most 3 levels; a cart already holding a membership
 * opens a dialog with Discard and Checkout.
 */
export function GiftRedeemView(props: GiftRedeemViewProps) {
  const { strings } = props;
  const { formRef, messageRef } = useRefusalFocus(props.errorVersion);
  const message = (m: UiMessage | null) => (m ? resolveMessage(strings, m) : null);
  const price = (cents: number) => formatMoney(cents, props.currency);
  return (
    <section className="account-page" aria-labelledby="redeem-title" style={{ maxWidth: '40rem' }}>
      <h1 id="redeem-title">{strings.redeemTitle}</h1>
      <form
        ref={formRef}
        noValidate
        aria-labelledby="redeem-title"
        onSubmit={(e) => {
          e.preventDefault();
          props.onCodeSubmit();
        }}
      >
        <Field
          id="redeem-code"
          label={strings.giftCode}
          name="gift_code"
          autoComplete="off"
          required
          minLength={props.codeLength}
          maxLength={props.codeLength}
          value={props.code}
          error={message(props.codeError)}
          describedBy="redeem-code-hint"
          onValueChange={props.onCodeChange}
        />
        <p id="redeem-code-hint" className="field__hint">
          {strings.giftCodeHint}
        </p>
        <p>
          <button className="btn" type="submit" disabled={props.lookingUp} aria-busy={props.lookingUp}>
            {strings.giftCodeSubmit}
          </button>
        </p>
      </form>
      {props.showForm ? (
        <form
          aria-labelledby="redeem-levels-title"
          onSubmit={(e) => {
            e.preventDefault();
            props.onRedeem();
          }}
        >
          {props.formError ? (
            <p ref={messageRef} className="message message--error" role="alert" tabIndex={-1}>
              {message(props.formError)}
            </p>
          ) : null}
          <fieldset className="level-list">
            <legend id="redeem-levels-title">{strings.redeemLevels}</legend>
            {props.levels.map((level) => (
              <div className="level-list__option" key={level.id}>
                <input
                  type="radio"
                  id={`redeem-level-${level.id}`}
                  name="level"
                  value={level.id}
                  checked={props.levelId === level.id}
                  onChange={() => props.onLevelSelect(level.id)}
                />
                <label htmlFor={`redeem-level-${level.id}`}>
                  {level.name}{' '}
                  <span>
                    {level.discountedAmount === null
                      ? price(level.amount)
                      : fill(strings.redeemLevelPrice, {
                          price: price(level.discountedAmount),
                          amount: price(level.amount),
                        })}
                  </span>
                </label>
              </div>
            ))}
          </fieldset>
          {props.memberForm ?? null}
          <p>
            <button className="btn" type="submit" disabled={!props.canRedeem} aria-busy={props.redeeming}>
              {strings.redeemSubmit}
            </button>
          </p>
        </form>
      ) : null}
      {props.cartConflict ? (
        <Modal
          name="redeemCart"
          title={strings.redeemCartTitle}
          describedBy="redeem-cart-text"
          size="sm"
          closeable
          closing={props.cartConflictClosing ?? false}
          onDismiss={props.onDismissConflict}
          onClose={props.onDismissConflict}
          closeLabel={strings.close}
        >
          <p id="redeem-cart-text">{strings.redeemCartAction}</p>
          <p style={{ display: 'flex', gap: '0.75rem' }}>
            <button type="button" className="btn" onClick={props.onDiscard}>
              {strings.redeemDiscard}
            </button>
            <button type="button" className="btn btn--secondary" onClick={props.onCheckout}>
              {strings.redeemCheckout}
            </button>
          </p>
        </Modal>
      ) : null}
    </section>
  );
}
