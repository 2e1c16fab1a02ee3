import type { DoneActorEvent } from 'xstate';
import type { CartModel, UpsellConfig } from '../../api/models';
import type { VisitWindow } from '../listing/rules';

/** Where the visitor is in the chain: the add-on step and the visit window the anchor reserve set. */
export interface UpsellChain {
  step: number;
  anchorEventId: string;
  window: VisitWindow;
}

/** What is kept in local storage (spec 3 §4 "Local stored state": the upsell chain), shared across tabs. */
export interface UpsellStored {
  chain: UpsellChain | null;
  /** `?expresscheckout` switched skipping upsells on. */
  expressCheckout: boolean;
}

export interface UpsellInput {
  /** The stored chain and flag, or null. */
  stored: UpsellStored | null;
}

export interface UpsellContext extends UpsellStored {
  /** The seller's `upsells` configuration; null while loading, or when the seller has none. */
  config: UpsellConfig | null;
}

export type UpsellEvent =
  /** A reserve succeeded on an event route (`skipUpsells`: the flow's skip-upsells option, or gifting). */
  | { type: 'reserved'; cart: CartModel; eventId: string; skipUpsells?: boolean }
  /** The skip add-on button of a step. */
  | { type: 'addon.skip' }
  /** An upsell listing found no matching events. */
  | { type: 'addons.none' }
  /** The route left the event routes. */
  | { type: 'route.left' }
  /** The cart expired (spec 1 §4: the chain is cleared). */
  | { type: 'chain.clear' }
  /** The `expresscheckout` query was read. */
  | { type: 'expresscheckout.set'; on: boolean }
  /** The seller's upsells configuration loaded (null: the seller has none). */
  | DoneActorEvent<UpsellConfig | null, 'loadConfig'>;

/** The params of the injected `navigate`: where the visitor goes next (the route navigates there). */
export interface UpsellNavigation {
  to: '/events' | '/checkout';
}
