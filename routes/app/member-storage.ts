/**
 * The member session in local storage (spec 1 §3, spec 3 §3 "Local stored state ... shared across tabs"):
 * versioned and validated with zod when read back (anything else reads as no member), written through the
 * tolerant storage (private modes, disabled storage).
 */
import * as z from 'zod/mini';
import type { MemberSession } from '../../machines/session/types';
import type { Storage } from '../storage';

export const memberKey = (sellerId: string) => `tix:${sellerId}:member`;

/** The version of the stored shape; a stored value of another version is ignored. */
export const MEMBER_STORAGE_VERSION = 1;

const text = z.string().check(z.maxLength(1000));
const nullableText = z.nullable(text);
const stored = z.object({
  v: z.literal(MEMBER_STORAGE_VERSION),
  session: z.object({
    via: z.enum(['credentials', 'oidc']),
    member: z.object({
      userId: text,
      identityId: text,
      email: nullableText,
      firstName: nullableText,
      lastName: nullableText,
      hasPassword: z.boolean(),
      needsEmail: z.boolean(),
      meta: z.record(z.string(), text),
    }),
    memberships: z.array(
      z.object({
        id: text,
        identityId: text,
        memberId: text,
        role: text,
        levelName: text,
        autoRenewState: text,
        validFrom: text,
        validTo: text,
        purchaseLimit: z.nullable(z.number()),
        ticketOrderId: nullableText,
        ticketGroupId: nullableText,
      }),
    ),
  }),
});

/** The stored member session, or null (none, unreadable, another version, or not valid). */
export function readMemberSession(storage: Storage, sellerId: string): MemberSession | null {
  return parseMemberSession(storage.get(memberKey(sellerId)));
}

/** A raw stored value (or a storage event's newValue) as a member session, or null. */
export function parseMemberSession(raw: string | null): MemberSession | null {
  if (raw === null) return null;
  try {
    const result = z.safeParse(stored, JSON.parse(raw));
    return result.success ? (result.data.session as MemberSession) : null;
  } catch {
    return null;
  }
}

/** Saves the member session (null removes it). */
export function writeMemberSession(storage: Storage, sellerId: string, session: MemberSession | null): void {
  storage.set(
    memberKey(sellerId),
    session === null ? null : JSON.stringify({ v: MEMBER_STORAGE_VERSION, session }),
  );
}
