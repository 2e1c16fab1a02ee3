/**
 * Wiring of the reserve core (`machines/reserve/core`): the one post every way of putting something in the
 * cart uses. It reads the app cart's id when it posts (never a copy taken when the flow started); a `newCart`
 * post, after the cart turned out gone, creates one. Tickets go through the cart call, memberships through
 * the membership call (its client loads on first use). A code typed into the 'code required' prompt goes as
 * the pre-reserve promo code (`preReservePromoCodes: { codes }`, the default handler); the prompt is the
 * `codeRequired` modal of the stack, opened and closed by the machine through `codePrompt`. The page's `promo`
 * query (a comma list) is preloaded as the default codes (spec 1 §4, §9).
 */
import type { Api } from '../../api';
import { promoCodesToPreload } from '../../api/cart-preparation';
import { reserveIntoCartMachine } from '../../machines/reserve/core/reserveIntoCart.machine';
import { fromPromise } from '../actors';

export interface ReserveCoreWiring {
  api: Pick<Api, 'cart' | 'membership'>;
  /** The app cart's current id, read at the moment of the call. */
  currentCartId: () => string | null;
  /** The 'code required' prompt on the modal stack (`codeRequired`); absent: no prompt is shown. */
  codePrompt?: { open: () => void; close: () => void };
  /** The page's query when the post is made (default: the browser's): its `promo` list is preloaded. */
  currentSearch?: () => string;
}

/** The page's query, read when a reserve is posted (none outside a browser). */
const browserSearch = () => globalThis.location?.search ?? '';

export function provideReserveCore({
  api,
  currentCartId,
  codePrompt,
  currentSearch = browserSearch,
}: ReserveCoreWiring) {
  return reserveIntoCartMachine.provide({
    actors: {
      postReserve: fromPromise(({ input, signal }) => {
        const cartId = input.newCart ? null : currentCartId();
        const { request, codesBeforeReserve } = input;
        // Spec 1 §4: the default codes go first (errors ignored); the query's list, read as the post is made.
        const defaultCodes = promoCodesToPreload(new URLSearchParams(currentSearch()).get('promo'));
        return request.kind === 'tickets'
          ? api.cart.reserve(cartId, request.tickets, { signal, codesBeforeReserve, defaultCodes })
          : api.membership.reserve(cartId, request.membership, { signal });
      }),
    },
    actions: {
      openCodePrompt: () => codePrompt?.open(),
      closeCodePrompt: () => codePrompt?.close(),
    },
  });
}
