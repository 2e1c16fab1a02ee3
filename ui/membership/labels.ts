/**
 * The membership form's labels (spec 3 §2 "Membership purchase form"; ours where the spec names no text). They
 * live with the form, in its lazy chunk, not in the first-load catalogue (`ui/strings.ts`); seller portal
 * strings override any of them by key, as they do the catalogue's.
 */
import { locale } from '../strings';

export const membershipLabels = {
  membershipForm: 'Buy a membership',
  membershipChooseLevel: 'Choose a membership level',
  membershipExtend: 'Extend my membership',
  membershipMembers: 'Member details',
  membershipOptionalOne: 'Add another named member?',
  membershipOptionalMany: 'Additional named members',
  membershipUnnamed: 'Additional members',
  membershipUnnamedLess: 'Fewer additional members',
  membershipUnnamedMore: 'More additional members',
  membershipSurvey: 'A few questions',
  membershipAutoRenew: 'Renew my membership automatically each year?',
  membershipRecipient: 'Gift recipient',
  membershipFootnote: 'Memberships are valid for one year from the date of purchase.',
  membershipBuy: 'Buy membership',
  membershipRenew: 'Renew membership',
  membershipGiftButton: 'Buy gift membership',
  membershipShipping: 'Gift of a physical membership card: shipping 3-5 weeks.',
  membershipNoLevel: 'Choose a level to continue.',
  membershipLoginOrGuest: 'Log in or continue as a guest',
  membershipLoginOrGuestText: 'Log in to buy the gift from your account, or shop as a guest.',
  membershipShopAsGuest: 'Shop as a guest',
  membershipLogIn: 'Log in',
  membershipRenewLink: 'Buy or renew a membership for yourself',
  membershipCartLink: 'Go to your cart',
  yes: 'Yes',
  no: 'No',
  optional: '(optional)',
  role_member: 'Member',
  'role_second-card': 'Second card',
  'role_third-card': 'Third card',
  role_youth: 'Youth',
  role_child: 'Child',
  role_caregiver: 'Caregiver',
  role_guest: 'Guest',
  'role_additional-member': 'Additional member',
} as const;
// The labels in the visitor's locale load beside this chunk, as a flow's catalogue does (issue 26).
locale.defined?.(membershipLabels);

export type MembershipLabelKey = keyof typeof membershipLabels;
export type MembershipLabels = Record<MembershipLabelKey, string>;

/**
 * A member slot's name: its party role's label (an unknown role reads 'Member', a role key is never shown),
 * numbered from the second slot of that role.
 */
export function roleLabel(labels: MembershipLabels, role: string, ordinal = 1): string {
  const key = `role_${role}`;
  const label = key in labels ? labels[key as MembershipLabelKey] : labels.role_member;
  return ordinal > 1 ? `${label} ${ordinal}` : label;
}

/** The labels with the seller's portal strings applied (string values of known keys only). */
export function createMembershipLabels(overrides: Partial<Record<string, string>> = {}): MembershipLabels {
  const out = { ...membershipLabels } as MembershipLabels;
  for (const key of Object.keys(out) as MembershipLabelKey[])
    if (Object.hasOwn(locale.texts, key)) out[key] = locale.texts[key] as string;
  for (const [key, value] of Object.entries(overrides)) {
    if (key in out && typeof value === 'string') out[key as MembershipLabelKey] = value;
  }
  return out;
}
