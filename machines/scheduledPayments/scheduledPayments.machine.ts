/**
 * The scheduled payments panel of checkout (spec 2 §2, §4 "Scheduled payments", §5, §8, §9; issue 22).
 *
 * Options due, outstanding and other; the default is due, and when the due amount equals the outstanding balance
 * only outstanding shows. The amount to pay is the due amount, the outstanding balance, or the custom amount,
 * clamped between the two as it is typed and shown with 2 decimals when the field is left. A cart whose amounts
 * change (refreshed after a partial payment) chooses again from the default; a cart refreshed with the same
 * amounts keeps the choice. A partial payment made is kept for the
 * success message with the next scheduled payment left after it.
 *
 * No I/O and no clock: it follows the app cart (`cartActor`: each cart with a schedule is a `cart.updated` with its
 * amounts as the server listed them) and is told the payments made. The amount to pay goes out through the
 * injected action `amountChosen` whenever it changes (an option chosen, a custom amount typed, a cart refreshed),
 * and is in the snapshot (view.ts `amountToPay`).
 */
import { assertEvent, assign, setup } from 'xstate';
import { selectCart } from '../cart/current';
import type { CartSnapshot } from '../cart/selectors';
import { type FollowInput, followActor } from '../shared/follow';
import { amountFor, cartAmounts, clampAmount, formatAmount, parseAmount, paymentMade } from './rules';
import type {
  PaymentOption,
  ScheduledPaymentsContext,
  ScheduledPaymentsEvent,
  ScheduledPaymentsInput,
} from './types';

/** Named mapper: the initial context (the custom amount starts at the due amount). */
export function initialScheduledPaymentsContext({
  input,
}: {
  input: ScheduledPaymentsInput;
}): ScheduledPaymentsContext {
  const outstandingCents = Math.max(0, input.outstandingCents);
  const dueCents = Math.min(outstandingCents, Math.max(0, input.dueCents));
  return {
    dueCents,
    outstandingCents,
    scheduled: input.scheduled,
    cartActor: input.cartActor ?? null,
    customCents: dueCents,
    customText: formatAmount(dueCents),
    payment: null,
  };
}

function followCartInput({ context }: { context: ScheduledPaymentsContext }): FollowInput {
  return { actor: context.cartActor };
}

const scheduledPaymentsSetup = setup({
  types: {
    context: {} as ScheduledPaymentsContext,
    events: {} as ScheduledPaymentsEvent,
    input: {} as ScheduledPaymentsInput,
  },
  actors: {
    /** The app cart's current cart, when it has a schedule, as `cart.updated` with its amounts. */
    followCart: followActor((snapshot: CartSnapshot) => {
      const cart = selectCart(snapshot);
      const amounts = cart ? cartAmounts(cart) : null;
      return amounts ? { type: 'cart.updated' as const, ...amounts } : null;
    }),
  },
  actions: {
    /** Injected: the amount to pay changed (the checkout pays it). */
    amountChosen: (_args, _params: { amountCents: number }) => {},
    updateCart: assign(({ event }) => {
      assertEvent(event, 'cart.updated');
      const { dueCents, outstandingCents } = initialScheduledPaymentsContext({ input: event });
      return {
        dueCents,
        outstandingCents,
        scheduled: event.scheduled,
        customCents: dueCents,
        customText: formatAmount(dueCents),
      };
    }),
    /** The same amounts (the app cart refreshed for another reason): the choice stays, the list follows. */
    updateSchedule: assign(({ event }) => {
      assertEvent(event, 'cart.updated');
      return { scheduled: event.scheduled };
    }),
    changeAmount: assign(({ context, event }) => {
      assertEvent(event, 'amount.change');
      const typed = parseAmount(event.value);
      return {
        customText: event.value.slice(0, 16),
        customCents: clampAmount(
          Number.isNaN(typed) ? context.customCents : typed,
          context.dueCents,
          context.outstandingCents,
        ),
      };
    }),
    commitAmount: assign(({ context }) => ({ customText: formatAmount(context.customCents) })),
    recordPayment: assign(({ context, event }) => {
      assertEvent(event, 'payment.made');
      return { payment: paymentMade(context.scheduled, event.amountCents) };
    }),
  },
  guards: {
    dueIsOutstanding: ({ context }) => context.dueCents === context.outstandingCents,
    /** The cart's due amount or outstanding balance changed (a payment made, tickets removed). */
    amountsChanged: ({ context, event }) => {
      assertEvent(event, 'cart.updated');
      const outstandingCents = Math.max(0, event.outstandingCents);
      return (
        Math.min(outstandingCents, Math.max(0, event.dueCents)) !== context.dueCents ||
        outstandingCents !== context.outstandingCents
      );
    },
    chose: ({ event }, params: { option: PaymentOption }) => {
      assertEvent(event, 'option.choose');
      return event.option === params.option;
    },
  },
});

