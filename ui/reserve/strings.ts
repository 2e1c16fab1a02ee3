/**
 * The reserve flows' texts (event detail's date-first, quantity-first, single-event and one-ticket forms,
 * the calendar, seat choice, and the reserve messages machines carry: spec 1 §2, §5, §8; verbatim where the
 * spec words it).
 * They join the catalogue when this module loads, with the views that use them (see `ui/strings.ts`).
 */
import '../form-strings';
import { defineStrings } from '../strings';

export const reserveStrings = defineStrings({
  reserveForm: 'Book tickets',
  // the 'code required' modal (spec 1 §2: prompt for a promo code); its message is the catalogue's codeRequired
  codeRequiredTitle: 'Code required',
  codeRequiredLabel: 'Promo code',
  codeRequiredApply: 'Apply',
  codeRequiredCancel: 'Cancel',
  chooseDate: 'Choose a date',
  chooseTime: 'Choose a time',
  chooseTickets: 'Choose tickets',
  showMoreDates: 'Show more dates',
  calendarTitle: 'Choose date',
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
  // spec 1 §9: a repeating event whose day has one session longer than 5 hours is all day (the wording is ours)
  allDay: 'All day',
  // spec 1 §5: sessions overlapping the cart are hidden and listed as conflicting times (the wording is ours)
  conflictingTimes: 'Not offered because they overlap a visit already in your cart: {times}',
  increase: 'Add one {name}',
  decrease: 'Remove one {name}',
  quantityOf: '{name} quantity',
  /** A type's name in control names when another group on the form has a type of the same name. */
  typeInGroup: '{name} ({group})',
  addToCart: 'Add to cart',
  chooseOne: 'Choose one',
  /** A pass's first and last valid day (ours: the spec names no text). */
  passValidity: 'Valid from {from} to {to}',
  seatRequired: 'A seat must be chosen for every seated ticket.',
  seatsNotEnough: 'Not enough seats for {group} {type}',
  seatsTooMany: 'Too many seats for {group}',
  chooseSeats: 'Choose seats',
  changeSeats: 'Change seats',
  seatsChosen: 'Seats: {seats}',
  adding: 'Adding to cart…',
  dateUnavailable: 'Sorry, tickets are not available on the date of your visit.',
  timeUnavailable: 'Sorry, tickets are not available at the selected time.',
  /** Completed from the spec's '...the selected time is not found.' */
  sessionNotFound: 'Sorry, the selected time is not found.',
  /** Completed from the spec's 'ticket types not found'; {types} lists the unknown keys. */
  ticketTypesNotFound: 'Sorry, ticket types not found: {types}.',
  /** Spec 1 §8's 'ticket types not available.': types of the query that the chosen session does not sell. */
  ticketTypesNotAvailable: 'Sorry, these ticket types are not available.',
  sessionAndDate: 'The session and date query parameters can not be used together.',
  findTickets: 'Find tickets',
  selectedTickets: 'Tickets',
  ticketCount: '{name} × {count}',
  yourVisit: 'Your visit',
  // attendee details (spec 1 §5: 'Full Name', prefixed by the ticket label; the email labels ours)
  attendees: 'Attendees',
  attendeeName: 'Full Name',
  attendeeNameOf: '{name} {number} Full Name',
  attendeeEmail: 'Email',
  attendeeEmailOf: '{name} {number} Email',
  // city-pass vouchers (spec 1 §5: the format message verbatim; the heading and labels ours)
  citypassVouchers: 'City Pass vouchers',
  citypassCodeOf: 'City Pass code for {name} {number}',
  citypassFormat: 'Does not match the expected format. Please check your City Pass code.',
  // flexible price (spec 1 §5; the label and the bounds' hint ours, the message is the catalogue's)
  flexiblePriceLabel: 'Amount for {name}',
  flexiblePriceBetween: 'Between {min} and {max}',
  flexiblePriceAtLeast: 'At least {min}',
  flexiblePriceUpTo: 'Up to {max}',
  // surveys per ticket group (spec 1 §2, §5; the heading and labels ours)
  surveyHeading: 'A few questions',
  surveyChoose: 'Choose…',
  surveyOptional: '(optional)',
});
