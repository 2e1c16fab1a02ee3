import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import type { cartMachine } from './cart.machine';
import { MORE_TIME_FROM_S, TIMER_ERROR_UNDER_S, TIMER_SHOWN_UNDER_S, TIMER_WARNING_UNDER_S } from './rules';
import type { FlowError } from './types';

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

export type ExpiryTimerStyle = 'normal' | 'warning' | 'error';

export interface ExpiryTimerView {
  /** Whole seconds left (never negative). */
  secondsLeft: number;
  /** 'm:ss', e.g. '4:59'. */
  label: string;
  style: ExpiryTimerStyle;
  /**
   * Catalogue key for a polite live region: null above 5 minutes, then the 5-minute text until the 2-minute
   * mark, then the 2-minute text. It changes only at the marks, so the live region announces each mark once.
   */
  announcement: 'fiveMinutesLeft' | 'twoMinutesLeft' | null;
  /** 'More time' (WCAG 2.2.1). */
  moreTime: MoreTimeView;
}

export interface MoreTimeView {
  /** The button shows: under 2 minutes left, the seller allows it and the server has not refused. */
  offered: boolean;
  /** Asking the server: the button waits. */
  busy: boolean;
  /** The outcome to announce (granted, refused, failed), or null. */
  message: Message | null;
}

const NO_MORE_TIME: MoreTimeView = { offered: false, busy: false, message: null };

// The current cart, its ticket count and id, and whether it is loading: in current.ts, so a first load (and
// checkout) carries only them.
export { selectCart, selectCartId, selectIsLoading, selectTicketCount } from './current';

export const selectIsRemoving = (snapshot: CartSnapshot): boolean => snapshot.hasTag('submitting');

/** The cart-expiry modal is open. */
export const selectExpiryModalOpen = (snapshot: CartSnapshot): boolean => snapshot.matches('expired');

/** The last failed load, refresh or removal. */
export const selectCartError = (snapshot: CartSnapshot): FlowError | null => snapshot.context.error;

/** Epoch ms of the watcher's last tick: a `now` for views that re-render on every tick. */
export const selectTickedAt = (snapshot: CartSnapshot): number | null => snapshot.context.tickedAt;

/** Whole seconds until the local expiry (0 once reached), or null without an active, expiring cart. */
export function secondsLeft(snapshot: CartSnapshot, now: number): number | null {
  const deadline = snapshot.context.localExpiresAt;
  if (deadline === null || !(snapshot.matches('active') || snapshot.matches('expired'))) return null;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Timer view for `seconds` left: shown only under 20 minutes; warning under 5, error under 2. */
export function expiryTimerFor(
  seconds: number | null,
  moreTime: MoreTimeView = NO_MORE_TIME,
): ExpiryTimerView | null {
  if (seconds === null || seconds >= TIMER_SHOWN_UNDER_S) return null;
  const style: ExpiryTimerStyle =
    seconds < TIMER_ERROR_UNDER_S ? 'error' : seconds < TIMER_WARNING_UNDER_S ? 'warning' : 'normal';
  const announcement =
    seconds < TIMER_ERROR_UNDER_S
      ? 'twoMinutesLeft'
      : seconds < TIMER_WARNING_UNDER_S
        ? 'fiveMinutesLeft'
        : null;
  const label = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return { secondsLeft: seconds, label, style, announcement, moreTime };
}

/** The expiry timer of the cart widget, or null when hidden. Call with the tick time (`selectTickedAt`). */
export function selectExpiryTimer(snapshot: CartSnapshot, now: number): ExpiryTimerView | null {
  const seconds = secondsLeft(snapshot, now);
  return expiryTimerFor(seconds, selectMoreTime(snapshot, seconds));
}

/** 'More time' for `seconds` left: offered from 2 minutes before expiry while the cart is active. */
export function selectMoreTime(snapshot: CartSnapshot, seconds: number | null): MoreTimeView {
  const { allowed, status, message } = snapshot.context.extension;
  const busy = status === 'extending';
  const inWindow = seconds !== null && seconds < MORE_TIME_FROM_S;
  const offered = allowed && status !== 'refused' && snapshot.matches('active') && (inWindow || busy);
  return { offered, busy, message };
}
