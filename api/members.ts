/**
 * Members (spec 3 §7): `api.members`, the methods of `./members-client`, whose code (and the member wire schemas
 * it parses with) loads on the first call, so no route's first load carries it.
 */
import { lazyClient } from './lazy-client';
import type { MembersClient } from './members-client';
import type { ApiRequest } from './request';

export type MembersApi = MembersClient;

export function createMembers(request: ApiRequest, sellerId: string): MembersApi {
  return lazyClient(() => import('./members-client').then((m) => m.createMembersClient(request, sellerId)));
}
