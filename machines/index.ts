/** Registry of every flow machine, used by the inspector, the story viewer and the exporter. */
import { cartMachine } from './cart/cart.machine';
import { checkoutMachine } from './checkout/checkout.machine';
import { modalsMachine } from './modals/modals.machine';
import { dateFirstReserveMachine } from './reserve/dateFirstReserve.machine';

export { cartMachine, checkoutMachine, dateFirstReserveMachine, modalsMachine };

/** Every machine keyed by its id. */
export const machines = {
  cart: cartMachine,
  checkout: checkoutMachine,
  dateFirstReserve: dateFirstReserveMachine,
  modals: modalsMachine,
} as const;
