/** The sandbox captcha's challenge in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { sandboxCaptchaStrings } from './sandbox-captcha-strings';

export default {
  sandboxCaptchaTitle: 'Captcha de prueba',
  sandboxCaptchaText:
    'Captcha de prueba: no hay un desafío real. Respóndelo para pagar; cerrarlo es un error de captcha; Escape lo descarta.',
  sandboxCaptchaAnswer: 'Soy humano',
  sandboxCaptchaClose: 'Cerrar el desafío',
} satisfies Record<keyof typeof sandboxCaptchaStrings, string>;
