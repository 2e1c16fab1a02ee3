/**
 * Memberships (issue 11): `api.membership`, the methods of `./membership-client`, whose code (and the
 * membership wire schemas it parses with) loads on the first call, so no route's first load carries it. It is
 * reached through `./members-client` (one lazy chunk for both: a second dynamic import would cost every first
 * load its preload list). The pure joins (`giftCodeStatus`, `levelSlots`, …) are exported by
 * `./membership-client` for tests and for wiring modules that load it themselves.
 */
import { CART_EMBED, CART_LIMIT, CART_QUERY } from './cart';
import type { UrlSettings } from './join';
import { lazyClient } from './lazy-client';
import type { MembershipClient } from './membership-client';
import { cartJoins } from './on-demand';
import type { ApiRequest } from './request';

export type MembershipApi = MembershipClient;

export function createMembership(
  request: ApiRequest,
  urls: UrlSettings,
  now: () => number = Date.now,
  isMember: () => boolean = () => false,
): MembershipApi {
  const cart = {
    embed: CART_EMBED,
    limit: CART_LIMIT,
    query: CART_QUERY,
    toCart: async (raw: unknown) => (await cartJoins()).toCart(raw, { now: now(), urls }),
  };
  return lazyClient(() =>
    import('./members-client').then((m) => m.createMembershipClient(request, cart, isMember)),
  );
}
