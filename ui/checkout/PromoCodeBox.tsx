import './promo-strings';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { PromoCodeCallbacks, PromoCodeView } from '../../machines/promoCode/view';
import { fill, resolveMessage, type Strings } from '../strings';

/**
 * The flow's view model (machines/promoCode/view.ts: 'promo', the checkout's promo code box, or 'blocked', the
 * blocked-cart form (spec 2 §2, §8); the code, its errors, the applied notice) and the box's callbacks.
 */
export interface PromoCodeBoxProps extends PromoCodeView, PromoCodeCallbacks {
  strings: Strings;
  /** The blocked form: the blocking rules' descriptions (spec 2 §2 "it shows the error description"). */
  descriptions?: string[];
}

/**
 * A code field with its Apply button. It sits inside the checkout form, so it is a group, not a form: Enter in
 * the field applies the code instead of submitting the payment.
 */
export function PromoCodeBox(props: PromoCodeBoxProps) {
  const { strings, kind } = props;
  const id = `${kind}-code`;
  const inputRef = useRef<HTMLInputElement>(null);
  // Focus moves once per refusal (errorVersion).
  useEffect(() => {
    if (props.errorVersion > 0) inputRef.current?.focus();
  }, [props.errorVersion]);
  const problem = props.fieldError ?? props.error;
  const describedBy = [problem ? `${id}-error` : null, kind === 'blocked' ? `${id}-warning` : null]
    .filter(Boolean)
    .join(' ');
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (props.canApply) props.onApply();
  };
  const headingId = `${id}-heading`;
  return (
    <section
      className={kind === 'blocked' ? 'form-section promo-box promo-box--blocked' : 'form-section promo-box'}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} style={{ fontSize: '1.2rem' }}>
        {kind === 'blocked' ? strings.blockedCodeHeading : strings.promoCodeLabel}
      </h2>
      {kind === 'blocked' ? (
        <>
          {(props.descriptions ?? []).map((d) => (
            <p key={d}>{d}</p>
          ))}
          <p className="message message--warning" id={`${id}-warning`}>
            {strings.codeRequired}
          </p>
        </>
      ) : null}
      <div className="field promo-box__row">
        <label htmlFor={id}>{kind === 'blocked' ? strings.blockedCodeLabel : strings.promoCodeLabel}</label>
        <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
          <input
            ref={inputRef}
            id={id}
            name={id}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={props.maxLength}
            required={kind === 'blocked'}
            minLength={2}
            value={props.code}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy || undefined}
            onChange={(e) => props.onCodeChange(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <button
            type="button"
            className="btn btn--secondary"
            disabled={!props.canApply}
            aria-busy={props.applying}
            onClick={props.onApply}
          >
            {props.applying ? strings.promoApplying : strings.promoApply}
          </button>
        </div>
        {problem ? (
          <p className="field__error" id={`${id}-error`} role="alert">
            {resolveMessage(strings, problem)}
            {props.tryAnother && !props.fieldError ? ` ${strings.promoTryAnother}` : ''}
          </p>
        ) : null}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {props.applied ? fill(strings.promoApplied, { code: props.applied }) : ''}
      </p>
    </section>
  );
}
