/**
 * The app root actor (DESIGN "App-wide actors"): its input (what the route read from local storage), its context
 * and the system ids of the app-wide actors it owns.
 */
import type { MemberSession } from '../session/types';

export interface AppInput {
  /** The cart id saved in local storage, or null. */
  storedCartId: string | null;
  /** The member session saved in local storage (validated by the route), or null. */
  storedSession?: MemberSession | null;
  /** The seller offers 'more time' on the cart's hold. */
  allowMoreTime?: boolean;
}

export interface AppContext {
  storedCartId: string | null;
  storedSession: MemberSession | null;
  allowMoreTime?: boolean;
}

/** The system ids of the app-wide actors (each is also its child id). */
export const APP_ACTORS = { cart: 'cart', session: 'session', modals: 'modals' } as const;

export type AppActorName = keyof typeof APP_ACTORS;
