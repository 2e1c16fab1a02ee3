/** Registry of every flow machine, used by the inspector, the story viewer and the exporter. */
import { appMachine } from './app/app.machine';
import { cartMachine } from './cart/cart.machine';
import { checkoutMachine } from './checkout/checkout.machine';
import { loginMachine } from './login/login.machine';
import { modalsMachine } from './modals/modals.machine';
import { dateFirstReserveMachine } from './reserve/dateFirstReserve.machine';
import { quantityFirstReserveMachine } from './reserve/quantityFirstReserve.machine';
import { sessionMachine } from './session/session.machine';

export {
  appMachine,
  cartMachine,
  checkoutMachine,
  dateFirstReserveMachine,
  loginMachine,
  modalsMachine,
  quantityFirstReserveMachine,
  sessionMachine,
};

/** Every machine keyed by its id. */
export const machines = {
  app: appMachine,
  cart: cartMachine,
  checkout: checkoutMachine,
  dateFirstReserve: dateFirstReserveMachine,
  login: loginMachine,
  modals: modalsMachine,
  quantityFirstReserve: quantityFirstReserveMachine,
  session: sessionMachine,
} as const;
