/** The gift card field in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { giftCardStrings } from './gift-card-strings';

export default {
  giftCardLabel: 'Tarjeta regalo',
  giftCardApply: 'Aplicar tarjeta regalo',
  giftCardApplying: 'Aplicando…',
  giftCardRequired: 'Introduce el número de una tarjeta regalo.',
  giftCardDuplicate: '¡Vaya! Ya has aplicado esta tarjeta regalo',
  giftCardEmpty: 'El saldo de la tarjeta regalo es 0',
  giftCardApplied: 'Tarjeta regalo terminada en {number}: {amount}',
  giftCardsHeading: 'Tarjetas regalo aplicadas',
} satisfies Record<keyof typeof giftCardStrings, string>;
