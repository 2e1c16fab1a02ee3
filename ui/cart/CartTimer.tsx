import './strings';
import { fill, resolveMessage, type Strings, type UiMessage } from '../strings';

/** 'More time' (WCAG 2.2.1 Timing Adjustable): offered from 2 minutes before expiry when the seller allows it. */
export interface MoreTimeView {
  /** Show the 'More time' button. */
  offered: boolean;
  /** The extension request is running: the button waits. */
  busy: boolean;
  /** The last extension's outcome to announce (granted, or why no more time can be added), or null. */
  message: UiMessage | null;
}

export interface ExpiryTimerView {
  /** 'm:ss', from the view model. */
  label: string;
  style: 'normal' | 'warning' | 'error';
  /** Screen-reader announcement at the 5- and 2-minute marks (the catalogue key), or null. */
  announcement: 'fiveMinutesLeft' | 'twoMinutesLeft' | null;
  /** Absent in older view models: no 'more time'. */
  moreTime?: MoreTimeView;
}

export interface CartTimerProps {
  strings: Strings;
  /** Null hides the timer (over 20 minutes left, or no expiring cart); the live regions stay mounted. */
  timer: ExpiryTimerView | null;
  /** The visitor asks for more time. */
  onExtend?: () => void;
}

/**
 * The cart's expiry timer (spec 2 §4): the visible 'm:ss' is hidden from screen readers (it changes every
 * second); a polite live region carries the 5- and 2-minute announcements only, so it speaks at the marks.
 * From 2 minutes before expiry a 'More time' button asks the server to extend the hold; its outcome is
 * announced in a second polite region.
 */
export function CartTimer({ strings, timer, onExtend }: CartTimerProps) {
  const moreTime = timer?.moreTime;
  return (
    <div className="cart-timer">
      {timer ? (
        <p className={`timer timer--${timer.style}`} data-timer-style={timer.style}>
          <span aria-hidden="true">{fill(strings.expiresIn, { time: timer.label })}</span>
        </p>
      ) : null}
      {timer && moreTime?.offered && onExtend ? (
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={moreTime.busy}
          aria-disabled={moreTime.busy}
          onClick={onExtend}
        >
          {strings.moreTime}
        </button>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {timer?.announcement ? strings[timer.announcement] : ''}
      </p>
      <p className="cart-timer__message" role="status" aria-live="polite">
        {timer && moreTime?.message ? resolveMessage(strings, moreTime.message) : ''}
      </p>
    </div>
  );
}
