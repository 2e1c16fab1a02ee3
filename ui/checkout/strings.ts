/**
 * Checkout and the confirmation page (spec 2 §5, §8; the field messages are ours).
 * They join the catalogue when this module loads, with the views that use them (see `ui/strings.ts`).
 */
import '../form-strings';
import { defineStrings } from '../strings';

export const checkoutStrings = defineStrings({
  paymentInformation: 'Payment information',
  yourInformation: 'Your information',
  emailConfirm: 'Confirm email',
  // The identity form's other fields (spec 2 §3; labels and messages ours).
  phone: 'Phone',
  country: 'Country',
  address: 'Address',
  addressMore: 'Address line 2',
  city: 'City',
  state: 'State',
  province: 'Province',
  postalCode: 'ZIP or postal code',
  chooseOption: 'Choose…',
  phoneRequired: 'Please enter your phone number.',
  countryRequired: 'Please choose your country.',
  addressRequired: 'Please enter your address.',
  addressMoreRequired: 'Please enter the second line of your address.',
  cityRequired: 'Please enter your city.',
  stateRequired: 'Please choose your state.',
  provinceRequired: 'Please choose your province.',
  zipCodeRequired: 'Please enter your ZIP or postal code.',
  zipCodeInvalid: 'Please enter a ZIP or postal code of 4 to 10 letters or digits.',
  fieldTooLong: 'Please enter at most {max} characters.',
  optionInvalid: 'Please choose one of the listed options.',
  fieldsMustMatch: 'The values must match.',
  cardDetails: 'Card details',
  cardNumber: 'Card number',
  cardExpiry: 'Expiry date (MM / YY)',
  cardCvc: 'Security code (CVC)',
  sandboxNotice: 'Sandbox payments: no real card is charged. Use 4242 4242 4242 4242.',
  pay: 'Pay {amount}',
  paying: 'Processing payment…',
  completeOrder: 'Complete order',
  acceptTerms: 'I accept the terms and conditions',
  // the terms checkbox's button (ours); the modal's own texts load with it (ui/checkout/terms-strings.ts)
  termsRead: 'Read the terms and conditions',
  orderNumber: 'Order number {number}',
  orderQrAlt: 'QR code for order {number}',
  /** The confirmation's link to the order's calendar file (ours; issue 20). */
  addToCalendar: 'Add to calendar',
  /** The confirmation's and the printable order's link to the order's Apple Wallet pass (ours; issue 20). */
  addToAppleWallet: 'Add to Apple Wallet',
  viewAndPrint: 'View and print tickets',
  // the discount codes an order bought (groups with handler codes; ours: the spec has no words for them)
  discountCodesTitle: 'Your discount codes',
  discountCodeNumber: 'Code {n}:',
  discountCodesHow: 'Enter a code at checkout to use it.',
  // the printable order (/ticket_order/{id}, spec 2 §2; ours: the spec names the page, not its texts)
  printOrder: 'Print',
  printOrderTitle: 'Your tickets',
  confirmationEmail: 'A confirmation email is on its way to {email}.',
  continueShopping: 'Continue browsing events',
  providerUnavailable:
    'Credit card payment can not be processed because the card payment provider was unable to load. Try disabling any privacy blockers and ad blockers, and reloading the page.',
  cardError: 'Your card has not been charged. {message} Please edit your payment details and try again.',
  cardErrorGeneric:
    'Your card has not been charged. Your payment could not be processed. Please edit your payment details and try again.',
  // spec 2 §4, §8: a wallet cancelled by the customer is a cancellation error (card and wallet errors share the
  // prefix and the ending); a wallet's postcode error gets the note that the zip code is the wallet address's
  walletCancelled:
    'Your card has not been charged. The payment was cancelled in your wallet. Please edit your payment details and try again.',
  // spec 2 §8 names the captcha error without its words (ours): a challenge closed or expired, a token refused
  captchaError: 'The captcha was not completed. Please submit the form again to try the captcha once more.',
  walletPostcodeNote: 'The zip code checked is the one in the billing address of your wallet.',
  walletsTitle: 'Express checkout',
  // ours: a seller without a payment gateway (payment_unavailable), too many pay attempts (too_many_attempts)
  paymentUnavailable: 'This venue cannot take payments online at the moment.',
  paymentTooManyAttempts:
    'Your card has not been charged. There were too many payment attempts. Please wait a while and try again.',
  // spec 3 §8: the gift checkout's self-gift text (the membership form has its own wording, giftSelf)
  giftSelfCheckout: 'You cannot gift a membership to yourself. Do you want to buy or renew a membership?',
  checkoutValidation:
    'There were errors found in the information you submitted. Please address the errors and re-submit the form.',
  termsRequired: 'Please accept the terms and conditions.',
  statusProcessing: 'Processing payment…',
  statusConfirming: 'Waiting for your card issuer to confirm the payment…',
  statusCompleted: 'Payment complete.',
  statusPending: 'Your payment is processing.',
  giftCheckoutTitle: 'Pay for your Gift to {name}',
  // spec 2 §8: after a partial payment (a deposit or an instalment of a payment plan); without a next payment
  // listed, its first sentence alone
  partialPaymentMade:
    'You have successfully made a payment of {amount}. Your next payment of {amount2} is due on {date}.',
  partialPaymentMadeLast: 'You have successfully made a payment of {amount}.',
});
