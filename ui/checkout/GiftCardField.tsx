import '../cart/strings';
import './gift-card-strings';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { GiftCardView } from '../../machines/giftCard/view';
import { formatMoney } from '../format';
import { fill, resolveMessage, type Strings } from '../strings';

/** The flow's view model (machines/giftCard/view.ts): the contract written once (issue 17). */
export interface GiftCardFieldProps extends GiftCardView {
  strings: Strings;
  currency: string;
  onNumberChange: (value: string) => void;
  onApply: () => void;
}

/**
 * Checkout's gift card field (spec 2 §2, §5, §8): a group inside the checkout form (Enter applies the card, it
 * does not submit the payment), and the applied cards with what each pays and its 'Balance left'.
 */
export function GiftCardField(props: GiftCardFieldProps) {
  const { strings, currency } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (props.errorVersion > 0) inputRef.current?.focus();
  }, [props.errorVersion]);
  const problem = props.fieldError ?? props.error;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (!props.applying) props.onApply();
  };
  return (
    <section className="form-section promo-box" aria-labelledby="gift-card-heading">
      <h2 id="gift-card-heading" style={{ fontSize: '1.2rem' }}>
        {strings.giftCardLabel}
      </h2>
      <div className="field">
        <label htmlFor="gift-card-number">{strings.giftCardLabel}</label>
        <input
          ref={inputRef}
          id="gift-card-number"
          name="giftCardNumber"
          inputMode="numeric"
          autoComplete="off"
          maxLength={props.maxLength}
          value={props.number}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'gift-card-error' : undefined}
          onInput={(e) => props.onNumberChange((e.target as HTMLInputElement).value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="btn btn--secondary"
          disabled={props.applying}
          onClick={props.onApply}
        >
          {props.applying ? strings.giftCardApplying : strings.giftCardApply}
        </button>
        {problem ? (
          <p id="gift-card-error" className="field__error" role="alert">
            {resolveMessage(strings, problem)}
          </p>
        ) : null}
      </div>
      {props.cards.length > 0 ? (
        <>
          <h3 style={{ fontSize: '1rem' }}>{strings.giftCardsHeading}</h3>
          <ul aria-label={strings.giftCardsHeading}>
            {props.cards.map((card) => (
              <li key={card.cardNumber}>
                {fill(strings.giftCardApplied, {
                  number: card.cardNumber.slice(-4),
                  amount: formatMoney(card.paymentCents, currency),
                })}{' '}
                ({strings.balanceLeft} {formatMoney(card.remainingBalanceCents, currency)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
