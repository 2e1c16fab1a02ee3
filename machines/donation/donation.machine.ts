/**
 * Checkout's donation form (spec 2 §2 "Donation form if the cart is modifiable and not a gift"; §4 "Donations:
 * donation changes to the cart remove ticket ids and add ticket items"; spec 1 §7 GET ticket_group/{id} with
 * handler=donation, embed ticket_type; issue 23).
 *
 * It loads the donation group the seller offers (the provided `loadGroup`); a group that cannot be loaded, or
 * offers no amount, shows no form. The visitor presses a preset amount (a fixed-price type) or types an own
 * amount (the group's flexible-price type: spec 1 §5 pattern and bounds, 'Value entered is outside min/max.',
 * what was typed is kept). Submit makes one cart modification (the provided `changeDonation`, the cart id read
 * when it acts): the ticket ids of the donation the cart holds now (the app cart, followed) out, the chosen
 * ticket in, so the cart never holds two donations; Remove takes the donation's ids out. The fresh cart goes to
 * the app cart (injected `cartApplied`: checkout's totals, gift cards and payment plan follow it). A refusal
 * shows its message and keeps the amount chosen; the cart is as it was (the server changes it in one step).
 *
 * No I/O: `loadGroup` and `changeDonation` are provided by the route; `cartApplied` is an injected action.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CartModel, TicketGroupModel } from '../../api/models';
import { selectCart } from '../cart/current';
import type { CartSnapshot } from '../cart/selectors';
import { errorOf } from '../shared/flow-error';
import { type FollowInput, followActor } from '../shared/follow';
import { notProvided } from '../shared/not-provided';
import {
  amountProblem,
  cartDonation,
  changeErrorMessage,
  changeOf,
  chosenAmountCents,
  chosenItem,
  donationTicketIds,
  initialChoice,
  offersAmounts,
  ownAmountType,
  sameAsCart,
} from './rules';
import type {
  ChangeDonationInput,
  DonationContext,
  DonationEvent,
  DonationInput,
  LoadGroupInput,
} from './types';

/** The cart a saved or removed donation answered. */
function changedCart(event: DonationEvent): CartModel {
  assertEvent(event, ['xstate.done.actor.saveDonation', 'xstate.done.actor.removeDonation']);
  return event.output;
}
/** The donation group that loaded. */
function loadedGroup(event: DonationEvent): TicketGroupModel {
  assertEvent(event, 'xstate.done.actor.loadGroup');
  return event.output;
}

/** Named mapper: the initial context. */
export function initialDonationContext({ input }: { input: DonationInput }): DonationContext {
  return {
    groupId: input.groupId,
    group: null,
    cart: input.cart,
    choice: null,
    amount: '',
    checked: false,
    error: null,
    notice: null,
    refusals: 0,
    cartActor: input.cartActor ?? null,
  };
}

function followCartInput({ context }: { context: DonationContext }): FollowInput {
  return { actor: context.cartActor };
}

/** Named mapper: what `loadGroup` receives. */
export function loadGroupInput({ context }: { context: DonationContext }): LoadGroupInput {
  return { groupId: context.groupId };
}

/** Named mapper: the submit's one modification (the cart's donation ids out, the chosen ticket in). */
export function saveInput({ context }: { context: DonationContext }): ChangeDonationInput {
  return changeOf(context);
}

/** Named mapper: Remove's modification (the cart's donation ids out, nothing in). */
export function removeInput({ context }: { context: DonationContext }): ChangeDonationInput {
  return { remove: donationTicketIds(context.cart, context.group), add: null };
}

