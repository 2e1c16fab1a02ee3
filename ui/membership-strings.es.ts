/** The membership pages and messages in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { membershipPageDefaults } from './membership-strings';

export default {
  giftCodeInvalid: 'Introduce un código válido',
  giftCodeExpired: 'Este código ha caducado',
  giftCodeRedeemed: 'Este código ya se ha canjeado',
  giftSelf: 'No puedes regalarte una membresía a ti mismo. ¿Quieres comprar o renovar tu propia membresía?',
  autoRenewContact: 'Ponte en contacto con nosotros para activar la renovación automática de tu membresía.',
  redeemNoLevels: 'Las membresías no están disponibles en este momento.',
  redeemCartAction: 'Antes de canjear una membresía, tienes que resolver tu carrito actual.',
  membersRequired: 'Se necesita al menos un miembro para comprar una membresía',
  membershipsUnavailable: 'Las membresías no están disponibles en este momento.',
  giftCartNotEmpty:
    'Tu carrito ya contiene artículos. Finaliza la compra o vacía el carrito antes de comprar una membresía de regalo.',
  answerRequired: 'Responde a esta pregunta.',
  membershipDetailsMembers: 'Miembros',
  membershipResend: 'Reenviar el correo de confirmación',
  membershipRenew: 'Renovar membresía',
  membershipResent: 'Hemos enviado la confirmación de tu membresía a tu dirección de correo electrónico.',
  autoRenewTitle: 'Renovación automática',
  autoRenewEnrolled: 'Activada',
  autoRenewEnrolledCard: 'Activada (tarjeta {card})',
  autoRenewCancelledState: 'Cancelada',
  autoRenewNotEnrolledState: 'No activada',
  cancelAutoRenew: 'Cancelar la renovación automática',
  membersOnlyTitle: '¡Lo sentimos! Este evento es solo para miembros',
  membersOnlyPrompt: 'Inicia sesión con tu membresía para reservar este evento, o hazte miembro.',
  membersOnlyLogIn: 'Iniciar sesión',
  membersOnlySignUp: 'Hacerse miembro',
  membersOnlyExpired:
    'Tu membresía ha caducado. Renueva tu membresía para reservar este evento solo para miembros.',
  membersOnlyRenew: 'Renovar membresía',
  membershipRenewBeforeVisit:
    'Tu membresía caduca antes de tu visita. Renuévala para conservar tus ventajas de miembro ese día.',
  redeemTitle: 'Canjear una membresía de regalo',
  giftCode: 'Código regalo',
  giftCodeHint: 'El código de 10 caracteres de tu correo de regalo',
  giftCodeSubmit: 'Enviar',
  redeemLevels: 'Nivel de membresía',
  redeemLevelPrice: '{price} (antes {amount})',
  redeemSubmit: 'Canjear membresía',
  redeemMember: 'Miembro',
  redeemCartTitle: 'Tu carrito ya contiene una membresía',
  redeemDiscard: 'Descartar',
  redeemCheckout: 'Pagar',
  autoRenewCancelTitle: 'Cancelar la renovación automática',
  autoRenewCancelBody:
    'Tu membresía ya no se renovará automáticamente al caducar. Sigue siendo válida hasta entonces y puedes renovarla tú mismo en cualquier momento.',
  autoRenewConfirm: 'Confirmar la baja',
  autoRenewCancelDone:
    'La renovación automática de tu membresía {level} está cancelada. Sigue siendo válida hasta el {date}.',
  autoRenewDone: 'Hecho',
  autoRenewBack: 'Cancelar',
  autoRenewNotEnrolled: 'Esta membresía no tiene activada la renovación automática.',
  autoRenewNotAuthenticated:
    'Inicia sesión como titular de la membresía para gestionar su renovación automática.',
  retry: 'Reintentar',
} satisfies Record<keyof typeof membershipPageDefaults, string>;
