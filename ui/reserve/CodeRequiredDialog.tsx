/**
 * The 'code required' modal (spec 1 §2 "Other widgets", §4): a ticket group needs a promo code; the visitor
 * types it and applies it (the reserve is retried with it), or cancels (the chosen tickets stay in the form).
 * On the modal stack as `codeRequired`. A wrong code keeps the modal open with its message and what was typed.
 */
import { useId } from 'react';
import type { CodePromptView } from '../../machines/reserve/core/view';
import { Modal } from '../modal/Modal';
import { resolveMessage, type Strings } from '../strings';
import './strings';

/** What the prompt shows: the reserve core's view model (machines/reserve/core/view.ts), but whether it asks. */
export type CodePromptProps = Omit<CodePromptView, 'asking'>;

export interface CodeRequiredDialogProps {
  strings: Strings;
  view: CodePromptProps;
  /** Plays the close transition (the modal stack removes it after 200 ms). */
  closing?: boolean;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

export function CodeRequiredDialog({
  strings,
  view,
  closing = false,
  onChange,
  onSubmit,
  onCancel,
}: CodeRequiredDialogProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Modal
      name="codeRequired"
      title={strings.codeRequiredTitle}
      describedBy={`${id}-text`}
      size="sm"
      closeable={!view.submitting}
      closing={closing}
      onDismiss={onCancel}
      initialFocus="input"
      // The prompt opens while Add to cart is disabled (reserving): cancelling it goes back to that button.
      returnFocus='button[type="submit"][aria-busy]'
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (view.canSubmit) onSubmit();
        }}
      >
        <p id={`${id}-text`}>{resolveMessage(strings, view.message)}</p>
        <div className="field">
          <label htmlFor={`${id}-code`}>{strings.codeRequiredLabel}</label>
          <input
            id={`${id}-code`}
            name="code"
            type="text"
            autoComplete="off"
            required
            value={view.code}
            aria-invalid={view.error ? true : undefined}
            aria-describedby={view.error ? errorId : undefined}
            onChange={(e) => onChange(e.target.value)}
          />
          <p id={errorId} className="field__error" role="alert">
            {view.error ? resolveMessage(strings, view.error) : null}
          </p>
        </div>
        <div className="dialog-actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={!view.canSubmit}
            aria-busy={view.submitting || undefined}
          >
            {strings.codeRequiredApply}
          </button>{' '}
          <button type="button" className="btn btn--secondary" disabled={view.submitting} onClick={onCancel}>
            {strings.codeRequiredCancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
