/**
 * Which ticket groups the one-ticket-only picker sells (spec 1 §2 layout 2): the sessionless kinds, gift cards
 * (ledger), donations and passes (issue 25). One rule: the event layout choice (machines/event/layout.ts) and
 * the picker's own rules (machines/reserve/oneTicketReserve.rules.ts) both ask it, so a new kind is added here once.
 */

/** The handlers of the groups the one-ticket picker sells. */
export const ONE_TICKET_HANDLERS: readonly string[] = ['ledger', 'donation', 'passes'];

/** A group the one-ticket picker sells. */
export const isOneTicketHandler = (handler: string): boolean => ONE_TICKET_HANDLERS.includes(handler);

/** Every group is one the picker sells, and there is at least one: the event is the one-ticket picker's. */
export function isOneTicketGroupSet(groups: ReadonlyArray<{ handler: string }>): boolean {
  return groups.length > 0 && groups.every((group) => isOneTicketHandler(group.handler));
}
