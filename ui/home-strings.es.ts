/** The home screen's texts in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { homeStrings } from './home-strings';

export default {
  homeWelcome: 'Bienvenido',
  homeMember: '¿Ya eres miembro?',
  homeJoin: 'Hazte miembro',
  homeGuest: 'Continuar como invitado',
  homeLoginAction: 'Iniciar sesión',
  homeJoinAction: 'Hazte miembro ya',
  homeGuestAction: 'Ver eventos',
  homeResend: 'Reenviar el enlace de confirmación',
  membership_presell_intro: '',
  membership_presell_login: '<p>Inicia sesión para disfrutar de tus ventajas de miembro.</p>',
  membership_presell_join:
    '<p>Los miembros entran gratis todo el año y tienen acceso anticipado a las exposiciones especiales.</p>',
  membership_presell_guest: '<p>Compra entradas sin crear una cuenta.</p>',
} satisfies Record<keyof typeof homeStrings, string>;
