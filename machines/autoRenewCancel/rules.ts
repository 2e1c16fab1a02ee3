/**
 * Cancel auto-renew rules (spec 3 §4 "Auto-renew"): scheduled is enrolled and may be cancelled; any other
 * state is 'not enrolled' for a logged-in member, 'not authenticated' otherwise. The confirmation names the
 * valid-to date in the format 'MMMM D, YYYY'.
 */

import { ErrorCode } from '../../domain/codes';
import { outcomeMessage } from '../../domain/error-messages/base';
import { autoRenewOutcome } from '../../domain/error-messages/membership';
import type { FlowError } from '../shared/flow-error';
import type { Message } from '../shared/messages';
import type { AutoRenewMembership } from './types';

/** Spec 3 §3: auto_renew_state scheduled = enrolled. */
export const AUTO_RENEW_SCHEDULED = 'scheduled';

export const isEnrolled = (membership: AutoRenewMembership | null): boolean =>
  membership?.autoRenewState === AUTO_RENEW_SCHEDULED;

/** Which page a loaded membership shows (spec 3 §4). */
export type AutoRenewPage = 'enrolled' | 'notEnrolled' | 'notAuthenticated';
export function autoRenewPage(membership: AutoRenewMembership | null, loggedIn: boolean): AutoRenewPage {
  if (isEnrolled(membership)) return 'enrolled';
  return loggedIn ? 'notEnrolled' : 'notAuthenticated';
}

/** A call refused for want of a session (or of the right one). */
export const isAuthError = (error: FlowError): boolean =>
  error.code === ErrorCode.login_required || error.status === 401 || error.status === 403;

/** Errors show their message (spec 3 §8 "Auto-renew"). */
export const autoRenewErrorMessage = (error: FlowError): Message =>
  outcomeMessage(autoRenewOutcome(error), 'autoRenew');

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * 'MMMM D, YYYY' of an ISO date or date-time, read from its calendar date as written (the server writes the
 * date in the seller's zone), e.g. '2027-06-30T23:59:59-04:00' → 'June 30, 2027'. Unparseable: as given.
 */
export function longDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return iso;
  return `${month} ${Number(match[3])}, ${match[1]}`;
}
