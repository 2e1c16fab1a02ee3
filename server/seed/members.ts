/**
 * Demo members (idempotent): a member for each login mode, a guest account without a password, a member
 * without an email (the no-email placeholder), a password account without a membership, and the seller's
 * login configuration (shown mode `password`; every credential kind accepted, so tests switch the shown mode).
 */
import { inArray } from 'drizzle-orm';
import { AUTHENTICATION_CONFIG_KEY, type AuthenticationConfig, NO_EMAIL_PREFIX } from '../../api/schemas';
import type { Db } from '../db';
import { ACCOUNT_FORM_KEY } from '../members/account-form';
import { emailKey, hashPassword } from '../members/auth';
import { SANDBOX_IDP_USER } from '../members/oidc';
import { memberMembership, memberUser } from '../members/schema';
import * as t from '../schema';
import { DEMO_SLUG, seedIdOf } from './ids';

/** The password of every seeded account that has one. */
export const DEMO_MEMBER_PASSWORD = 'Museum-Pass1';

interface MemberSeed {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  password: boolean;
  zip: string;
  /** Member ID of the membership, or null: no membership. */
  scanCode: string | null;
  level: string;
}

/** The seeded accounts, by the login mode they are meant for. */
export const DEMO_MEMBERS = {
  password: {
    key: 'password',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada.member@example.com',
    password: true,
    zip: '10001',
    scanCode: '100001',
    level: 'Family',
  },
  scanCode: {
    key: 'scan-code',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace.member@example.com',
    password: false,
    zip: '10024',
    scanCode: '200002',
    level: 'Individual',
  },
  scanCodeLastName: {
    key: 'scan-code-last-name',
    firstName: 'Marie',
    lastName: 'Curie',
    email: 'marie.member@example.com',
    password: false,
    zip: '10128',
    scanCode: '300003',
    level: 'Dual',
  },
  scanCodePassword: {
    key: 'scan-code-password',
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan.member@example.com',
    password: true,
    zip: '10011',
    scanCode: '400004',
    level: 'Patron',
  },
  oidc: {
    key: 'oidc',
    firstName: SANDBOX_IDP_USER.given_name,
    lastName: SANDBOX_IDP_USER.family_name,
    email: SANDBOX_IDP_USER.email,
    password: false,
    zip: '10003',
    scanCode: '600006',
    level: 'Individual',
  },
  /** A guest account: has an email, no password (login answers guest_account). */
  guest: {
    key: 'guest',
    firstName: 'Gus',
    lastName: 'Guest',
    email: 'guest.account@example.com',
    password: false,
    zip: '10002',
    scanCode: null,
    level: '',
  },
  /** No real email: the placeholder prefix (logs in by member ID and ZIP, then must set an email). */
  noEmail: {
    key: 'no-email',
    firstName: 'Nora',
    lastName: 'Noemail',
    email: `${NO_EMAIL_PREFIX}500005@example.invalid`,
    password: false,
    zip: '10009',
    scanCode: '500005',
    level: 'Individual',
  },
  /** A second member without a real email: the account-pages e2e sets one, so the login e2e keeps Nora's. */
  noEmailToSet: {
    key: 'no-email-to-set',
    firstName: 'Noel',
    lastName: 'Noemail',
    email: `${NO_EMAIL_PREFIX}500006@example.invalid`,
    password: false,
    zip: '10011',
    scanCode: '500006',
    level: 'Individual',
  },
  /** A password account without a membership. */
  nonMember: {
    key: 'non-member',
    firstName: 'Nico',
    lastName: 'Visitor',
    email: 'nico.visitor@example.com',
    password: true,
    zip: '10010',
    scanCode: null,
    level: '',
  },
} as const satisfies Record<string, MemberSeed>;

/** The seeded members' ids at the seller `slug` (server/seed/ids.ts). */
export function memberIdsOf(slug: string) {
  const id = seedIdOf(slug);
  return {
    identity: (key: string) => id(`identity:member:${key}`),
    user: (key: string) => id(`user:member:${key}`),
    membership: (key: string) => id(`membership:member:${key}`),
  };
}

