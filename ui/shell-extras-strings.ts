/**
 * The shell's extras (spec 3 §2 Shell: the members banner and the floating back button; issue 26). The spec
 * gives neither text: these are ours. They join the catalogue with the shell's lazy slot (routes/app/ShellSlot.tsx),
 * and a seller's portal strings may override them like any key.
 */
import { defineStrings } from './strings';

export const shellExtrasStrings = defineStrings({
  /** The floating back button's name (ours). */
  goBack: 'Go back',
  /** The members banner for a member with a current membership (ours). */
  membersBanner: 'Welcome back! Your {level} membership benefits apply to your visit.',
  /** The same when the membership's level has no name (ours). */
  membersBannerNoLevel: 'Welcome back! Your membership benefits apply to your visit.',
});
