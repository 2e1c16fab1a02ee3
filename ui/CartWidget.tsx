/** The cart widget (spec 2 §2): the frame (first load) and its contents (loaded once the cart has tickets). */

export {
  CartContents,
  CartItems,
  CartLines,
  CartWidget,
  type CartWidgetItem,
  type CartWidgetLine,
  type CartWidgetProps,
  type CartWidgetTotal,
  type ExpiryTimerView,
  type MoreTimeView,
  PayButton,
  type RemoveRequest,
} from './cart/CartContents';
export { CartFrame } from './cart/CartFrame';
