import './strings';
import { useId } from 'react';
import { clearFieldValidity, FieldError, fieldAria } from '../form-validity';
import { resolveMessage, type Strings, type UiMessage } from '../strings';

/** One ticket's city-pass voucher field (machines/reserve/core/vouchers.ts `VoucherView`). */
export interface VoucherOption {
  ticketTypeId: string;
  index: number;
  label: UiMessage;
  value: string;
  /** The rule's verdict now: given to the browser's validity, so a submit focuses the first invalid field. */
  invalid: UiMessage | null;
  /** Shown beside the field: the rule's problem after a stopped submit, or the server's refusal. */
  error: UiMessage | null;
}

export interface VoucherFieldsProps {
  strings: Strings;
  vouchers: readonly VoucherOption[];
  onChange: (ticketTypeId: string, index: number, value: string) => void;
}

/** A voucher is at most 35 characters (domain/citypass-rule.ts VOUCHER_MAX, as a promo code). */
const MAX_LENGTH = 35;

/**
 * The city-pass voucher entry fields (spec 1 §2, §5, §8): one required field per ticket of a group that takes
 * vouchers, named 'City Pass code for City Pass Adult 1'; its error (the format message, or the server's
 * invalid_citypass / code_exhausted) shows under it, linked with aria-describedby.
 */
export function VoucherFields({ strings, vouchers, onChange }: VoucherFieldsProps) {
  const id = useId();
  if (vouchers.length === 0) return null;
  return (
    <section
      className="reserve-section vouchers"
      aria-labelledby={`${id}-h`}
      data-section="citypass-vouchers"
    >
      <h2 id={`${id}-h`}>{strings.citypassVouchers}</h2>
      <div className="form-grid">
        {vouchers.map((voucher) => {
          const key = `${id}-${voucher.ticketTypeId}-${voucher.index}`;
          return (
            <div className="field" key={key}>
              <label htmlFor={key}>{resolveMessage(strings, voucher.label)}</label>
              <input
                id={key}
                type="text"
                value={voucher.value}
                required
                maxLength={MAX_LENGTH}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                {...fieldAria(key, Boolean(voucher.error))}
                data-invalid={voucher.invalid ? resolveMessage(strings, voucher.invalid) : undefined}
                onChange={(e) => {
                  clearFieldValidity(e.currentTarget);
                  onChange(voucher.ticketTypeId, voucher.index, e.target.value);
                }}
              />
              <FieldError fieldId={key}>
                {voucher.error ? resolveMessage(strings, voucher.error) : null}
              </FieldError>
            </div>
          );
        })}
      </div>
    </section>
  );
}
