/**
 * The terms modal's texts (spec 2 §2: Accept and Decline; the title is ours). They join the catalogue when the
 * modal loads (see `ui/strings.ts`).
 */
import { defineStrings } from '../strings';

export const termsStrings = defineStrings({
  termsTitle: 'Terms and conditions',
  termsAccept: 'Accept',
  termsDecline: 'Decline',
});
