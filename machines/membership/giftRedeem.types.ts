/** Redeem a gift membership (spec 3 §2 "Redeem membership page", §4 "Redeem", §5 "Gift code", §8 "Redeem"). */
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

export interface RedeemReserveInput {
  code: string;
  level: RedeemLevel;
  /** What the membership form collected (members, survey answers, auto-renew), as the form hands it over. */
  details: unknown;
}
/** What the provided `reserve` answers: whether upsells are on (then `/events`, else `/checkout`). */
export interface RedeemReserveOutput {
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
}

export type GiftRedeemEvent =
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
