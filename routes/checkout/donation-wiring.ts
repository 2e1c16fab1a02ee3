/**
 * Wiring of checkout's donation form (issue 23): the donation machine with its real implementations. `loadGroup`
 * is GET ticket_group/{id}?handler=donation&_embed=ticket_type (spec 1 §7); `changeDonation` posts the one
 * modification (remove the donation's ticket ids, add the chosen ticket: spec 2 §4) to the cart read when it acts
 * (the app cart's id, never one copied at start); the fresh cart it answers goes to the app cart (`cart.updated`),
 * which checkout's totals, gift cards, payment plan and the cart widget follow.
 */
import type { Api, CartModel } from '../../api';
import { ErrorCode } from '../../domain/codes';
import { donationMachine } from '../../machines/donation/donation.machine';
import { fromPromise } from '../actors';

export interface DonationWiring {
  api: Pick<Api, 'cart' | 'ticketGroups'>;
  /** The app cart's id now, or null when there is none. */
  currentCartId: () => string | null;
  /** Hands the fresh cart to the app cart. */
  cartUpdated: (cart: CartModel) => void;
}

export function provideDonation({ api, currentCartId, cartUpdated }: DonationWiring) {
  return donationMachine.provide({
    actors: {
      loadGroup: fromPromise(({ input, signal }) =>
        api.ticketGroups.get(input.groupId, { handler: 'donation', signal }),
      ),
      changeDonation: fromPromise(async ({ input, signal }) => {
        const cartId = currentCartId();
        if (cartId === null) throw { code: ErrorCode.not_found, status: 404 };
        return api.cart.changeDonation(
          cartId,
          {
            remove: input.remove,
            add: input.add
              ? {
                  event_session_id: null,
                  ticket_type_id: input.add.ticketTypeId,
                  ...(input.add.faceValue === null ? {} : { face_value: input.add.faceValue }),
                }
              : null,
          },
          { signal },
        );
      }),
    },
    actions: {
      cartApplied: (_, { cart }) => cartUpdated(cart),
    },
  });
}
