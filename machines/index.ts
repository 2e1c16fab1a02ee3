/** Registry of every flow machine, used by the inspector, the story viewer and the exporter. */
import { appMachine } from './app/app.machine';
import { cartMachine } from './cart/cart.machine';
import { checkoutMachine } from './checkout/checkout.machine';
import { listingMachine } from './listing/listing.machine';
import { modalsMachine } from './modals/modals.machine';
import { dateFirstReserveMachine } from './reserve/dateFirstReserve.machine';
import { sessionMachine } from './session/session.machine';
import { upsellMachine } from './upsell/upsell.machine';

export {
  appMachine,
  cartMachine,
  checkoutMachine,
  dateFirstReserveMachine,
  listingMachine,
  modalsMachine,
  sessionMachine,
  upsellMachine,
};

/** Every machine keyed by its id. */
export const machines = {
  app: appMachine,
  cart: cartMachine,
  checkout: checkoutMachine,
  dateFirstReserve: dateFirstReserveMachine,
  listing: listingMachine,
  modals: modalsMachine,
  session: sessionMachine,
  upsell: upsellMachine,
} as const;
