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
  fewTickets: 'Hurry, less than 10 tickets available.',
  noTimes: 'No times available.',
  increase: 'Add one {name}',
  decrease: 'Remove one {name}',
  quantityOf: '{name} quantity',
  addToCart: 'Add to cart',
  adding: 'Adding to cart…',
  from: 'From',
  free: 'Free',
  total: 'Total',
  back: 'Back',
  noTicketGroups: 'Sorry, tickets are not available for this event.',
  dismiss: 'Dismiss',
  tryAgain: 'Try again',
  // cart widget
  cart: 'Your cart',
  cartEmpty: 'Your cart is empty.',
  subtotal: 'Subtotal',
  fees: 'Fees',
  discounts: 'Discounts',
  payments: 'Payments',
  checkout: 'Checkout',
  removeItem: 'Remove {name}',
  confirmRemove: 'Remove these tickets?',
  confirm: 'Confirm',
  cancel: 'Cancel',
  expiresIn: 'Your tickets are held for {time}',
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
  genericError: 'Oops! Sorry, something went wrong. Please try again.',
  reload: 'Reload',
} as const;

export type StringKey = keyof typeof defaultStrings;
export type Strings = Record<StringKey, string>;

export function createStrings(overrides: Partial<Record<string, string>> = {}): Strings {
  const out = { ...defaultStrings } as Strings;
  for (const [key, value] of Object.entries(overrides)) {
    if (key in out && typeof value === 'string') out[key as StringKey] = value;
  }
  return out;
}

/** Fills `{name}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  );
}
