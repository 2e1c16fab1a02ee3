/**
 * Pure rules of the one-ticket-only picker (spec 1 §2 layout 2, §4 "Quantities": an exactly-one-ticket mode
 * blocks decrease). Events whose groups are all ledger or donation: exactly one ticket of one type is chosen;
 * choosing another type replaces it, and it can never be taken down to none.
 */
import type { EventDetail, TicketGroupModel } from '../../api/models';
import { isOneTicketGroupSet } from '../../domain/one-ticket';
import { findGroupOfType, type Quantities, remainingForGroup } from './quantities';

export const DONATION_HANDLER = 'donation';

/** Every group is one the picker sells (domain/one-ticket.ts: ledger, donation, passes), and there is one. */
export function isOneTicketEvent(event: Pick<EventDetail, 'ticketGroups'>): boolean {
  return isOneTicketGroupSet(event.ticketGroups);
}

/** A type that can be the one ticket: it exists and its group has a place for one. */
export function isChoosable(groups: readonly TicketGroupModel[], typeId: string): boolean {
  const group = findGroupOfType(groups, typeId);
  return group !== undefined && remainingForGroup(group, groups, {}, null) >= 1;
}

/** Exactly one ticket of the chosen type; a type that cannot be chosen leaves the choice as it was. */
export function chooseOne(
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  typeId: string,
): Quantities {
  return isChoosable(groups, typeId) ? { [typeId]: 1 } : quantities;
}

/** Exactly-one mode: one more of the chosen type is never possible; choosing another type replaces it. */
export function canIncrementOne(groups: readonly TicketGroupModel[], quantities: Quantities, typeId: string) {
  return quantities[typeId] === undefined && isChoosable(groups, typeId);
}

/** Exactly-one mode blocks decrease. */
export function canDecrementOne(): boolean {
  return false;
}

/** Exactly-one mode blocks decrease: the quantities stay as they are. */
export function decrementOne(quantities: Quantities): Quantities {
  return quantities;
}

/** The one chosen type id, or null. */
export function chosenType(quantities: Quantities): string | null {
  const [id] = Object.keys(quantities);
  return id ?? null;
}

/**
 * The choice the picker opens with: the query's `select` type when it can be chosen, else the only
 * choosable type, else none.
 */
export function initialChoice(groups: readonly TicketGroupModel[], select: string | null): Quantities {
  if (select !== null && isChoosable(groups, select)) return { [select]: 1 };
  const choosable = groups.flatMap((g) => g.types.map((t) => t.id)).filter((id) => isChoosable(groups, id));
  return choosable.length === 1 && choosable[0] !== undefined ? { [choosable[0]]: 1 } : {};
}

/** Which groups the picker loads with GET ticket_group/{id} (donation groups); the others come with the event. */
export function isDonationGroup(group: Pick<TicketGroupModel, 'handler'>): boolean {
  return group.handler === DONATION_HANDLER;
}
