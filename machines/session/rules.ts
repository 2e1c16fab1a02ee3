/** Pure rules of the member session (spec 3 §4 "Session end", §9 "Session-expiry check 1 second"). */
import type { IdentityValues } from '../checkout/types';
import type { MemberSession } from './types';

/** The session-expiry cookie is checked every second (spec 3 §9). */
export const SESSION_CHECK_MS = 1_000;

/**
 * Whether the session is still on, from the readable session-expiry cookie's value (epoch ms): alive while
 * the cookie is there and its time has not passed. A value that is not a number still counts as present.
 */
export function isSessionAlive(cookieValue: string | null, now: number): boolean {
  // No cookie, or an empty or blank one, reads as 0 (Number(null), Number('  ')): a time long past.
  const expiresAt = Number(cookieValue);
  return !Number.isFinite(expiresAt) || expiresAt > now;
}

/** The first name the header greets the member with (null: no greeting name known). */
export const firstNameOf = (session: MemberSession | null): string | null =>
  session?.member.firstName?.trim() || null;

/** Whether the member holds a membership (the my-account side menu shows 'My membership details'). */
export const hasMembership = (session: MemberSession | null): boolean =>
  (session?.memberships.length ?? 0) > 0;

/** A logged-in member's identity as the checkout form's prefill (spec 2 §6: identity from the account). */
export function checkoutPrefill(session: MemberSession | null): Partial<IdentityValues> | undefined {
  if (!session) return undefined;
  const { firstName, lastName, email } = session.member;
  const out: Partial<IdentityValues> = {};
  if (firstName) out.firstName = firstName;
  if (lastName) out.lastName = lastName;
  if (email) {
    out.email = email;
    out.emailConfirm = email;
  }
  return out;
}
