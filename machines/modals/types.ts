/**
 * The modal stack (spec 3 §2 "Modals", spec 1 §2 "Other widgets"): names, sizes, events and context.
 * Context is plain data (JSON round-trips); a modal's `data` is plain JSON chosen by its opener.
 */

/** The spec's modals, named from its words. */
export const MODAL_NAMES = [
  /** Login. */
  'login',
  /** Membership details. */
  'membershipDetails',
  /** The gift's login-or-guest dialog (shop as a guest, or log in): opened by the membership purchase flow. */
  'loginOrGuest',
  /** The redeem page's cart dialog (Discard / Checkout): opened by the gift redeem flow. */
  'redeemCart',
  /** Mobile cart: closes when the cart ticket count drops to 0. */
  'mobileCart',
  /** Cart expiry: small, not closeable, one confirm button that closes all modals. */
  'cartExpiry',
  /** Promo codes. */
  'promoCodes',
  /** Gift cards. */
  'giftCards',
  /** Terms and conditions (Accept and Decline). */
  'terms',
  /** Description ('More'). */
  'description',
  /** Seat map. */
  'seatMap',
  /** Calendar date picker ('Choose date'). */
  'chooseDate',
  /** The 'code required' modal: prompts for a promo code when a ticket group needs one (the reserve core opens it). */
  'codeRequired',
  /** The cart widget's remove confirm overlay ('Remove these tickets?'); data: the item's ticket ids and name. */
  'removeConfirm',
  /** The manage page's cancel confirm (Confirm and Cancel; spec 2 §2 "Cancel-free-order page"). */
  'cancelOrderConfirm',
] as const;

export type ModalName = (typeof MODAL_NAMES)[number];

export const MODAL_SIZES = ['sm', 'md', 'lg'] as const;
export type ModalSize = (typeof MODAL_SIZES)[number];

/** Plain JSON: what a modal's `data` may hold (no functions, dates, class instances or undefined). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One modal of the stack. */
export interface ModalEntry {
  name: ModalName;
  size: ModalSize;
  /** Escape or a backdrop click may close it. */
  closeable: boolean;
  /** Playing its close transition; removed when the transition ends. */
  closing: boolean;
  /** Plain JSON from the opener (e.g. which event's description), or null. */
  data: JsonValue | null;
}

export interface ModalsContext {
  /** Bottom to top: the last entry is the top modal. Names are unique among the modals not closing. */
  stack: ModalEntry[];
  /**
   * Opens that arrived during a close transition, in arrival order; they are pushed when the transition
   * ends (so the closing modals finish leaving and hand focus back first). Empty outside `closing`.
   */
  deferred: ModalEntry[];
}

export type ModalsEvent =
  /** Open a modal on top; ignored when a modal of that name is open, closing or waiting to open. */
  | { type: 'modal.open'; name: ModalName; size?: ModalSize; closeable?: boolean; data?: JsonValue }
  /** Escape or a backdrop click: closes the top modal when it is closeable (and not already closing). */
  | { type: 'modal.dismiss' }
  /** A button inside a modal, or the app (cart emptied, session ended): closes the named modal. */
  | { type: 'modal.close'; name: ModalName }
  /** Closes every modal (the cart-expiry modal's one button), and drops opens waiting for a transition. */
  | { type: 'modal.closeAll' };
