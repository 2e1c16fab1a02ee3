/** The terms dialog in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { termsStrings } from './terms-strings';

export default {
  termsTitle: 'Términos y condiciones',
  termsAccept: 'Aceptar',
  termsDecline: 'Rechazar',
} satisfies Record<keyof typeof termsStrings, string>;
