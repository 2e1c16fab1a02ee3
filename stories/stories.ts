/**
 * The story of every registered machine: its own story where one is written (fixtures shared with the
 * path tests), otherwise a generic one (no input, the machine's named events without payload), so a new
 * machine in the registry appears in the viewer without touching it.
 */
import { __unsafe_getAllOwnEventDescriptors, type AnyStateMachine, type EventObject } from 'xstate';
import { machines } from '../machines';
import { accountStory } from './fixtures/account';
import { addressLookupStory } from './fixtures/addressLookup';
import { appStory } from './fixtures/app';
import { autoRenewCancelStory } from './fixtures/autoRenewCancel';
import { cancelFreeOrderStory } from './fixtures/cancelFreeOrder';
import { cartStory } from './fixtures/cart';
import { checkoutStory } from './fixtures/checkout';
import { dateFirstReserveStory } from './fixtures/dateFirstReserve';
import { donationStory } from './fixtures/donation';
import { editOrderStory } from './fixtures/editOrder';
import { emailSubmitStory } from './fixtures/emailSubmit';
import { giftCardStory } from './fixtures/giftCard';
import { giftRedeemStory } from './fixtures/giftRedeem';
import { listingStory } from './fixtures/listing';
import { loginStory } from './fixtures/login';
import { membershipPurchaseStory } from './fixtures/membershipPurchase';
import { modalsStory } from './fixtures/modals';
import { oneTicketReserveStory } from './fixtures/oneTicketReserve';
import { orderLoadStory } from './fixtures/orderLoad';
import { passwordResetStory } from './fixtures/passwordReset';
import { pendingOrderStory } from './fixtures/pendingOrder';
import { promoCodeStory } from './fixtures/promoCode';
import { quantityFirstReserveStory } from './fixtures/quantityFirstReserve';
import { rescheduleStory } from './fixtures/reschedule';
import { reserveIntoCartStory } from './fixtures/reserveIntoCart';
import { scheduledPaymentsStory } from './fixtures/scheduledPayments';
import { seatMapStory } from './fixtures/seatMap';
import { sessionStory } from './fixtures/session';
import { setEmailStory } from './fixtures/setEmail';
import { singleEventReserveStory } from './fixtures/singleEventReserve';
import type { MachineStory } from './fixtures/story';
import { ticketFormStory } from './fixtures/ticketForm';
import { upsellStory } from './fixtures/upsell';
import { verifyEmailStory } from './fixtures/verifyEmail';

const written: Record<string, MachineStory> = {
  account: accountStory,
  addressLookup: addressLookupStory,
  app: appStory,
  autoRenewCancel: autoRenewCancelStory,
  cancelFreeOrder: cancelFreeOrderStory,
  cart: cartStory,
  checkout: checkoutStory,
  dateFirstReserve: dateFirstReserveStory,
  donation: donationStory,
  editOrder: editOrderStory,
  modals: modalsStory,
  listing: listingStory,
  login: loginStory,
  membershipPurchase: membershipPurchaseStory,
  oneTicketReserve: oneTicketReserveStory,
  orderLoad: orderLoadStory,
  singleEventReserve: singleEventReserveStory,
  quantityFirstReserve: quantityFirstReserveStory,
  reschedule: rescheduleStory,
  reserveIntoCart: reserveIntoCartStory,
  scheduledPayments: scheduledPaymentsStory,
  seatMap: seatMapStory,
  session: sessionStory,
  emailSubmit: emailSubmitStory,
  giftRedeem: giftRedeemStory,
  passwordReset: passwordResetStory,
  pendingOrder: pendingOrderStory,
  promoCode: promoCodeStory,
  giftCard: giftCardStory,
  setEmail: setEmailStory,
  ticketForm: ticketFormStory,
  upsell: upsellStory,
  verifyEmail: verifyEmailStory,
};

function genericStory(machine: AnyStateMachine): MachineStory {
  return {
    machine,
    inputs: [{ label: 'no input', input: undefined }],
    events: (snapshot) =>
      __unsafe_getAllOwnEventDescriptors(snapshot)
        .filter((type) => !type.startsWith('xstate.') && !type.includes('*'))
        .map((type): EventObject => ({ type })),
  };
}

/** Every registered machine's story, keyed by machine id, in the registry's order. */
export const stories: Record<string, MachineStory> = Object.fromEntries(
  Object.entries(machines as Record<string, AnyStateMachine>).map(([id, machine]) => [
    id,
    written[id] ?? genericStory(machine),
  ]),
);
