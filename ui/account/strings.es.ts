/** The account pages in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { accountStrings } from './strings';

export default {
  resendNotFound: 'No se ha encontrado ningún pedido con esta dirección de correo electrónico.',
  resetLinkInvalid: 'Este enlace para restablecer la contraseña no es válido. Puede que haya caducado.',
  emailInUse:
    'Otra cuenta de usuario usa {email}. Ponte en contacto con nosotros si necesitas unir varias cuentas.',
  emailInUseUnnamed:
    'Otra cuenta de usuario usa esta dirección de correo electrónico. Ponte en contacto con nosotros si necesitas unir varias cuentas.',
  invalidPassword: 'Contraseña no válida',
  passwordsMustMatch: 'Las contraseñas deben coincidir.',
  emailNotValid: 'La dirección de correo electrónico no es válida.',
  emailAddress: 'Correo electrónico',
  resendTitle: 'Reenviar entradas',
  resendSubmit: 'Reenviar entradas',
  resendSent: 'Hemos enviado tus entradas a {email}.',
  forgotMembershipTitle: '¿Has olvidado tu ID de miembro?',
  forgotMembershipSubmit: 'Enviarme mi ID de miembro',
  forgotPasswordTitle: '¿Has olvidado tu contraseña?',
  forgotPasswordIntro:
    'Introduce la dirección de correo electrónico de tu cuenta y te enviaremos un enlace para crear una contraseña nueva.',
  forgotPasswordSubmit: 'Enviar enlace',
  forgotPasswordSent:
    'Hemos enviado un correo con un enlace de un solo uso a {email}. Si no llega en unos minutos, revisa tu carpeta de correo no deseado. Puedes cerrar esta pestaña.',
  createNewPassword: 'Crea una contraseña nueva',
  resetFor: 'Para la cuenta {email}',
  newPassword: 'Contraseña nueva',
  confirmPassword: 'Repite la contraseña nueva',
  passwordRequirements: 'Tu contraseña debe:',
  requirementLength: 'tener al menos 8 caracteres',
  requirementNoEdgeSpace: 'no empezar ni terminar con un espacio',
  requirementPrintableAscii: 'usar solo letras, números, espacios y símbolos estándar (ASCII imprimible)',
  requirementThreeClasses:
    'usar al menos 3 de estos tipos: mayúsculas, minúsculas, números, caracteres especiales',
  requirementMet: 'cumplido',
  requirementNotMet: 'no cumplido',
  savePassword: 'Guardar contraseña',
  passwordUpdated: 'Contraseña actualizada',
  passwordUpdatedText: 'Tu contraseña nueva se ha guardado. Ya puedes iniciar sesión con ella.',
  loginButton: 'Iniciar sesión',
  invalidResetLink: 'Enlace no válido',
  sendAnotherResetLink: 'Enviar otro enlace',
  updateEmailTitle: 'Actualizar la dirección de correo electrónico',
  newEmail: 'Nueva dirección de correo electrónico',
  reenterEmail: 'Repite la dirección de correo electrónico',
  updateAndContinue: 'Actualizar y continuar',
  setEmailLoggedOut: 'Inicia sesión para actualizar la dirección de correo electrónico de tu cuenta.',
  setEmailSentTitle: 'Revisa tu bandeja de entrada',
  setEmailSent:
    'Hemos enviado un enlace de confirmación a {email}. Tu dirección cambiará cuando lo abras (en un plazo de 24 horas). Si no llega en unos minutos, revisa tu carpeta de correo no deseado.',
  limitedSession:
    'Has iniciado sesión con tu ID de miembro. Para cambiar tu dirección de correo electrónico, inicia sesión con tu correo y tu contraseña.',
  registerTitle: 'Crear una cuenta',
  registerIntro: '¿Ya tienes una cuenta?',
  registerPassword: 'Contraseña',
  registerPasswordConfirm: 'Vuelve a introducir la contraseña',
  passwordRequired: 'Introduce una contraseña.',
  registerSubmit: 'Crear cuenta',
  registerEmailInUse:
    'Ya hay una cuenta con {email}. Inicia sesión con ella, o usa «¿Has olvidado tu contraseña?» si no recuerdas su contraseña.',
  registerCreatedTitle: 'Tu cuenta está creada',
  registerCreated:
    'Hemos enviado un enlace a {email} para confirmar tu dirección de correo electrónico. Inicia sesión para continuar.',
  profileTitle: 'Mi perfil',
  profileSubmit: 'Guardar cambios',
  profileSaved: 'Tu perfil está guardado.',
  profileEmail: 'Correo electrónico: {email}',
  profileChangeEmail: 'Cambiar la dirección de correo electrónico',
  profileLoggedOut: 'Inicia sesión para editar tu perfil.',
  verifyEmailTitle: 'Confirmar la dirección de correo electrónico',
  verifyingEmail: 'Confirmando tu dirección de correo electrónico…',
  emailVerified: 'Dirección de correo electrónico confirmada',
  emailVerifiedText: 'Gracias: tu dirección de correo electrónico está confirmada.',
  invalidVerifyLink: 'Enlace no válido',
  verifyLinkInvalid: 'Este enlace no es válido. Puede que haya caducado o que ya se haya usado.',
  verifyAgain: 'Vuelve a actualizar tu dirección de correo electrónico',
  accountContinue: 'Continuar',
  before_resend_tickets:
    'Introduce la dirección de correo electrónico que usaste en tu pedido y te volveremos a enviar las entradas.',
  forgot_membership_instructions:
    'Introduce la dirección de correo electrónico de tu membresía y te enviaremos tu ID de miembro.',
  forgot_membership_message:
    'Si alguna membresía usa {email}, le hemos enviado su ID de miembro. Revisa tu bandeja de entrada y tu carpeta de correo no deseado.',
  forgot_password_contact_details: '',
} satisfies Record<keyof typeof accountStrings, string>;
