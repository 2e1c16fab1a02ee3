/**
 * The home screen's texts (spec 3 §2 "Home screen texts") and the seller's presell blocks' default HTML
 * (portal strings named by the spec; sanitised; empty: nothing shown). They load with the home screen's chunk,
 * not with every page (see `ui/strings.ts`).
 */
import { defineStrings } from './strings';

export const homeStrings = defineStrings({
  homeWelcome: 'Welcome',
  homeMember: 'Already a member?',
  homeJoin: 'Become a member',
  homeGuest: 'Continue as guest',
  homeLoginAction: 'Log in',
  homeJoinAction: 'Join now',
  homeGuestAction: 'Browse events',
  homeResend: 'Resend confirmation link',
  membership_presell_intro: '',
  membership_presell_login: '<p>Log in to use your member benefits.</p>',
  membership_presell_join: '<p>Members visit free all year and get early access to special exhibitions.</p>',
  membership_presell_guest: '<p>Buy tickets without an account.</p>',
});
