/** The promo code box in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { promoStrings } from './promo-strings';

export default {
  promoCodeLabel: 'Código promocional',
  promoApply: 'Aplicar',
  promoApplying: 'Aplicando…',
  promoApplied: 'Código promocional {code} aplicado.',
  promoCodeTooShort: 'Un código tiene al menos {min} caracteres.',
  promoCodeTooLong: 'Un código tiene como máximo {max} caracteres.',
  promoTryAnother: 'Prueba con otro.',
  blockedCodeHeading: 'Código necesario',
  blockedCodeLabel: 'Código',
} satisfies Record<keyof typeof promoStrings, string>;
