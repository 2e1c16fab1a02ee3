/** The forms' field messages in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { formStrings } from './form-strings';

export default {
  emailsMustMatch: 'Las direcciones de correo electrónico deben coincidir.',
  firstNameRequired: 'Introduce tu nombre.',
  firstNameTooLong: 'El nombre debe tener como máximo {max} caracteres.',
  lastNameRequired: 'Introduce tus apellidos.',
  lastNameTooLong: 'Los apellidos deben tener como máximo {max} caracteres.',
  emailRequired: 'Introduce tu dirección de correo electrónico.',
  emailTooLong: 'El correo electrónico debe tener como máximo {max} caracteres.',
  emailInvalid: 'Introduce una dirección de correo electrónico válida.',
  inputEmpty: 'El campo no puede estar vacío',
  flexiblePriceOutside: 'El importe está fuera del mínimo o del máximo.',
  surveyChoice: 'Elige una de las respuestas de la lista.',
  surveyDate: 'Introduce una fecha.',
  surveyNumber: 'Introduce un número.',
  surveyRange: 'Introduce un número entre {min} y {max}.',
  surveyMin: 'Introduce un número no menor que {min}.',
  surveyMax: 'Introduce un número no mayor que {max}.',
  surveyTooLong: 'Responde con {max} caracteres como máximo.',
} satisfies Record<keyof typeof formStrings, string>;
