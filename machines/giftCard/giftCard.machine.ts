/**
 * The gift card field of checkout's payment section (spec 2 §2, §3, §4 "Gift cards", §5, §8; issue 22).
 *
 * The visitor types a number (at most 70 characters kept) and applies it: an empty number is refused ("required",
 * ours), a card applied already too ("Oops! You already applied this gift card"), both without a call. Otherwise
 * the provided `lookupCard` looks it up (GET ledger/{ledgerType}/{cardNumber}): a card with balance 0 or less,
 * or not active, is refused ("Gift Card balance is $0"); a usable card becomes a pending gift card payment (what
 * it pays of what is still due, and the balance left), the field clears, and the injected `cardsChanged` hands
 * the pending payments on (the cart widget's gift card lines, checkout's submit). 404: "Gift card not found.";
 * any other failure: the generic gift card error. When the amount due changes the payments are spread again.
 * With a payment plan the checkout pays less than the cart owes (the due amount, or another amount the scheduled
 * payments panel chose, spec 2 §4): the field follows the checkout's amount to pay (`limit.change`) and the cards
 * pay at most that, so what it shows ("Balance left", the amounts) is what the checkout will post.
 *
 * No I/O: `lookupCard` is provided by the route; `cardsChanged` is an injected action.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { amountToPayNowCents, GIFT_CARD_LEDGER_TYPE } from '../../domain/gift-card-rule';
import { selectCart } from '../cart/current';
import type { CartSnapshot } from '../cart/selectors';
import type { CheckoutSnapshot } from '../checkout/selectors';
import { errorOf } from '../shared/flow-error';
import { type FollowInput, followActor } from '../shared/follow';
import { message } from '../shared/messages';
import { notProvided } from '../shared/not-provided';
import {
  cardNumberOf,
  cardUsable,
  keptNumber,
  lookupErrorMessage,
  numberFieldError,
  spreadOverCents,
  spreadPayments,
} from './rules';
import type {
  GiftCardContext,
  GiftCardEvent,
  GiftCardInput,
  GiftCardPayment,
  LookupCardInput,
  LookupCardOutput,
} from './types';

/** The card the lookup found. */
function foundCard(event: GiftCardEvent): LookupCardOutput {
  assertEvent(event, 'xstate.done.actor.lookupCard');
  return event.output;
}

/**
 * The applied cards' payments for what is due (at most the checkout's amount to pay), in the order applied (the
 * balances' insertion order).
 */
const spread = (balances: Record<string, number>, dueCents: number, limitCents: number | null) =>
  spreadPayments(Object.keys(balances), balances, spreadOverCents(dueCents, limitCents));

/**
 * What the checkout pays now, before gift cards (its scheduled payments panel's choice less what gift cards already
 * paid of it, else the outstanding balance): the limit the cards are spread over. The rule is the checkout's
 * (domain/gift-card-rule), read from its snapshot.
 */
export const checkoutLimitCents = ({ context }: Pick<CheckoutSnapshot, 'context'>): number =>
  amountToPayNowCents(context.cart.totals.outstandingCents, context.instalmentCents, context.paidNowCents);

/** Named mapper: the initial context. */
export function initialGiftCardContext({ input }: { input: GiftCardInput }): GiftCardContext {
  const dueCents = Math.max(0, input.dueCents);
  const limitCents = input.limitCents ?? null;
  // Cards applied before (kept on the app cart): their balance is what they pay plus what they keep.
  const balances = Object.fromEntries(
    (input.cards ?? []).map((card) => [card.cardNumber, card.paymentCents + card.remainingBalanceCents]),
  );
  return {
    number: '',
    dueCents,
    limitCents,
    cards: spread(balances, dueCents, limitCents),
    fieldError: null,
    error: null,
    balances,
    refusals: 0,
    cartActor: input.cartActor ?? null,
    checkoutActor: input.checkoutActor ?? null,
  };
}

function followCartInput({ context }: { context: GiftCardContext }): FollowInput {
  return { actor: context.cartActor };
}
function followCheckoutInput({ context }: { context: GiftCardContext }): FollowInput {
  return { actor: context.checkoutActor };
}

/** Named mapper: what `lookupCard` receives. */
export function lookupCardInput({ context }: { context: GiftCardContext }): LookupCardInput {
  return { ledgerType: GIFT_CARD_LEDGER_TYPE, number: cardNumberOf(context.number) };
}

