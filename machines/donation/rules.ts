/**
 * Pure rules of checkout's donation form (spec 2 §2 "Donation form if the cart is modifiable and not a gift", §4
 * "Donations: donation changes to the cart remove ticket ids and add ticket items"; spec 1 §3, §5 flexible price).
 *
 * - The group's fixed-price types are the preset amounts, by rank; its first type with a minimum or a maximum
 *   is the visitor's own amount (spec 1 §5: the pattern, within the bounds, 'Value entered is outside min/max.').
 * - The cart's donation is its lines of the group's types (each carries its ticket ids): a change removes
 *   exactly those ids and adds the one new ticket, so the cart never holds two donations.
 */
import { described, genericMessageKey, outcomeMessage } from '../../domain/error-messages/base';
import { amountCents, fitsBounds, isFlexiblePrice, moneyText } from '../../domain/flexible-price';
import { type Message, message } from '../shared/messages';
import type { CartModel, ChangeDonationInput, DonationItem, FlowError, TicketGroupModel } from './types';

type Type = TicketGroupModel['types'][number];

/** The preset amounts: the group's fixed-price types, by rank. */
export const presetTypes = (group: TicketGroupModel): Type[] =>
  group.types.filter((type) => !isFlexiblePrice(type)).sort((a, b) => a.rank - b.rank);

/** The visitor's own amount: the group's first type with a minimum or a maximum, or null. */
export const ownAmountType = (group: TicketGroupModel): Type | null =>
  [...group.types].sort((a, b) => a.rank - b.rank).find(isFlexiblePrice) ?? null;

/** A group the form can offer: at least one amount to choose. */
export const offersAmounts = (group: TicketGroupModel): boolean => group.types.length > 0;

/** The cart's donation lines: its lines of the group's types. */
function donationLines(cart: CartModel | null, group: TicketGroupModel | null) {
  if (!cart || !group) return [];
  const ids = new Set(group.types.map((type) => type.id));
  return cart.items.flatMap((item) => item.lines.filter((line) => ids.has(line.ticketTypeId)));
}

/** The ticket ids of the cart's donation (what a change removes), in cart order. */
export const donationTicketIds = (cart: CartModel | null, group: TicketGroupModel | null): string[] =>
  donationLines(cart, group).flatMap((line) => line.ticketIds ?? []);

/** The cart's donation: its type and amount (the first donation line), or null. */
export function cartDonation(
  cart: CartModel | null,
  group: TicketGroupModel | null,
): { ticketTypeId: string; amountCents: number } | null {
  const [line] = donationLines(cart, group);
  return line ? { ticketTypeId: line.ticketTypeId, amountCents: line.unitCents } : null;
}

/** The choice the form opens with: the cart's donation (its own amount as typed text), else none. */
export function initialChoice(
  cart: CartModel | null,
  group: TicketGroupModel,
): { choice: string | null; amount: string } {
  const own = ownAmountType(group);
  const current = cartDonation(cart, group);
  if (!current) return { choice: null, amount: '' };
  return {
    choice: current.ticketTypeId,
    amount: own?.id === current.ticketTypeId ? moneyText(current.amountCents) : '',
  };
}

/** The own amount's problem ('Value entered is outside min/max.') when it is chosen and does not fit, else null. */
export function amountProblem(group: TicketGroupModel | null, choice: string | null, amount: string) {
  const own = group ? ownAmountType(group) : null;
  if (!own || choice !== own.id) return null;
  // The reserve forms' rule (domain/flexible-price.ts, the server's too), without their chunk.
  const cents = amountCents(amount);
  return cents !== null && fitsBounds(own, cents) ? null : message('flexiblePriceOutside');
}

/** The amount chosen in cents (a preset's price, the own amount typed when it fits), or null. */
export function chosenAmountCents(
  group: TicketGroupModel | null,
  choice: string | null,
  amount: string,
): number | null {
  const type = group?.types.find((t) => t.id === choice);
  if (!type) return null;
  if (!isFlexiblePrice(type)) return type.priceCents;
  const cents = amountCents(amount);
  return cents !== null && fitsBounds(type, cents) ? cents : null;
}

/** The ticket the choice adds: its type, and the own amount as its face value; null without a valid choice. */
export function chosenItem(
  group: TicketGroupModel | null,
  choice: string | null,
  amount: string,
): DonationItem | null {
  const type = group?.types.find((t) => t.id === choice);
  const cents = chosenAmountCents(group, choice, amount);
  if (!type || cents === null) return null;
  return { ticketTypeId: type.id, faceValue: isFlexiblePrice(type) ? moneyText(cents) : null };
}

/** The choice is what the cart already holds (same type, same amount): nothing to change. */
export function sameAsCart(context: {
  cart: CartModel | null;
  group: TicketGroupModel | null;
  choice: string | null;
  amount: string;
}): boolean {
  const current = cartDonation(context.cart, context.group);
  return (
    current !== null &&
    donationTicketIds(context.cart, context.group).length === 1 &&
    current.ticketTypeId === context.choice &&
    current.amountCents === chosenAmountCents(context.group, context.choice, context.amount)
  );
}

/** The one modification a submit makes: the cart's donation ids out, the chosen ticket in. */
export function changeOf(context: {
  cart: CartModel | null;
  group: TicketGroupModel | null;
  choice: string | null;
  amount: string;
}): ChangeDonationInput {
  return {
    remove: donationTicketIds(context.cart, context.group),
    add: chosenItem(context.group, context.choice, context.amount),
  };
}

/**
 * A refused change: the server's description of a known code (e.g. an amount outside the bounds), else the
 * reserve's generic message (spec 1 §8), as a reserve's refusal reads (domain/error-messages/reserve.ts: a
 * donation is never for a sold-out session nor behind a code).
 */
export const changeErrorMessage = (error: FlowError): Message =>
  outcomeMessage(described(error, genericMessageKey('reserve')), 'reserve');