export const scheduledPaymentsMachine = scheduledPaymentsSetup
  .extend({
    actions: {
      /** Tells the amount of the option now chosen: the due amount, the outstanding balance, the custom amount. */
      notifyDue: scheduledPaymentsSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'amountChosen', params: { amountCents: amountFor('due', context) } });
      }),
      notifyOutstanding: scheduledPaymentsSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'amountChosen', params: { amountCents: amountFor('outstanding', context) } });
      }),
      notifyOther: scheduledPaymentsSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'amountChosen', params: { amountCents: amountFor('other', context) } });
      }),
    },
  })
  .createMachine({
    id: 'scheduledPayments',
    description:
      'The scheduled payments panel: pay the due amount, the outstanding balance or a custom amount between them.',
    context: initialScheduledPaymentsContext,
    initial: 'deciding',
    invoke: { src: 'followCart', id: 'followCart', input: followCartInput },
    on: {
      'cart.updated': [
        { guard: 'amountsChanged', target: '.deciding', actions: 'updateCart' },
        { actions: 'updateSchedule' },
      ],
      'payment.made': { actions: 'recordPayment' },
    },
    states: {
      deciding: {
        description:
          'Spec 2 §4: the default option is due; only outstanding shows when the due amount equals it.',
        always: [{ guard: 'dueIsOutstanding', target: 'outstandingOnly' }, { target: 'due' }],
      },
      due: {
        description: 'Pay the due amount: the scheduled amounts due plus what is overdue.',
        entry: 'notifyDue',
        on: {
          'option.choose': [
            { guard: { type: 'chose', params: { option: 'outstanding' } }, target: 'outstanding' },
            { guard: { type: 'chose', params: { option: 'other' } }, target: 'other' },
          ],
        },
      },
      outstanding: {
        description: 'Pay the whole outstanding balance.',
        entry: 'notifyOutstanding',
        on: {
          'option.choose': [
            { guard: { type: 'chose', params: { option: 'due' } }, target: 'due' },
            { guard: { type: 'chose', params: { option: 'other' } }, target: 'other' },
          ],
        },
      },
      other: {
        description:
          'Pay a custom amount, clamped between the due amount and the outstanding balance, shown with 2 decimals.',
        entry: 'notifyOther',
        on: {
          'option.choose': [
            { guard: { type: 'chose', params: { option: 'due' } }, target: 'due' },
            { guard: { type: 'chose', params: { option: 'outstanding' } }, target: 'outstanding' },
          ],
          'amount.change': {
            actions: ['changeAmount', 'notifyOther'],
          },
          'amount.commit': { actions: 'commitAmount' },
        },
      },
      outstandingOnly: {
        description: 'The due amount is the outstanding balance: the only option is outstanding.',
        entry: 'notifyOutstanding',
      },
    },
  });

export type ScheduledPaymentsMachine = typeof scheduledPaymentsMachine;
