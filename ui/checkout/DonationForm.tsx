import '../form-strings';
import './donation-strings';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { formatMoney } from '../format';
import { fill, resolveMessage, type Strings, type UiMessage } from '../strings';

/** A preset amount: a button, pressed when it is the choice. */
export interface DonationPresetProps {
  ticketTypeId: string;
  name: string;
  amountCents: number;
  pressed: boolean;
}

/** The visitor's own amount (a flexible-price type: its bounds, what was typed, its problem). */
export interface DonationOwnAmountProps {
  ticketTypeId: string;
  name: string;
  value: string;
  minCents: number | null;
  maxCents: number | null;
  chosen: boolean;
  error: UiMessage | null;
}

export interface DonationFormProps {
  strings: Strings;
  currency: string;
  /** The donation group's description (seller text, shown as text). */
  description: string | null;
  presets: DonationPresetProps[];
  ownAmount: DonationOwnAmountProps | null;
  inCartCents: number | null;
  submitKind: 'add' | 'update';
  canSubmit: boolean;
  canRemove: boolean;
  busy: boolean;
  error: UiMessage | null;
  notice: { kind: 'added' | 'removed'; amountCents: number } | null;
  /** Changes on each refusal: focus goes to the message (or the own amount when it is the problem). */
  errorVersion: number;
  onChoose: (ticketTypeId: string) => void;
  onAmountChange: (value: string) => void;
  onSubmit: () => void;
  onRemove: () => void;
}

/**
 * Checkout's donation form (spec 2 §2; issue 23): a labelled group inside the checkout form. The preset amounts
 * are toggle buttons (aria-pressed), the own amount a labelled input with its bounds; Enter in it adds the
 * donation, it does not submit the payment. The result is announced (a status for a change made, an alert for a
 * refusal, which also takes focus).
 */
export function DonationForm(props: DonationFormProps) {
  const { strings, currency } = props;
  const money = (cents: number) => formatMoney(cents, currency);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const own = props.ownAmount;
  // Moves focus once per refusal (errorVersion), never on a re-render with the same refusal.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the own amount's error is read for the refusal errorVersion names
  useEffect(() => {
    if (props.errorVersion === 0) return;
    if (own?.error) inputRef.current?.focus();
    else errorRef.current?.focus();
  }, [props.errorVersion]);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (props.canSubmit) props.onSubmit();
  };
  const hintId = 'donation-own-hint';
  const ownErrorId = 'donation-own-error';
  return (
    <fieldset className="form-section donation-form" style={{ border: 'none', padding: 0 }}>
      <legend>
        <h2 style={{ fontSize: '1.2rem' }}>{strings.donationTitle}</h2>
      </legend>
      {props.description ? <p>{props.description}</p> : null}
      <div className="donation-form__amounts">
        {props.presets.map((preset) => (
          <button
            key={preset.ticketTypeId}
            type="button"
            className="btn btn--secondary filter-chip"
            aria-pressed={preset.pressed}
            disabled={props.busy}
            onClick={() => props.onChoose(preset.ticketTypeId)}
          >
            {money(preset.amountCents)} <span className="donation-form__name">{preset.name}</span>
          </button>
        ))}
      </div>
      {own ? (
        <div className="field">
          <label htmlFor="donation-own-amount">{own.name}</label>
          <input
            ref={inputRef}
            id="donation-own-amount"
            name="donationAmount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={own.value}
            disabled={props.busy}
            aria-invalid={own.error ? true : undefined}
            aria-describedby={own.error ? `${hintId} ${ownErrorId}` : hintId}
            onFocus={() => {
              if (!own.chosen) props.onChoose(own.ticketTypeId);
            }}
            onInput={(e) => props.onAmountChange((e.target as HTMLInputElement).value)}
            onKeyDown={onKeyDown}
          />
          <p id={hintId} className="field__hint">
            {fill(strings.donationOwnAmountRange, {
              min: money(own.minCents ?? 0),
              max: own.maxCents === null ? '' : money(own.maxCents),
            })}
          </p>
          {own.error ? (
            <p id={ownErrorId} className="field__error" role="alert">
              {resolveMessage(strings, own.error)}
            </p>
          ) : null}
        </div>
      ) : null}
      {props.inCartCents !== null ? (
        <p>{fill(strings.donationInCart, { amount: money(props.inCartCents) })}</p>
      ) : null}
      <div className="donation-form__actions">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!props.canSubmit}
          aria-disabled={props.busy ? true : undefined}
          onClick={props.onSubmit}
        >
          {props.busy
            ? strings.donationSaving
            : props.submitKind === 'update'
              ? strings.donationUpdate
              : strings.donationAdd}
        </button>
        {props.canRemove ? (
          <button type="button" className="btn btn--link" onClick={props.onRemove}>
            {strings.donationRemove}
          </button>
        ) : null}
      </div>
      {props.error ? (
        <p ref={errorRef} className="message message--error" role="alert" tabIndex={-1}>
          {resolveMessage(strings, props.error)}
        </p>
      ) : null}
      <div role="status">
        {props.notice ? (
          <p className="message message--success">
            {fill(props.notice.kind === 'added' ? strings.donationAdded : strings.donationRemoved, {
              amount: money(props.notice.amountCents),
            })}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
