/**
 * The app root actor (DESIGN "App-wide actors"): owns the app-wide actors as children with a `systemId`, so
 * screens and flows reach them through the actor system instead of closures that copy their state:
 * `cart` (the visitor's cart), `session` (the member) and `modals` (the modal stack).
 *
 * No I/O: the route provides the children with their real implementations
 * (`appMachine.provide({ actors: { cart: cartMachine.provide(...) } })`).
 */
import { setup } from 'xstate';
import { cartMachine } from '../cart/cart.machine';
import type { CartInput } from '../cart/types';
import { modalsMachine } from '../modals/modals.machine';
import { sessionMachine } from '../session/session.machine';
import type { MemberSession, SessionInput } from '../session/types';

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

/** The system ids of the app-wide actors. */
export const APP_ACTORS = { cart: 'cart', session: 'session', modals: 'modals' } as const;

export function initialAppContext({ input }: { input: AppInput }): AppContext {
  return {
    storedCartId: input.storedCartId,
    storedSession: input.storedSession ?? null,
    ...(input.allowMoreTime ? { allowMoreTime: true } : {}),
  };
}
function sessionInput({ context }: { context: AppContext }): SessionInput {
  return { stored: context.storedSession };
}
function cartInput({ context }: { context: AppContext }): CartInput {
  return context.allowMoreTime
    ? { storedCartId: context.storedCartId, allowMoreTime: true }
    : { storedCartId: context.storedCartId };
}

export const appMachine = setup({
  types: { context: {} as AppContext, input: {} as AppInput },
  actors: { cart: cartMachine, session: sessionMachine, modals: modalsMachine },
}).createMachine({
  id: 'app',
  description: 'The storefront: owns the cart, the member session and the modal stack.',
  context: initialAppContext,
  invoke: [
    { id: 'cart', systemId: 'cart', src: 'cart', input: cartInput },
    { id: 'session', systemId: 'session', src: 'session', input: sessionInput },
    { id: 'modals', systemId: 'modals', src: 'modals' },
  ],
});

export type AppMachine = typeof appMachine;
