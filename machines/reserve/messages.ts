/**
 * User-facing strings of the reserve flows, keyed by name. Texts quoted by the spec are verbatim; the others
 * (marked) are our wording of a message the spec only names. Views may override them from seller config.
 */
export const reserveMessages = {
  noAvailability: 'No times available.',
  unexpected: 'Sorry! Something unexpected happened. Please try again.',
  eventUnavailable: 'Sorry, tickets are not available for this event.',
  dateUnavailable: 'Sorry, tickets are not available on the date of your visit.',
  timeUnavailable: 'Sorry, tickets are not available at the selected time.',
  /** Wording completed from the spec's '...the selected time is not found.' */
  sessionNotFound: 'Sorry, the selected time is not found.',
  /** Wording completed from the spec's 'ticket types not found' message; {types} lists the unknown keys. */
  ticketTypesNotFound: 'Sorry, ticket types not found: {types}.',
  sessionAndDate: 'The session and date query parameters can not be used together.',
  sessionSoldOut:
    'Tickets have sold out for the session at {time}. Please select another session and try again.',
  dateSoldOut: 'Tickets have sold out for {date}. Please select another date and try again.',
  fewTickets: 'Hurry, less than 10 tickets available.',
} as const;

export type ReserveMessageName = keyof typeof reserveMessages;

/** Replaces `{name}` placeholders; unknown placeholders are left as they are. */
export function formatMessage(name: ReserveMessageName, params: Record<string, string> = {}): string {
  return reserveMessages[name].replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}
