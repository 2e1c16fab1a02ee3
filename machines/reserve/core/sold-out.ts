/**
 * A session that sold out between choosing it and reserving (spec 1 §8): the date-first and quantity-first
 * flows remember it while the day's sessions reload, then tell the visitor the session or the whole day is
 * sold out. Apart from `rules.ts` so the membership flows carry no date formatting.
 */
import { message } from '../../shared/messages';
import { errorNotice } from './rules';
import type { ReserveNotice } from './types';

/** The session whose reserve failed with event_session_sold_out, kept while its day's sessions reload. */
export interface SoldOutSession {
  sessionId: string;
  start: string;
  date: string;
}

/** The sold-out session to remember (none without a session and a date). */
export function soldOutSessionOf(
  session: { id: string; start: string } | null,
  date: string | null,
): SoldOutSession | null {
  return session && date ? { sessionId: session.id, start: session.start, date } : null;
}

/** 'Sorry, the {time} session is sold out...' for the remembered session (spec 1 §8). */
export const sessionSoldOutNotice = (soldOut: SoldOutSession | null, timezone: string): ReserveNotice =>
  errorNotice(
    'reserve.sessionSoldOut',
    message('sessionSoldOut', { time: soldOut ? { time: soldOut.start, zone: timezone } : '' }),
  );

/** 'Sorry, {date} is sold out...' for the remembered session's day (spec 1 §8). */
export const dateSoldOutNotice = (soldOut: SoldOutSession | null): ReserveNotice =>
  errorNotice('reserve.dateSoldOut', message('dateSoldOut', { date: soldOut ? { day: soldOut.date } : '' }));
