/**
 * Members (spec 3 §7): `api.members`, the methods of `./members-client`, whose code (and the member wire schemas
 * it parses with) loads on the first call, so no route's first load carries it.
 */
import { lazyClient } from './lazy-client';
import type { MembersClient } from './members-client';
import type { ApiRequest } from './request';

export type MembersApi = MembersClient;

/**
 * `sellerId`: the seller whose account form the client reads; `locale`: the visitor's negotiated locale, read at
 * each call that mails (issue 26).
 */
export function createMembers(
  request: ApiRequest,
  sellerId: string,
  locale?: () => string | null,
): MembersApi {
  return lazyClient(() =>
    import('./members-client').then((m) => m.createMembersClient(request, sellerId, locale)),
  );
}
