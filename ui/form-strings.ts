/**
 * Field messages of the forms that ask a name and an email (checkout, membership, account pages, login, the
 * reserve forms' attendee fields): loaded with the first of them.
 * They join the catalogue when this module loads, with the views that use them (see `ui/strings.ts`).
 */
import { defineStrings } from './strings';

export const formStrings = defineStrings({
  emailsMustMatch: 'Email addresses must match.',
  firstNameRequired: 'Please enter your first name.',
  firstNameTooLong: 'First name must be {max} characters or fewer.',
  lastNameRequired: 'Please enter your last name.',
  lastNameTooLong: 'Last name must be {max} characters or fewer.',
  emailRequired: 'Please enter your email address.',
  emailTooLong: 'Email must be {max} characters or fewer.',
  emailInvalid: 'Please enter a valid email address.',
  /** A required field left empty or of only spaces (spec 1 §5's message for an empty name). */
  inputEmpty: 'Input must not be empty',
  /** Flexible price (spec 1 §5, verbatim). */
  flexiblePriceOutside: 'Value entered is outside min/max.',
  /** Survey answers (spec 1 §5 "Survey fields"; the texts ours). */
  surveyChoice: 'Please choose one of the listed answers.',
  surveyDate: 'Please enter a date.',
  surveyNumber: 'Please enter a number.',
  surveyRange: 'Please enter a number from {min} to {max}.',
  surveyMin: 'Please enter a number of at least {min}.',
  surveyMax: 'Please enter a number of at most {max}.',
  surveyTooLong: 'Please answer in at most {max} characters.',
});
