/**
 * Seats in the reserve forms (spec 1 §2 "seat selection block", §4 "any needed seats chosen", §5 "Seats"): the
 * seated tickets of an order as the seat map needs them, and whether the chosen seats match them. Kept apart
 * from `machines/seatmap/` so the forms carry none of the seat map's code (it loads when the map opens).
 */

import type { SeatLineData, TicketGroupModel } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import type { SeatNeed } from '../seatmap/types';
import type { FlowError } from '../shared/flow-error';
import type { Quantities } from './quantities';

/** The handler of seated groups: their tickets need seats from the seat map. */
export const SEATED_HANDLER = 'seated';

/** Chosen seats per seated ticket group (the seat map fills it; until then it stays empty). */
export type SeatChoice = Readonly<Record<string, readonly string[]>>;

/** The seated groups of an order with their tickets per type (types with none are left out). */
export function seatNeeds(groups: readonly TicketGroupModel[], quantities: Quantities): SeatNeed[] {
  return groups
    .filter((group) => group.handler === SEATED_HANDLER)
    .map((group) => ({
      ticketGroupId: group.id,
      name: group.name,
      types: group.types
        .map((type) => ({
          ticketTypeId: type.id,
          name: type.name,
          quantity: Math.floor(quantities[type.id] ?? 0),
        }))
        .filter((type) => type.quantity > 0),
    }))
    .filter((need) => need.types.length > 0);
}

/** The order has seated tickets (the form shows its seat selection block with a button). */
export const hasSeatedTickets = (groups: readonly TicketGroupModel[], quantities: Quantities): boolean =>
  seatNeeds(groups, quantities).length > 0;

/**
 * Exactly one seat per seated ticket in every seated group, and no seats for groups without tickets: the
 * selection matches the count (spec 1 §5), so submit may be enabled.
 */
export function seatsMatch(
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  seats: SeatChoice,
): boolean {
  const needs = seatNeeds(groups, quantities);
  const counted = new Map(
    needs.map((n) => [n.ticketGroupId, n.types.reduce((sum, t) => sum + t.quantity, 0)]),
  );
  for (const [groupId, total] of counted) if ((seats[groupId]?.length ?? 0) !== total) return false;
  return Object.entries(seats).every(([groupId, ids]) => ids.length === 0 || counted.has(groupId));
}

/** The chosen seats as the form lists them: seat ids per group, in order. */
export const chosenSeatIds = (seats: SeatChoice): string[] => Object.values(seats).flat();

/**
 * The reserve request's seats: per ticket type of a seated group, one seat per ticket, the group's seats
 * handed to its types in order (spec 1 §3: a selection carries templateID and ticketGroupID; sent in the
 * lines' wire form, seat_template_id and ticket_group_id).
 */
export function seatSelectionsByType(
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  seats: SeatChoice,
): Record<string, SeatLineData[]> {
  const out: Record<string, SeatLineData[]> = {};
  for (const need of seatNeeds(groups, quantities)) {
    const ids = seats[need.ticketGroupId] ?? [];
    let from = 0;
    for (const type of need.types) {
      const take = ids.slice(from, from + type.quantity);
      from += take.length;
      if (take.length > 0) {
        out[type.ticketTypeId] = take.map((id) => ({
          seat_template_id: id,
          ticket_group_id: need.ticketGroupId,
        }));
      }
    }
  }
  return out;
}

/**
 * After a lost race (seat_unavailable) the seats the server names are dropped (all of them when it names
 * none); other errors keep the seats.
 */
export function withoutTakenSeats(seats: SeatChoice, error: FlowError | null): SeatChoice {
  if (!error || error.code !== ErrorCode.seat_unavailable) return seats;
  const named = (error.extra as { seat_template_ids?: unknown } | null | undefined)?.seat_template_ids;
  if (!Array.isArray(named)) return {};
  const taken = new Set(named.map(String));
  return Object.fromEntries(
    Object.entries(seats).map(([group, ids]) => [group, ids.filter((id) => !taken.has(id))]),
  );
}

/**
 * The reserve request's `seats` part, spread into the request: present only when seats are chosen (the
 * date-first, quantity-first and single-event forms send their seats alike).
 */
export function reserveSeatsPart(
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  seats: SeatChoice,
): { seats?: Record<string, SeatLineData[]> } {
  return Object.keys(seats).length > 0 ? { seats: seatSelectionsByType(groups, quantities, seats) } : {};
}