const donationSetup = setup({
  types: {
    context: {} as DonationContext,
    events: {} as DonationEvent,
    input: {} as DonationInput,
  },
  actors: {
    /** The app cart, as `cart.change` whenever it changes (the donation a change removes). */
    followCart: followActor((snapshot: CartSnapshot) => {
      const cart = selectCart(snapshot);
      return cart ? { type: 'cart.change' as const, cart } : null;
    }),
    loadGroup: fromPromise<TicketGroupModel, LoadGroupInput>(notProvided('loadGroup')),
    changeDonation: fromPromise<CartModel, ChangeDonationInput>(notProvided('changeDonation')),
  },
  actions: {
    /** Injected: the fresh cart goes to the app cart (`cart.updated`), which checkout and the widget follow. */
    cartApplied: (_args, _params: { cart: CartModel }) => {},
    takeGroup: assign(({ context, event }) => {
      const group = loadedGroup(event);
      return { group, ...initialChoice(context.cart, group) };
    }),
    takeCart: assign(({ event }) => {
      assertEvent(event, 'cart.change');
      return { cart: event.cart };
    }),
    choose: assign(({ event }) => {
      assertEvent(event, 'amount.choose');
      return { choice: event.ticketTypeId, checked: false, error: null, notice: null };
    }),
    typeAmount: assign(({ context, event }) => {
      assertEvent(event, 'amount.change');
      const own = context.group ? ownAmountType(context.group) : null;
      return { amount: event.value, choice: own?.id ?? context.choice, error: null, notice: null };
    }),
    refuseAmount: assign(({ context }) => ({ checked: true, refusals: context.refusals + 1 })),
    startChange: assign({ error: null, notice: null }),
    markAdded: assign(({ context, event }) => ({
      cart: changedCart(event),
      checked: false,
      notice: {
        kind: 'added' as const,
        amountCents: chosenAmountCents(context.group, context.choice, context.amount) ?? 0,
      },
    })),
    markRemoved: assign(({ context, event }) => ({
      cart: changedCart(event),
      choice: null,
      amount: '',
      checked: false,
      notice: {
        kind: 'removed' as const,
        amountCents: cartDonation(context.cart, context.group)?.amountCents ?? 0,
      },
    })),
    showError: assign(({ context, event }) => ({
      error: changeErrorMessage(errorOf(event)),
      refusals: context.refusals + 1,
    })),
  },
  guards: {
    groupOffersAmounts: ({ event }) => offersAmounts(loadedGroup(event)),
    /** The amount pressed is one of the group's types. */
    isGroupType: ({ context, event }) => {
      assertEvent(event, 'amount.choose');
      return context.group?.types.some((t) => t.id === event.ticketTypeId) ?? false;
    },
    /** The own amount is chosen and does not fit its bounds (spec 1 §5). */
    amountRefused: ({ context }) => amountProblem(context.group, context.choice, context.amount) !== null,
    /** A valid choice that differs from the donation the cart holds. */
    choiceIsNew: ({ context }) =>
      chosenItem(context.group, context.choice, context.amount) !== null && !sameAsCart(context),
    cartHasDonation: ({ context }) => donationTicketIds(context.cart, context.group).length > 0,
  },
});

export const donationMachine = donationSetup
  .extend({
    actions: {
      notifyCartApplied: donationSetup.enqueueActions(({ event, enqueue }) => {
        enqueue({ type: 'cartApplied', params: { cart: changedCart(event) } });
      }),
    },
  })
  .createMachine({
    id: 'donation',
    description:
      "Checkout's donation form: load the seller's donation group, choose a preset or an own amount, and add, change or remove the cart's donation in one cart modification.",
    context: initialDonationContext,
    initial: 'loading',
    invoke: { src: 'followCart', id: 'followCart', input: followCartInput },
    on: {
      'cart.change': { actions: 'takeCart' },
    },
    states: {
      loading: {
        description:
          'GET ticket_group/{id} (handler donation, embed ticket_type): the form waits for its amounts.',
        tags: ['loading'],
        invoke: {
          id: 'loadGroup',
          src: 'loadGroup',
          input: loadGroupInput,
          onDone: [
            { guard: 'groupOffersAmounts', target: 'ready', actions: 'takeGroup' },
            { target: 'unavailable' },
          ],
          onError: { target: 'unavailable' },
        },
      },
      unavailable: {
        description: 'The group could not be loaded or offers no amount: checkout shows no donation form.',
        type: 'final',
      },
      ready: {
        description:
          'The visitor chooses a preset or types an own amount (kept as typed); the last refusal or change is shown.',
        on: {
          'amount.choose': { guard: 'isGroupType', actions: 'choose' },
          'amount.change': { actions: 'typeAmount' },
          submit: [
            { guard: 'amountRefused', actions: 'refuseAmount' },
            { guard: 'choiceIsNew', target: 'saving', actions: 'startChange' },
          ],
          remove: { guard: 'cartHasDonation', target: 'removing', actions: 'startChange' },
        },
      },
      saving: {
        description:
          "One cart modification: the cart's donation ticket ids removed, the chosen ticket added; the form waits.",
        tags: ['submitting'],
        invoke: {
          id: 'saveDonation',
          src: 'changeDonation',
          input: saveInput,
          onDone: { target: 'ready', actions: ['notifyCartApplied', 'markAdded'] },
          onError: { target: 'ready', actions: 'showError' },
        },
      },
      removing: {
        description: "One cart modification: the cart's donation ticket ids removed; the form waits.",
        tags: ['submitting'],
        invoke: {
          id: 'removeDonation',
          src: 'changeDonation',
          input: removeInput,
          onDone: { target: 'ready', actions: ['notifyCartApplied', 'markRemoved'] },
          onError: { target: 'ready', actions: 'showError' },
        },
      },
    },
  });

export type DonationMachine = typeof donationMachine;
