import type { AnyActorRef } from 'xstate';
import type { ScheduledPayment } from '../../api/models';
import type { PaymentOption } from '../../domain/instalments';

export type { PaymentOption, ScheduledPayment };

/** What the panel needs of the cart (spec 2 §3: paymentDue, outstandingBalance, scheduled payments). */
export interface ScheduledPaymentsInput {
  /** The due amount: overdue plus the next scheduled payment (domain/instalments.ts `dueCents`). */
  dueCents: number;
  outstandingCents: number;
  scheduled: ScheduledPayment[];
  /**
   * The app cart (systemId `cart`), followed: a refreshed cart (after a partial payment, a removal) chooses again
   * from its amounts. Absent or null: none (tests, stories).
   */
  cartActor?: AnyActorRef | null;
}

/** A partial payment made: what it paid, and the next scheduled payment left after it (null: none). */
export interface PaymentMade {
  amountCents: number;
  next: { amountCents: number; dueDate: string } | null;
}

export interface ScheduledPaymentsContext extends Omit<ScheduledPaymentsInput, 'cartActor'> {
  cartActor: AnyActorRef | null;
  /** The custom amount (option other), clamped between the due amount and the outstanding balance. */
  customCents: number;
  /** The custom amount as the field shows it (2 decimals once committed). */
  customText: string;
  /** The last partial payment, for the success message; null before any. */
  payment: PaymentMade | null;
}

export type ScheduledPaymentsEvent =
  | { type: 'option.choose'; option: PaymentOption }
  | { type: 'amount.change'; value: string }
  /** The custom amount field is left (blur): it shows the clamped amount with 2 decimals. */
  | { type: 'amount.commit' }
  /** The cart changed (refreshed after a payment, a code, a removal). */
  | { type: 'cart.updated'; dueCents: number; outstandingCents: number; scheduled: ScheduledPayment[] }
  /** A partial payment of this amount went through (checkout's answer "partial"). */
  | { type: 'payment.made'; amountCents: number };
