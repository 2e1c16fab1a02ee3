import './strings';
import { resolveMessage, type Strings, type UiMessage } from '../strings';

export interface NoticeItem {
  key: string;
  level: 'error' | 'warning' | 'info';
  message: UiMessage;
}

/** A reserve form's messages in a polite live region; errors are alerts. */
export function ReserveNotices({ strings, messages }: { strings: Strings; messages: readonly NoticeItem[] }) {
  return (
    <div aria-live="polite" aria-atomic="false">
      {messages.map((m) => (
        <p
          key={m.key}
          className={`message message--${m.level === 'info' ? 'success' : m.level}`}
          role={m.level === 'error' ? 'alert' : undefined}
        >
          {resolveMessage(strings, m.message)}
        </p>
      ))}
    </div>
  );
}

/** The form's footer: the total (announced as it changes) and the submit button. */
export function ReserveFooter(props: {
  strings: Strings;
  total: string;
  canSubmit: boolean;
  submitting: boolean;
}) {
  const { strings } = props;
  return (
    <div className="reserve-footer">
      <p aria-live="polite">
        <span>{strings.total}: </span>
        <strong>{props.total}</strong>
      </p>
      <button className="btn" type="submit" disabled={!props.canSubmit} aria-busy={props.submitting}>
        {props.submitting ? strings.adding : strings.addToCart}
      </button>
    </div>
  );
}
