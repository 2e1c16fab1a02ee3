/** Registry of every flow machine, used by the inspector, the story viewer and the exporter. */
import { appMachine } from './app/app.machine';
import { cartMachine } from './cart/cart.machine';
import { checkoutMachine } from './checkout/checkout.machine';
import { listingMachine } from './listing/listing.machine';
import { loginMachine } from './login/login.machine';
import { modalsMachine } from './modals/modals.machine';
import { dateFirstReserveMachine } from './reserve/dateFirstReserve.machine';
import { oneTicketReserveMachine } from './reserve/oneTicketReserve.machine';
import { quantityFirstReserveMachine } from './reserve/quantityFirstReserve.machine';
import { singleEventReserveMachine } from './reserve/singleEventReserve.machine';
import { sessionMachine } from './session/session.machine';
import { upsellMachine } from './upsell/upsell.machine';

export {
  appMachine,
  cartMachine,
  checkoutMachine,
  dateFirstReserveMachine,
  listingMachine,
  loginMachine,
  modalsMachine,
  oneTicketReserveMachine,
  quantityFirstReserveMachine,
  sessionMachine,
  singleEventReserveMachine,
  upsellMachine,
};

/** Every machine keyed by its id. */
export const machines = {
  app: appMachine,
  cart: cartMachine,
  checkout: checkoutMachine,
  dateFirstReserve: dateFirstReserveMachine,
  listing: listingMachine,
  login: loginMachine,
  modals: modalsMachine,
  oneTicketReserve: oneTicketReserveMachine,
  quantityFirstReserve: quantityFirstReserveMachine,
  session: sessionMachine,
  singleEventReserve: singleEventReserveMachine,
  upsell: upsellMachine,
} as const;
