/**
 * Messages as machines carry them: a key of the strings catalogue (`ui/strings.ts`) and its parameters,
 * never English text. The views resolve them with the catalogue, where seller portal strings override any
 * key. The compiler checks that every key exists: `ui/` message props take the catalogue's keys.
 */
import type { ErrorMessageKey, MessageParams } from '../../domain/error-messages/base';

/** The keys a reserve link's query problem can name (spec 1 §5, §8). */
export type ReserveQueryMessageKey =
  | 'dateUnavailable'
  | 'timeUnavailable'
  | 'sessionNotFound'
  | 'ticketTypesNotFound'
  | 'ticketTypesNotAvailable'
  | 'sessionAndDate';

/** Keys machines use besides the error messages (the texts are in `ui/strings.ts`). */
export type FlowMessageKey =
  // checkout (spec 2 §5, §8; ours where the spec names no text)
  | 'checkoutValidation'
  | 'emailsMustMatch'
  | 'firstNameRequired'
  | 'firstNameTooLong'
  | 'lastNameRequired'
  | 'lastNameTooLong'
  | 'emailRequired'
  | 'emailTooLong'
  | 'emailInvalid'
  // the identity form's other fields (spec 2 §3, spec 3 §5 rules; the texts ours)
  | 'phoneRequired'
  | 'countryRequired'
  | 'addressRequired'
  | 'addressMoreRequired'
  | 'cityRequired'
  | 'stateRequired'
  | 'provinceRequired'
  | 'zipCodeRequired'
  | 'zipCodeInvalid'
  | 'fieldTooLong'
  | 'optionInvalid'
  | 'fieldsMustMatch'
  | 'termsRequired'
  | 'statusProcessing'
  | 'statusConfirming'
  | 'statusCompleted'
  | 'statusPending'
  // reserve (spec 1 §5, §8)
  | 'noTimes'
  | 'passValidity'
  | 'eventUnavailable'
  | ReserveQueryMessageKey
  | 'fewTickets'
  // attendee details (spec 1 §5: 'Full Name', 'Input must not be empty'; the email labels ours)
  | 'attendeeName'
  | 'attendeeNameOf'
  | 'attendeeEmail'
  | 'attendeeEmailOf'
  | 'inputEmpty'
  // flexible price (spec 1 §5)
  | 'flexiblePriceOutside'
  // survey answers (spec 1 §5; the texts ours)
  | 'surveyChoice'
  | 'surveyDate'
  | 'surveyNumber'
  | 'surveyRange'
  | 'surveyMin'
  | 'surveyMax'
  | 'surveyTooLong'
  // city-pass vouchers (spec 1 §5: the format message; the label ours)
  | 'citypassCodeOf'
  | 'citypassFormat'
  // seat map (spec 1 §5)
  | 'seatsNotEnough'
  | 'seatsTooMany'
  // account pages (spec 3 §5)
  | 'invalidPassword'
  | 'passwordsMustMatch'
  | 'emailNotValid'
  // register and edit profile (issue 26; ours)
  | 'passwordRequired'
  | 'profileSaved'
  // membership purchase (spec 3 §5, §8; ours where the spec names no text)
  | 'membersRequired'
  | 'membershipsUnavailable'
  | 'giftCartNotEmpty'
  | 'renewNotYet'
  | 'answerRequired'
  // login (spec 3 §5, §8)
  | 'loginCookiesDisabled'
  | 'providerCookies'
  | 'providerInitFailed'
  | 'providerInvalidState'
  // cart: 'more time' on the expiry timer (ours, WCAG 2.2.1)
  | 'moreTimeGranted'
  | 'holdExtensionLimit'
  // redeem a gift membership (spec 3 §5, §8)
  | 'redeemNoLevels'
  | 'redeemCartAction'
  // promo codes and the blocked-cart form (spec 2 §5; the field texts ours)
  | 'promoCodeTooShort'
  | 'promoCodeTooLong'
  // gift cards (spec 2 §5 verbatim: duplicate, $0; the required text ours)
  | 'giftCardRequired'
  | 'giftCardDuplicate'
  | 'giftCardEmpty'
  // the address lookup (spec 1 §5 'No addresses found' verbatim; the others ours)
  | 'noAddressesFound'
  | 'addressSuggestionsCount'
  | 'addressLookupFailed';

export type MessageKey = ErrorMessageKey | FlowMessageKey;
export type { MessageParams };

export interface Message {
  key: MessageKey;
  /** Text, numbers, and times and days the view writes in the visitor's locale (`MessageParam`). */
  params?: MessageParams;
}

// The constructor lives with the flow errors, which the app's first load already carries.
export { message } from './flow-error';
