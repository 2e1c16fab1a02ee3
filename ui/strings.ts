/**
 * The strings catalogue: every user-facing string, keyed by name. Seller portal strings from configuration
 * override entries by key (`createStrings(overrides)`). Spec strings are verbatim.
 */
export const defaultStrings = {
  skipToContent: 'Skip to content',
  home: 'Home',
  homeLink: 'Go to the home page',
  copyright: '© {year} {seller}. All rights reserved.',
  loading: 'Loading…',
  // 404
  notFoundTitle: 'Oops!',
  notFoundMessage: 'We could not find anything at this URL. (404 Not Found)',
  notFoundPath: 'Requested address: {path}',
  // listing
  eventsTitle: 'Events',
  eventsEmpty: 'We could not find any events that match your filters.',
  clearFilters: 'Clear filters',
  seeAll: 'See all',
  filters: 'Filter events',
  filterCategory: 'Category',
  allCategories: 'All',
  filterDate: 'Date',
  today: 'Today',
  tomorrow: 'Tomorrow',
  visitBetween: "I'm planning a visit between {start} and {end}",
  arrival: 'Arrival',
  departure: 'Departure',
  anyTime: 'Any time',
  // upsell chain (ours: the spec names the skip add-on button)
  upsellStep: 'Add to your visit ({current} of {total})',
  skipAddOn: 'Skip add-on',
  buyTickets: 'Get tickets',
  venue: 'Venue',
  // event detail / date-first
  reserveForm: 'Book tickets',
  chooseDate: 'Choose a date',
  chooseTime: 'Choose a time',
  chooseTickets: 'Choose tickets',
  showMoreDates: 'Show more dates',
  calendarTitle: 'Choose date',
  close: 'Close',
  change: 'Change',
  changeDate: 'Change date',
  changeTime: 'Change time',
  selectedDate: 'Date',
  selectedTime: 'Time',
  notAvailable: 'Not available',
  soldOut: 'Sold out',
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
  remaining: '{count} left',
  ticketKind: 'Tickets for',
  singleDateTickets: 'A single date',
  flexibleTickets: 'Any date (flexible)',
  flexibleTicketsHint: 'Flexible tickets are valid on any date.',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  fewTickets: 'Hurry, less than 10 tickets available.',
  noTimes: 'No times available.',
  increase: 'Add one {name}',
  decrease: 'Remove one {name}',
  quantityOf: '{name} quantity',
  addToCart: 'Add to cart',
  chooseOne: 'Choose one',
  seatRequired: 'A seat must be chosen for every seated ticket.',
  // seat map (spec 1 §2, §5; the two allocation messages are the spec's, the rest ours; the modal's own
  // texts load with it: ui/seatmap/strings.ts)
  seatsNotEnough: 'Not enough seats for {group} {type}',
  seatsTooMany: 'Too many seats for {group}',
  chooseSeats: 'Choose seats',
  changeSeats: 'Change seats',
  seatsChosen: 'Seats: {seats}',
  // a seated ticket's seat in the cart widget and on the confirmation (ours: the spec names no wording)
  ticketSeats: 'Seats',
  ticketSeat: '{section}, Row {row}, Seat {seat}',
  adding: 'Adding to cart…',
  from: 'From',
  free: 'Free',
  total: 'Total',
  back: 'Back',
  dismiss: 'Dismiss',
  tryAgain: 'Try again',
  // cart widget
  cart: 'Your cart',
  cartEmpty: 'Your cart is empty.',
  subtotal: 'Subtotal',
  fees: 'Fees',
  feesFixed: 'Fixed fees',
  feesPercent: 'Percent fees',
  discounts: 'Discounts',
  giftCard: 'Gift card ending {number}',
  balanceLeft: 'Balance left',
  payments: 'Payments',
  cartBalance: 'Cart balance',
  partialTotal: 'Partial total',
  checkout: 'Checkout',
  removeItem: 'Remove {name}',
  confirmRemove: 'Remove these tickets?',
  confirm: 'Confirm',
  cancel: 'Cancel',
  expiresIn: 'Your tickets are held for {time}',
  fiveMinutesLeft: 'Your cart expires in 5 minutes.',
  twoMinutesLeft: 'Your cart expires in 2 minutes.',
  // 'more time' on the expiry timer (ours: WCAG 2.2.1, beyond the spec)
  moreTime: 'More time',
  moreTimeGranted: 'More time added: your tickets are held for longer.',
  holdExtensionLimit: 'No more time can be added to this cart.',
  cartTimedOut: 'Unfortunately your cart has timed out',
  startOver: 'Start over',
  // checkout
  paymentInformation: 'Payment information',
  yourInformation: 'Your information',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  emailConfirm: 'Confirm email',
  cardDetails: 'Card details',
  cardNumber: 'Card number',
  cardExpiry: 'Expiry date (MM / YY)',
  cardCvc: 'Security code (CVC)',
  sandboxNotice: 'Sandbox payments: no real card is charged. Use 4242 4242 4242 4242.',
  totalToPay: 'Total to pay',
  pay: 'Pay {amount}',
  paying: 'Processing payment…',
  completeOrder: 'Complete order',
  acceptTerms: 'I accept the terms and conditions',
  // confirmation
  done: 'Done!',
  orderNumber: 'Order number {number}',
  orderQrAlt: 'QR code for order {number}',
  viewAndPrint: 'View and print tickets',
  confirmationEmail: 'A confirmation email is on its way to {email}.',
  continueShopping: 'Continue browsing events',
  orderNotFound: 'We could not find that order.',
  reload: 'Reload',

  // ---- messages machines carry by key (machines/shared/messages.ts, api/error-messages.ts)
  // errors: spec 1 §8, spec 2 §8, spec 3 §8 (verbatim)
  errorUnexpected: 'Sorry! Something unexpected happened. Please try again.',
  errorUnexpectedLater: 'Sorry, something unexpected happened. Please try again later.',
  errorDescription: '{description}',
  errorOops: 'Oops! Sorry, something went wrong. Please try again.',
  calendarTypesLimit: 'You can only select up to 10 different types of tickets.',
  sessionSoldOut:
    'Tickets have sold out for the session at {time}. Please select another session and try again.',
  dateSoldOut: 'Tickets have sold out for {date}. Please select another date and try again.',
  promoUnknown: 'Sorry. Please try again later.',
  promoInvalid: '"{code}" is not a valid promo code.',
  codeRequired: 'A code is required to continue with your order.',
  providerUnavailable:
    'Credit card payment can not be processed because the card payment provider was unable to load. Try disabling any privacy blockers and ad blockers, and reloading the page.',
  cardError: 'Your card has not been charged. {message} Please edit your payment details and try again.',
  // ours: the spec's "generic one" between its fixed prefix and suffix
  cardErrorGeneric:
    'Your card has not been charged. Your payment could not be processed. Please edit your payment details and try again.',
  guestAccount:
    'Oops! You have not set a password yet. Please check your email inbox for instructions to set a password, then try again.',
  incorrectPassword: 'That is not the correct password. Please try again.',
  giftCardNotFound: 'Gift card not found.',
  giftCardTrouble: 'We are having trouble with that sorry. Please try again later.',
  resendNotFound: 'No orders could be found for this email address.',
  resetLinkInvalid: 'This reset link is not valid. It may have expired.',
  rescheduleStartAgain: '{description} Click here to start again.',
  // login and accounts (spec 3 §2, §5, §8; tooManyAttempts is ours)
  memberNotFoundZip: 'Member details not found. Please check your member ID and ZIP code.',
  memberNotFoundLastName: 'Member details not found. Please check your member ID and last name.',
  memberNotFoundEmail: 'Member details not found. Please check your email address and member ID.',
  loginDisabled: 'Login is disabled',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  emailInUse:
    'Another user account is using {email}. Please contact us if you need to merge multiple user accounts.',
  // memberships: gift codes, self gifting, auto-renew (spec 3 §5, §8)
  giftCodeInvalid: 'You must enter a valid code',
  giftCodeExpired: 'This code has expired',
  giftCodeRedeemed: 'This code has already been redeemed',
  giftSelf: 'You can not gift membership to yourself. Do you want to buy or renew membership for yourself?',
  autoRenewContact: 'Please contact us to enrol your membership for auto-renew.',
  // login form, identity provider, account menu, my account (spec 3 §2, §8; texts the spec does not give are ours)
  accountLogin: 'Account login',
  memberId: 'Member ID',
  zipCode: 'ZIP code',
  password: 'Password',
  logIn: 'Log in',
  loggingIn: 'Logging in…',
  forgotPassword: 'Forgot your password?',
  forgotMembership: 'Forgot your member ID?',
  loginCookiesDisabled: 'Enable cookies and reload to login.',
  providerCookies: 'Please enable cookies and try again.',
  providerInitFailed: 'Auth0 could not be initialized. Please try again.',
  providerInvalidState: 'This login could not be completed. Taking you back…',
  providerCompleting: 'Completing your login…',
  greeting: 'Hi, {name}',
  accountMenu: 'Account',
  membershipDetails: 'Membership details',
  myAccount: 'My account',
  logOut: 'Log out',
  register: 'Register',
  myMembershipDetails: 'My membership details',
  loginToViewAccount: 'Log in to view your account',
  membershipLevel: 'Level',
  membershipId: 'Membership ID',
  membershipExpires: 'Expires',
  notAMember: 'Not a member? Sign up now',
  // redeem a gift membership: the flow's messages (spec 3 §8); the page's texts are in ui/membership-strings.ts
  redeemNoLevels: 'Memberships are not available at this time.',
  redeemCartAction: 'You need to take action on your current cart before you can redeem a membership.',
  // checkout (spec 2 §5, §8; the field messages are ours)
  checkoutValidation:
    'There were errors found in the information you submitted. Please address the errors and re-submit the form.',
  emailsMustMatch: 'Email addresses must match.',
  firstNameRequired: 'Please enter your first name.',
  firstNameTooLong: 'First name must be {max} characters or fewer.',
  lastNameRequired: 'Please enter your last name.',
  lastNameTooLong: 'Last name must be {max} characters or fewer.',
  emailRequired: 'Please enter your email address.',
  emailTooLong: 'Email must be {max} characters or fewer.',
  emailInvalid: 'Please enter a valid email address.',
  termsRequired: 'Please accept the terms and conditions.',
  statusProcessing: 'Processing payment…',
  statusConfirming: 'Waiting for your card issuer to confirm the payment…',
  statusCompleted: 'Payment complete.',
  statusPending: 'Your payment is processing.',
  // reserve (spec 1 §5, §8; completed wording marked)
  eventUnavailable: 'Sorry, tickets are not available for this event.',
  dateUnavailable: 'Sorry, tickets are not available on the date of your visit.',
  timeUnavailable: 'Sorry, tickets are not available at the selected time.',
  /** Completed from the spec's '...the selected time is not found.' */
  sessionNotFound: 'Sorry, the selected time is not found.',
  /** Completed from the spec's 'ticket types not found'; {types} lists the unknown keys. */
  ticketTypesNotFound: 'Sorry, ticket types not found: {types}.',
  sessionAndDate: 'The session and date query parameters can not be used together.',
  // event detail layouts (spec 1 §2)
  anchorRequired: 'Add an admission event to your cart first',
  // quantity-first (spec 1 §2; 'Find tickets' verbatim, the rest ours)
  findTickets: 'Find tickets',
  selectedTickets: 'Tickets',
  ticketCount: '{name} × {count}',
  yourVisit: 'Your visit',
  cartTicketCount: '{count} tickets in your cart',
  more: 'More',
  aboutEvent: 'About this event',

  // ---- account pages (spec 3 §2, §5, §8; ours where the spec names no text)
  invalidPassword: 'Invalid password',
  passwordsMustMatch: 'Passwords must match.',
  emailNotValid: 'Email address is not valid.',
  emailAddress: 'Email address',
  resendTitle: 'Resend tickets',
  resendSubmit: 'Resend tickets',
  resendSent: 'Your tickets have been sent to {email}.',
  forgotMembershipTitle: 'Forgot your membership ID?',
  forgotMembershipSubmit: 'Email my membership ID',
  forgotPasswordTitle: 'Forgot your password?',
  forgotPasswordIntro:
    'Enter the email address of your account and we will send you a link to set a new password.',
  forgotPasswordSubmit: 'Send reset link',
  forgotPasswordSent:
    'We have sent an email with a one-time link to {email}. If it does not arrive in a few minutes, check your junk or spam folder. You can close this tab.',
  sending: 'Sending…',
  createNewPassword: 'Create New Password',
  resetFor: 'For the account {email}',
  newPassword: 'New password',
  confirmPassword: 'Re-enter new password',
  passwordRequirements: 'Your password must:',
  requirementLength: 'be at least 8 characters long',
  requirementNoEdgeSpace: 'not begin or end with a space',
  requirementPrintableAscii: 'use only letters, numbers, spaces and standard symbols (printable ASCII)',
  requirementThreeClasses:
    'use at least 3 of: uppercase letters, lowercase letters, numbers, special characters',
  requirementMet: 'met',
  requirementNotMet: 'not met',
  savePassword: 'Save password',
  saving: 'Saving…',
  passwordUpdated: 'Password Updated',
  passwordUpdatedText: 'Your new password is saved. You can log in with it now.',
  loginButton: 'Login',
  invalidResetLink: 'Invalid Reset Link',
  sendAnotherResetLink: 'Send another reset link',
  updateEmailTitle: 'Update Email address',
  newEmail: 'New email address',
  reenterEmail: 'Re-enter email address',
  updateAndContinue: 'Update & Continue',
  setEmailLoggedOut: 'Log in to update the email address of your account.',
  // membership purchase messages (spec 3 §5, §8; ours where the spec names no text); the form's labels are
  // in ui/membership/labels.ts (its own chunk)
  membersRequired: 'At least one member is required to purchase a membership',
  membershipsUnavailable: 'Memberships are not available at this time.',
  giftCartNotEmpty:
    'Your cart already holds items. Check out or empty your cart before buying a gift membership.',
  renewNotYet: 'Your membership can be renewed from {date}.',
  answerRequired: 'Please answer this question.',
  giftCheckoutTitle: 'Pay for your Gift to {name}',
  // home (spec 3 §2 "Home screen texts")
  homeWelcome: 'Welcome',
  homeMember: 'Already a member?',
  homeJoin: 'Become a member',
  homeGuest: 'Continue as guest',
  homeLoginAction: 'Log in',
  homeJoinAction: 'Join now',
  homeGuestAction: 'Browse events',
  homeResend: 'Resend confirmation link',
  // seller portal strings named by the spec (HTML, sanitised; empty: nothing shown)
  before_resend_tickets:
    'Enter the email address you used for your order and we will send your tickets again.',
  forgot_membership_instructions:
    'Enter the email address on your membership and we will email you your membership ID.',
  forgot_membership_message:
    'If a membership uses {email}, its membership ID has been sent there. Check your inbox, and your junk or spam folder.',
  forgot_password_contact_details: '',
  membership_presell_intro: '',
  membership_presell_login: '<p>Log in to use your member benefits.</p>',
  membership_presell_join: '<p>Members visit free all year and get early access to special exhibitions.</p>',
  membership_presell_guest: '<p>Buy tickets without an account.</p>',
} as const;

export type StringKey = keyof typeof defaultStrings;
export type Strings = Record<StringKey, string>;

export function createStrings(overrides: Partial<Record<string, string>> = {}): Strings {
  const out = { ...defaultStrings } as Strings;
  // Every string override is kept: catalogues loaded with their pages (ui/membership-strings.ts) read theirs here.
  for (const [key, value] of Object.entries(overrides)) {
    if (typeof value === 'string') (out as Record<string, string>)[key] = value;
  }
  return out;
}

/** A message as machines carry it: a catalogue key and its parameters (never English text). */
export interface UiMessage {
  key: StringKey;
  params?: Record<string, string | number>;
}

/** The text of a message, with the seller's overrides already in `strings`. */
export const resolveMessage = (strings: Strings, message: UiMessage): string =>
  fill(strings[message.key], message.params ?? {});

/** Fills `{name}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  );
}
