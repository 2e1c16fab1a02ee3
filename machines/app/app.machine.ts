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
import { modalsMachine } from '../modals/modals.machine';
import { sessionMachine } from '../session/session.machine';
import { cartInput, initialAppContext, sessionInput } from './rules';
import type { AppContext, AppInput } from './types';

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
