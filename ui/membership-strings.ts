/**
 * The texts of the membership pages (redeem, cancel auto-renew, membership details, the members-only prompt)
 * and the membership flows' messages (spec 3 §5, §8), kept out of the shell's catalogue so no first load
 * carries them: only those pages' lazy chunks import this module. Seller portal strings override these keys
 * as any other (`createStrings` keeps every override).
 */
import './form-strings';
import { defineStrings, type Strings } from './strings';

export const membershipPageDefaults = defineStrings({
  // membership messages machines carry (spec 3 §5, §8; ours where the spec names no text)
  giftCodeInvalid: 'You must enter a valid code',
  giftCodeExpired: 'This code has expired',
  giftCodeRedeemed: 'This code has already been redeemed',
  giftSelf: 'You can not gift membership to yourself. Do you want to buy or renew membership for yourself?',
  autoRenewContact: 'Please contact us to enrol your membership for auto-renew.',
  redeemNoLevels: 'Memberships are not available at this time.',
  redeemCartAction: 'You need to take action on your current cart before you can redeem a membership.',
  membersRequired: 'At least one member is required to purchase a membership',
  membershipsUnavailable: 'Memberships are not available at this time.',
  giftCartNotEmpty:
    'Your cart already holds items. Check out or empty your cart before buying a gift membership.',
  answerRequired: 'Please answer this question.',
  // membership details (spec 3 §2; the labels the spec does not word are ours)
  membershipDetailsMembers: 'Members',
  membershipResend: 'Resend confirmation email',
  membershipRenew: 'Renew membership',
  membershipResent: 'We sent your membership confirmation to your email address.',
  autoRenewTitle: 'Auto-renew',
  autoRenewEnrolled: 'Enrolled',
  autoRenewEnrolledCard: 'Enrolled (card {card})',
  autoRenewCancelledState: 'Cancelled',
  autoRenewNotEnrolledState: 'Not enrolled',
  cancelAutoRenew: 'Cancel auto renew',
  // members-only events (spec 1 §2, spec 3 §2; verbatim where the spec words it)
  membersOnlyTitle: 'Sorry! This event is members only',
  membersOnlyPrompt: 'Log in with your membership to book this event, or become a member.',
  membersOnlyLogIn: 'Log in',
  membersOnlySignUp: 'Sign up',
  membersOnlyExpired: 'Your membership has expired. Renew your membership to book this members-only event.',
  membersOnlyRenew: 'Renew membership',
  membershipRenewBeforeVisit:
    'Your membership expires before your visit. Renew your membership to keep your member benefits on the day.',
  // redeem a gift membership (spec 3 §2, §5, §8; verbatim where the spec words it)
  redeemTitle: 'Redeem a gift membership',
  giftCode: 'Gift code',
  giftCodeHint: 'The 10-character code from your gift email',
  giftCodeSubmit: 'Submit',
  redeemLevels: 'Membership level',
  redeemLevelPrice: '{price} (was {amount})',
  redeemSubmit: 'Redeem membership',
  redeemMember: 'Member',
  redeemCartTitle: 'Your cart already holds a membership',
  redeemDiscard: 'Discard',
  redeemCheckout: 'Checkout',
  // cancel auto-renew (spec 3 §2, §4, §8; verbatim where the spec words it)
  autoRenewCancelTitle: 'Cancel auto-renew',
  autoRenewCancelBody:
    'Your membership will no longer renew automatically when it expires. It stays valid until then, and you can renew it yourself at any time.',
  autoRenewConfirm: 'Confirm unenrolment',
  autoRenewCancelDone: 'Auto-renew is cancelled for your {level} membership. It stays valid until {date}.',
  autoRenewDone: 'Done',
  autoRenewBack: 'Cancel',
  autoRenewNotEnrolled: 'This membership is not enrolled in auto-renew.',
  autoRenewNotAuthenticated: 'Please log in as the member to manage auto-renew for this membership.',
  retry: 'Try again',
});

export type MembershipPageStrings = Strings;

/**
 * The catalogue with the membership pages' texts: they joined it when this module loaded (the catalogue's
 * overrides stay on top), so this is the catalogue itself; kept for the pages that call it.
 */
export const withMembershipStrings = (strings: Strings): MembershipPageStrings => strings;
