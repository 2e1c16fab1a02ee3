/** Checkout's donation form in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { donationStrings } from './donation-strings';

export default {
  donationTitle: 'Añadir un donativo',
  donationOwnAmountRange: 'De {min} a {max}',
  donationAdd: 'Añadir donativo',
  donationUpdate: 'Actualizar donativo',
  donationRemove: 'Quitar donativo',
  donationSaving: 'Actualizando tu carrito…',
  donationInCart: 'Tu donativo en el carrito: {amount}',
  donationAdded: '¡Gracias! Tu donativo de {amount} está en tu carrito.',
  donationRemoved: 'Se ha quitado tu donativo de {amount} del carrito.',
} satisfies Record<keyof typeof donationStrings, string>;
