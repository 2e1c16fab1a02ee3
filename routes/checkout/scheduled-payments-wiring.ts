/**
 * Wiring of checkout's scheduled payments panel (issue 22): the scheduledPayments machine with its one injected
 * action, the amount to pay going to the checkout (`instalment.change`: the pay button's amount, the pay call's).
 * The machine follows the app cart itself (its `cartActor` input).
 */
import { scheduledPaymentsMachine } from '../../machines/scheduledPayments/scheduledPayments.machine';

export interface ScheduledPaymentsWiring {
  /** The amount to pay changed (an option chosen, a custom amount typed, the cart refreshed). */
  amountChosen: (amountCents: number) => void;
}

export function provideScheduledPayments({ amountChosen }: ScheduledPaymentsWiring) {
  return scheduledPaymentsMachine.provide({
    actions: {
      amountChosen: (_, { amountCents }) => amountChosen(amountCents),
    },
  });
}
