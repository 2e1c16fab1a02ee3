/** Registry of every flow machine, used by the inspector, the story viewer and the exporter. */
import { accountMachine } from './account/account.machine';
import { addressLookupMachine } from './addressLookup/addressLookup.machine';
import { appMachine } from './app/app.machine';
import { autoRenewCancelMachine } from './autoRenewCancel/autoRenewCancel.machine';
import { cancelFreeOrderMachine } from './cancelFreeOrder/cancelFreeOrder.machine';
import { cartMachine } from './cart/cart.machine';
import { checkoutMachine } from './checkout/checkout.machine';
import { donationMachine } from './donation/donation.machine';
import { editOrderMachine } from './editOrder/editOrder.machine';
import { emailSubmitMachine } from './emailSubmit/emailSubmit.machine';
import { giftCardMachine } from './giftCard/giftCard.machine';
import { listingMachine } from './listing/listing.machine';
import { loginMachine } from './login/login.machine';
import { giftRedeemMachine } from './membership/giftRedeem.machine';
import { membershipPurchaseMachine } from './membership/membershipPurchase.machine';
import { modalsMachine } from './modals/modals.machine';
import { orderLoadMachine } from './orderLoad/orderLoad.machine';
import { passwordResetMachine } from './passwordReset/passwordReset.machine';
import { pendingOrderMachine } from './pendingOrder/pendingOrder.machine';
import { promoCodeMachine } from './promoCode/promoCode.machine';
import { rescheduleMachine } from './reschedule/reschedule.machine';
import { reserveIntoCartMachine } from './reserve/core/reserveIntoCart.machine';
import { ticketFormMachine } from './reserve/core/ticketForm.machine';
import { dateFirstReserveMachine } from './reserve/dateFirstReserve.machine';
import { oneTicketReserveMachine } from './reserve/oneTicketReserve.machine';
import { quantityFirstReserveMachine } from './reserve/quantityFirstReserve.machine';
import { singleEventReserveMachine } from './reserve/singleEventReserve.machine';
import { scheduledPaymentsMachine } from './scheduledPayments/scheduledPayments.machine';
import { seatMapMachine } from './seatmap/seatMap.machine';
import { sessionMachine } from './session/session.machine';
import { setEmailMachine } from './setEmail/setEmail.machine';
import { upsellMachine } from './upsell/upsell.machine';
import { verifyEmailMachine } from './verifyEmail/verifyEmail.machine';

export {
  accountMachine,
  addressLookupMachine,
  appMachine,
  autoRenewCancelMachine,
  cancelFreeOrderMachine,
  cartMachine,
  checkoutMachine,
  dateFirstReserveMachine,
  donationMachine,
  editOrderMachine,
  emailSubmitMachine,
  giftCardMachine,
  giftRedeemMachine,
  listingMachine,
  loginMachine,
  membershipPurchaseMachine,
  modalsMachine,
  oneTicketReserveMachine,
  orderLoadMachine,
  passwordResetMachine,
  pendingOrderMachine,
  promoCodeMachine,
  quantityFirstReserveMachine,
  rescheduleMachine,
  reserveIntoCartMachine,
  scheduledPaymentsMachine,
  seatMapMachine,
  sessionMachine,
  setEmailMachine,
  singleEventReserveMachine,
  ticketFormMachine,
  upsellMachine,
  verifyEmailMachine,
};

/** Every machine keyed by its id. */
export const machines = {
  account: accountMachine,
  addressLookup: addressLookupMachine,
  app: appMachine,
  autoRenewCancel: autoRenewCancelMachine,
  cancelFreeOrder: cancelFreeOrderMachine,
  cart: cartMachine,
  checkout: checkoutMachine,
  dateFirstReserve: dateFirstReserveMachine,
  donation: donationMachine,
  editOrder: editOrderMachine,
  emailSubmit: emailSubmitMachine,
  giftCard: giftCardMachine,
  giftRedeem: giftRedeemMachine,
  listing: listingMachine,
  login: loginMachine,
  membershipPurchase: membershipPurchaseMachine,
  modals: modalsMachine,
  oneTicketReserve: oneTicketReserveMachine,
  orderLoad: orderLoadMachine,
  passwordReset: passwordResetMachine,
  pendingOrder: pendingOrderMachine,
  promoCode: promoCodeMachine,
  quantityFirstReserve: quantityFirstReserveMachine,
  reschedule: rescheduleMachine,
  reserveIntoCart: reserveIntoCartMachine,
  scheduledPayments: scheduledPaymentsMachine,
  seatMap: seatMapMachine,
  session: sessionMachine,
  setEmail: setEmailMachine,
  singleEventReserve: singleEventReserveMachine,
  ticketForm: ticketFormMachine,
  upsell: upsellMachine,
  verifyEmail: verifyEmailMachine,
} as const;