const giftCardSetup = setup({
  types: {
    context: {} as GiftCardContext,
    events: {} as GiftCardEvent,
    input: {} as GiftCardInput,
  },
  actors: {
    /** The app cart's outstanding balance, as `due.change` whenever it changes (what the cards are spread over). */
    followCart: followActor((snapshot: CartSnapshot) => {
      const cart = selectCart(snapshot);
      return cart ? { type: 'due.change' as const, dueCents: cart.totals.outstandingCents } : null;
    }),
    /** The checkout's amount to pay now, as `limit.change` whenever it changes (the cards pay at most that). */
    followCheckout: followActor((snapshot: CheckoutSnapshot) => ({
      type: 'limit.change' as const,
      limitCents: checkoutLimitCents(snapshot),
    })),
    lookupCard: fromPromise<LookupCardOutput, LookupCardInput>(notProvided('lookupCard')),
  },
  actions: {
    /** Injected: the pending gift card payments changed (the widget's lines, checkout's submit). */
    cardsChanged: (_args, _params: { cards: GiftCardPayment[]; limitCents: number | null }) => {},
    changeNumber: assign(({ event }) => {
      assertEvent(event, 'number.change');
      return { number: keptNumber(event.value), fieldError: null };
    }),
    startLookup: assign({ fieldError: null, error: null }),
    refuseNumber: assign(({ context }) => ({
      fieldError: numberFieldError(context.number, context.cards),
      error: null,
      refusals: context.refusals + 1,
    })),
    addCard: assign(({ context, event }) => {
      const card = foundCard(event);
      const balances = { ...context.balances, [cardNumberOf(context.number)]: card.balanceCents };
      return { balances, cards: spread(balances, context.dueCents, context.limitCents), number: '' };
    }),
    refuseEmpty: assign(({ context }) => ({
      error: message('giftCardEmpty'),
      refusals: context.refusals + 1,
    })),
    showLookupError: assign(({ context, event }) => ({
      error: lookupErrorMessage(errorOf(event)),
      refusals: context.refusals + 1,
    })),
    /** A card checkout paid with is spent: it leaves the applied cards (its balance is no longer ours to spread). */
    forgetSpentCard: assign(({ context, event }) => {
      assertEvent(event, 'card.spent');
      const { [event.cardNumber]: _spent, ...balances } = context.balances;
      return { balances, cards: spread(balances, context.dueCents, context.limitCents) };
    }),
    changeDue: assign(({ context, event }) => {
      assertEvent(event, 'due.change');
      const dueCents = Math.max(0, event.dueCents);
      return { dueCents, cards: spread(context.balances, dueCents, context.limitCents) };
    }),
    changeLimit: assign(({ context, event }) => {
      assertEvent(event, 'limit.change');
      const limitCents = event.limitCents === null ? null : Math.max(0, event.limitCents);
      return { limitCents, cards: spread(context.balances, context.dueCents, limitCents) };
    }),
  },
  guards: {
    numberIsValid: ({ context }) => numberFieldError(context.number, context.cards) === null,
    cardIsUsable: ({ event }) => cardUsable(foundCard(event)),
  },
});

export const giftCardMachine = giftCardSetup
  .extend({
    actions: {
      notifyCards: giftCardSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'cardsChanged', params: { cards: context.cards, limitCents: context.limitCents } });
      }),
    },
  })
  .createMachine({
    id: 'giftCard',
    description:
      "Checkout's gift card field: type a number, look it up, and apply it as a pending gift card payment.",
    context: initialGiftCardContext,
    initial: 'editing',
    invoke: [
      { src: 'followCart', id: 'followCart', input: followCartInput },
      { src: 'followCheckout', id: 'followCheckout', input: followCheckoutInput },
    ],
    on: {
      'due.change': { actions: ['changeDue', 'notifyCards'] },
      'limit.change': { actions: ['changeLimit', 'notifyCards'] },
      'card.spent': { actions: ['forgetSpentCard', 'notifyCards'] },
    },
    states: {
      editing: {
        description:
          'The visitor types a number; the last refusal is shown and what was typed is kept. Applied cards are listed.',
        on: {
          'number.change': { actions: 'changeNumber' },
          apply: [
            { guard: 'numberIsValid', target: 'lookingUp', actions: 'startLookup' },
            { actions: 'refuseNumber' },
          ],
        },
      },
      lookingUp: {
        description: 'GET ledger/{ledgerType}/{cardNumber}: further applies are ignored.',
        tags: ['submitting'],
        invoke: {
          id: 'lookupCard',
          src: 'lookupCard',
          input: lookupCardInput,
          onDone: [
            { guard: 'cardIsUsable', target: 'editing', actions: ['addCard', 'notifyCards'] },
            { target: 'editing', actions: 'refuseEmpty' },
          ],
          onError: { target: 'editing', actions: 'showLookupError' },
        },
      },
    },
  });

export type GiftCardMachine = typeof giftCardMachine;
