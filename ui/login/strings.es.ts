/** The login form and the identity provider's pages in Spanish (issue 26; ours): only for a visitor in Spanish. */
import type { loginStrings } from './strings';

export default {
  guestAccount:
    '¡Vaya! Aún no has creado una contraseña. Revisa tu bandeja de entrada: te hemos enviado las instrucciones para crearla. Después, vuelve a intentarlo.',
  incorrectPassword: 'La contraseña no es correcta. Vuelve a intentarlo.',
  memberNotFoundZip: 'No encontramos tus datos de miembro. Comprueba tu ID de miembro y tu código postal.',
  memberNotFoundLastName: 'No encontramos tus datos de miembro. Comprueba tu ID de miembro y tus apellidos.',
  memberNotFoundEmail:
    'No encontramos tus datos de miembro. Comprueba tu correo electrónico y tu ID de miembro.',
  loginDisabled: 'El inicio de sesión está desactivado',
  tooManyAttempts: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
  accountLogin: 'Acceso a tu cuenta',
  memberId: 'ID de miembro',
  zipCode: 'Código postal',
  loggingIn: 'Iniciando sesión…',
  forgotPassword: '¿Has olvidado tu contraseña?',
  forgotMembership: '¿Has olvidado tu ID de miembro?',
  loginCookiesDisabled: 'Activa las cookies y recarga la página para iniciar sesión.',
  providerCookies: 'Activa las cookies y vuelve a intentarlo.',
  providerInitFailed: 'No se pudo iniciar Auth0. Vuelve a intentarlo.',
  providerInvalidState: 'No se pudo completar este inicio de sesión. Volviendo atrás…',
  providerCompleting: 'Completando tu inicio de sesión…',
} satisfies Record<keyof typeof loginStrings, string>;
