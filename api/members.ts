/**
 * Members (spec 3 §7): `api.members`, the methods of `./members-client`, whose code (and the member wire schemas
 * it parses with) loads on the first call, so no route's first load carries it.
 */
import type { MembersClient } from './members-client';
import type { ApiRequest } from './request';

export type MembersApi = MembersClient;

export function createMembers(request: ApiRequest): MembersApi {
  let client: Promise<MembersClient> | null = null;
  const load = () => {
    client ??= import('./members-client').then((m) => m.createMembersClient(request));
    // A failed chunk load is retried on the next call.
    client.catch(() => {
      client = null;
    });
    return client;
  };
  return new Proxy({} as MembersApi, {
    // Not a thenable (`then`), nor anything but the client's methods.
    get: (_target, name) =>
      typeof name !== 'string' || name === 'then'
        ? undefined
        : async (...args: unknown[]) => {
            const members = (await load()) as unknown as Record<string, (...a: unknown[]) => unknown>;
            return members[name]?.(...args);
          },
  });
}
