import type { AnyActorRef, DoneActorEvent } from 'xstate';
import type { CartModel, TicketGroupModel } from '../../api/models';
import type { FlowError } from '../shared/flow-error';
import type { Message } from '../shared/messages';

export type { CartModel, FlowError, TicketGroupModel };

export interface DonationInput {
  /** The donation group checkout offers (the seller's `checkout_donation`). */
  groupId: string;
  /** The app cart when the form opens (its donation, if any, is the choice the form opens with). */
  cart: CartModel | null;
  /**
   * The app cart (systemId `cart`), followed from inside: the donation's ticket ids a change removes are read
   * from the cart as it is when the change is made. Absent in tests and stories.
   */
  cartActor?: AnyActorRef | null;
}

/** What the last change did, for the live-region notice. */
export interface DonationNotice {
  kind: 'added' | 'removed';
  /** The donation's amount (added), or the one removed. */
  amountCents: number;
}

export interface DonationContext {
  groupId: string;
  /** The donation group with its types, once loaded. */
  group: TicketGroupModel | null;
  /** The app cart as last seen (followed): its donation lines carry the ticket ids a change removes. */
  cart: CartModel | null;
  /** The chosen ticket type: a preset amount's, or the visitor's own amount's; null: none chosen. */
  choice: string | null;
  /** The visitor's own amount as typed (kept as typed, also when it does not fit). */
  amount: string;
  /** A submit was stopped by the amount rule: the amount's problem shows from now on. */
  checked: boolean;
  /** The server's refusal of the last change, or null. */
  error: Message | null;
  notice: DonationNotice | null;
  /** Refused submits and changes so far: the view moves focus to the message on each. */
  refusals: number;
  cartActor: AnyActorRef | null;
}

export type DonationEvent =
  /** A preset amount (a fixed-price type) pressed, or the own-amount type chosen. */
  | { type: 'amount.choose'; ticketTypeId: string }
  /** The visitor typed their own amount: the own-amount type is chosen. */
  | { type: 'amount.change'; value: string }
  /** Add the chosen donation to the cart, or change the one there to it. */
  | { type: 'submit' }
  /** Take the donation out of the cart. */
  | { type: 'remove' }
  /** The app cart changed (followed). */
  | { type: 'cart.change'; cart: CartModel }
  /** The donation group loaded; a change answered with the cart. */
  | DoneActorEvent<TicketGroupModel, 'loadGroup'>
  | DoneActorEvent<CartModel, 'saveDonation'>
  | DoneActorEvent<CartModel, 'removeDonation'>;

/** What the provided `loadGroup` receives: GET ticket_group/{id}?handler=donation&_embed=ticket_type. */
export interface LoadGroupInput {
  groupId: string;
}

/** A donation ticket to add: its type and, for the visitor's own amount, the face value ('12.50'). */
export interface DonationItem {
  ticketTypeId: string;
  faceValue: string | null;
}

/**
 * What the provided `changeDonation` receives (spec 2 §4 "Donations": remove ticket ids and add ticket items, in
 * one cart modification); the route reads the cart id when it acts. `add` null: the donation is removed.
 */
export interface ChangeDonationInput {
  remove: string[];
  add: DonationItem | null;
}
