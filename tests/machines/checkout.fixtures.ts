/** Fixtures shared by the checkout machine tests (rules and paths). */
import type { CartModel } from '../../api/models';

/** A pending cart of 2 tickets with `outstandingCents` due (0: free checkout). */
export function makeCart(outstandingCents: number): CartModel {
  return {
    id: 'cart-1',
    number: 'N-1',
    state: 'pending',
    identityId: 'public',
    expiresAt: null,
    expiresIn: 900,
    ticketCount: 2,
    items: [],
    totals: {
      subtotalCents: outstandingCents,
      feesFixedCents: 0,
      feesPercentCents: 0,
      discountCents: 0,
      paymentsCents: 0,
      outstandingCents,
    },
    currency: 'USD',
    orderIds: [],
  };
}
