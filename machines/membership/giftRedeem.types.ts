/** Redeem a gift membership (spec 3 §2 "Redeem membership page", §4 "Redeem", §5 "Gift code", §8 "Redeem"). */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { CartModel } from '../../api/models';
import type { ReserveChildEvent } from '../reserve/core/types';
import type { Message } from '../shared/messages';

export interface GiftRedeemInput {
  /** The `gift_code` query parameter (used only when it has exactly 10 characters). */
  giftCode: string | null;
}

/** A membership level the code may buy (a ticket type of the membership event). */
export interface RedeemLevel {
  /** Ticket type id. */
  id: string;
  ticketGroupId: string;
  name: string;
  /** The level's rank (higher is a higher level). */
  rank: number;
  /** The level's currency amount (minor units). */
  amount: number;
  /** What it costs with the code (minor units); null when the code does not discount it. */
  discountedAmount: number | null;
  /** The named member slots of its form (role, and whether the email is required, optional or hidden). */
  named?: { partyRole: string; emailRequired: 'yes' | 'no' | 'other' }[];
}

export interface LookupCodeInput {
  code: string;
}
/** What the provided `lookupCode` answers: the gift code lookup (spec 3 §3) and the levels it may buy. */
export interface LookupCodeOutput {
  /** Epoch ms, or null (no bound). */
  validFrom: number | null;
  validTo: number | null;
  exhausted: boolean;
  /** When the lookup was answered (epoch ms, the route's clock): expiry is judged against it. */
  checkedAt: number;
  levels: RedeemLevel[];
}

/** What the provided `checkCart` answers: whether the visitor's cart already holds a membership. */
export interface CheckCartOutput {
  holdsMembership: boolean;
}

/** What the provided `checkUpsells` answers after the reserve: whether upsells are on (then `/events`). */
export interface CheckUpsellsOutput {
  upsells: boolean;
}

export interface GiftRedeemContext {
  code: string;
  /** The code field's message ('You must enter a valid code', expired, already redeemed). */
  codeError: Message | null;
  /** The levels shown (at most 3). */
  levels: RedeemLevel[];
  levelId: string | null;
  details: unknown;
  /** A message of the redeem step (reserve, cart). */
  formError: Message | null;
  refusals: number;
  /** The cart the reserve answered with. */
  cart: CartModel | null;
}

/** What the actors the flow invokes answer: typed, so the flow reads them without casts. */
export type GiftRedeemActorEvent =
  | DoneActorEvent<LookupCodeOutput, 'lookupCode'>
  | ErrorActorEvent<unknown, 'lookupCode'>
  | DoneActorEvent<CheckCartOutput, 'checkCart'>
  | ErrorActorEvent<unknown, 'checkCart'>
  | DoneActorEvent<unknown, 'discardCart'>
  | ErrorActorEvent<unknown, 'discardCart'>
  | ReserveChildEvent
  | DoneActorEvent<CheckUpsellsOutput, 'checkUpsells'>
  | ErrorActorEvent<unknown, 'checkUpsells'>;

export type GiftRedeemEvent =
  | GiftRedeemActorEvent
  | { type: 'code.change'; value: string }
  /** Submit of the gift code. */
  | { type: 'submit' }
  | { type: 'level.select'; levelId: string }
  /** Submit of the membership form: reserve the chosen level with the code. */
  | { type: 'redeem'; details?: unknown }
  /** The cart-conflict dialog: discard the cart and go on, go to checkout, or close it. */
  | { type: 'cart.discard' }
  | { type: 'cart.checkout' }
  | { type: 'cart.dismiss' };
