/**
 * The account menu (loaded on every page after the first paint, in its own chunk) and my account.
 * They join the catalogue when this module loads, with the views that use them (see `ui/strings.ts`).
 */
import { defineStrings } from '../strings';

export const accountMenuStrings = defineStrings({
  greeting: 'Hi, {name}',
  accountMenu: 'Account',
  membershipDetails: 'Membership details',
  myAccount: 'My account',
  logOut: 'Log out',
  register: 'Register',
  myMembershipDetails: 'My membership details',
  loginToViewAccount: 'Log in to view your account',
  membershipLevel: 'Level',
  membershipId: 'Membership ID',
  membershipExpires: 'Expires',
  notAMember: 'Not a member? Sign up now',
  // issue 26 (ours): the profile's side-menu entry, the registration link of the logged-out page
  myProfile: 'My profile',
  createAccount: 'Create an account',
});
