/**
 * The manage page's texts (spec 2 §2 "Cancel-free-order page", §8 "Cancel order"; issue 24). Verbatim where the
 * spec words them ('Cancel order', 'Cancel selected', Confirm and Cancel from the shell, 'Cancelled', 'Redeemed',
 * 'Past Event', and the two error texts); the rest ours. Loaded with the manage screen's chunk.
 */
import { defineStrings } from '../strings';

export const manageStrings = defineStrings({
  manageOrderTitle: 'Order {number}',
  cancelOrderAll: 'Cancel order',
  cancelSelected: 'Cancel selected',
  cancelConfirmTitle: 'Cancel these tickets?',
  cancelConfirmBody: '{count} tickets will be cancelled. This cannot be undone.',
  cancelConfirmBody_one: '1 ticket will be cancelled. This cannot be undone.',
  cancelKeep: 'Keep my tickets',
  cancelling: 'Cancelling…',
  cancelSuccess: 'Your tickets have been cancelled. We have emailed you the details.',
  selectAllSession: 'Select all free tickets of {session}',
  selectTicket: 'Select {name}, ticket {n}',
  ticketColumn: 'Ticket',
  priceColumn: 'Price',
  statusColumn: 'Status',
  ticketBooked: 'Booked',
  ticketCancelled: 'Cancelled',
  ticketRedeemed: 'Redeemed',
  ticketPast: 'Past Event',
  ticketNotFree: 'Not free',
  sessionTickets: '{count} tickets',
  sessionTickets_one: '1 ticket',
  noFreeTickets: 'This order has no free tickets to cancel.',
  noTickets: 'This order has no tickets.',
  backHome: 'Back to the home page',
  noValidTickets: 'No valid tickets found on this order',
  cancelContactUs: 'You must contact us to cancel this order.',
  // Reschedule page (spec 2 §2 "Reschedule page", §6; words ours where the spec gives none).
  rescheduleTitle: 'Reschedule',
  rescheduleLead: 'Choose a new date and time for your {count} tickets to {event} on {when}.',
  rescheduleLead_one: 'Choose a new date and time for your ticket to {event} on {when}.',
  rescheduleCostWarning:
    'Tickets on another date may cost more: any difference is paid when you confirm your changes.',
  rescheduleUpdate: 'Update',
  rescheduleUpdating: 'Updating…',
  rescheduleBack: 'Back to your order',
  rescheduleNothing: 'No tickets of this session can be rescheduled.',
  rescheduleCurrentSession: 'Your current time',
  editLogOut: 'Please log-out to edit your tickets',
});
