import { cartMachine } from '../machines/cart/cart.machine';
import { CartWidget } from '../ui/CartWidget';
export const a = [cartMachine, CartWidget];
