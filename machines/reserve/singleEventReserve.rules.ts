/**
 * Pure rules of the single-event form (spec 1 §4 "Single-event flow"): whether a session is needed at all,
 * the default quantities once the ticket groups are known, seats still to choose, and the submit rule.
 */
import type { EventDetail, TicketGroupModel } from '../../api/models';
import {
  findGroupOfType,
  groupTotal,
  increment,
  isSelectionValid,
  type Quantities,
  type QuantityScope,
  totalTickets,
} from './quantities';
import { SEATED_HANDLER, type SeatChoice, seatsMatch } from './seats';

/** The handler of a discount-code purchase: its tickets need no session. */
export const CODES_HANDLER = 'codes';

/** Every group is a discount-code purchase (and there is at least one): no session is loaded. */
export function isSessionless(event: Pick<EventDetail, 'ticketGroups'>): boolean {
  return (
    event.ticketGroups.length > 0 && event.ticketGroups.every((group) => group.handler === CODES_HANDLER)
  );
}

/** Every ticket type the visitor could add one of now. */
function bookableTypeIds(scope: QuantityScope): string[] {
  return scope.groups.flatMap((group) =>
    group.types
      .filter((type) => increment({ ...scope, quantities: {} }, type.id)[type.id] !== undefined)
      .map((type) => type.id),
  );
}

/**
 * The quantities the form opens with: the type preselected by the query (`select`, a ticket type id) at its
 * group's first step; else, when exactly one type can be booked, that type at its group's first step; else
 * none. The first step goes through the quantity rules (group minimum, clamped to what is left).
 */
export function defaultQuantities(
  scope: Omit<QuantityScope, 'quantities'>,
  select: string | null,
): Quantities {
  const empty: QuantityScope = { ...scope, quantities: {} };
  if (select !== null && findGroupOfType(scope.groups, select)) {
    const preset = increment(empty, select);
    if (totalTickets(preset) > 0) return preset;
  }
  const bookable = bookableTypeIds(empty);
  const only = bookable.length === 1 ? bookable[0] : undefined;
  return only === undefined ? {} : increment(empty, only);
}

/** A seated group has more tickets selected than seats chosen for it. */
export function needsSeats(
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  seats: SeatChoice,
): boolean {
  return groups.some(
    (group) =>
      group.handler === SEATED_HANDLER && groupTotal(group, quantities) > (seats[group.id]?.length ?? 0),
  );
}

/**
 * Submit is enabled only with at least one ticket, every group within its order limits and exactly one seat
 * per seated ticket (too few or too many block it, as in the date-first form); being busy submitting is the
 * machine's state, not a rule of the data.
 */
export function canSubmitSingle(
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  seats: SeatChoice,
): boolean {
  return (
    totalTickets(quantities) >= 1 &&
    isSelectionValid(groups, quantities) &&
    seatsMatch(groups, quantities, seats)
  );
}