export const demoMemberIds = memberIdsOf(DEMO_SLUG);

export const DEMO_AUTHENTICATION: AuthenticationConfig = {
  method: 'password',
  methods: ['password', 'scan_code', 'scan_code_last_name', 'scan_code_password', 'oidc'],
};

/**
 * The demo's account form (issue 26): the seller's custom identity fields of registration and profile edit
 * (config row `identity_form`, server/members/account-form.ts): phone, country, the state where the country
 * has states, and the ZIP or postal code.
 */
export const DEMO_ACCOUNT_FORM = [
  { key: 'phone' },
  { key: 'country' },
  { key: 'state', required: true },
  { key: 'zip_code' },
];

const DAY = 24 * 60 * 60 * 1000;

export async function seedMembers(
  db: Db,
  sellerId: string,
  nowMs: number,
  slug: string = DEMO_SLUG,
): Promise<void> {
  const id = seedIdOf(slug);
  const demoMemberIds = memberIdsOf(slug);
  await db
    .insert(t.config)
    .values({
      id: id(`config:${sellerId}:${AUTHENTICATION_CONFIG_KEY}`),
      resource: 'seller',
      resourceId: sellerId,
      key: AUTHENTICATION_CONFIG_KEY,
      value: DEMO_AUTHENTICATION,
    })
    .onConflictDoNothing();
  await db
    .insert(t.config)
    .values({
      id: id(`config:${sellerId}:${ACCOUNT_FORM_KEY}`),
      resource: 'seller',
      resourceId: sellerId,
      key: ACCOUNT_FORM_KEY,
      value: DEMO_ACCOUNT_FORM,
    })
    .onConflictDoNothing();
  const seeds: MemberSeed[] = Object.values(DEMO_MEMBERS);
  const existing = await db
    .select({ id: memberUser.id })
    .from(memberUser)
    .where(
      inArray(
        memberUser.id,
        seeds.map((m) => demoMemberIds.user(m.key)),
      ),
    );
  const have = new Set(existing.map((u) => u.id));
  // One hash for every demo member (they share the published password; an N=2^17 hash takes up to a second or more).
  let passwordHash: string | null = null;
  for (const m of seeds) {
    if (have.has(demoMemberIds.user(m.key))) continue;
    if (m.password && passwordHash === null) passwordHash = await hashPassword(DEMO_MEMBER_PASSWORD);
    const identityId = demoMemberIds.identity(m.key);
    await db
      .insert(t.identity)
      .values({
        id: identityId,
        sellerId,
        type: 'member',
        firstName: m.firstName,
        lastName: m.lastName,
        email: m.email,
        createdAt: new Date(nowMs),
      })
      .onConflictDoNothing();
    await db
      .insert(t.meta)
      .values({
        id: id(`meta:identity:${m.key}:zip_code`),
        resource: 'identity',
        resourceId: identityId,
        key: 'zip_code',
        value: m.zip,
      })
      .onConflictDoNothing();
    if (m.scanCode)
      await db
        .insert(memberMembership)
        .values({
          id: demoMemberIds.membership(m.key),
          sellerId,
          identityId,
          scanCode: m.scanCode,
          role: 'primary',
          levelName: m.level,
          autoRenewState: 'scheduled',
          validFrom: new Date(nowMs - 100 * DAY),
          validTo: new Date(nowMs + 265 * DAY),
          purchaseLimit: null,
          ticketOrderId: null,
          ticketGroupId: null,
        })
        .onConflictDoNothing();
    await db
      .insert(memberUser)
      .values({
        id: demoMemberIds.user(m.key),
        sellerId,
        identityId,
        email: m.email,
        emailKey: emailKey(m.email),
        passwordHash: m.password ? passwordHash : null,
        testAccount: false,
        createdAt: new Date(nowMs),
        // Demo members proved their address (the placeholder is none).
        emailVerifiedAt: m.email.startsWith(NO_EMAIL_PREFIX) ? null : new Date(nowMs),
      })
      .onConflictDoNothing();
  }
}
