/**
 * Memberships (issue 11): `api.membership`, the methods of `./membership-client`, whose code (and the
 * membership wire schemas it parses with) loads on the first call, so no route's first load carries it.
 * The pure joins (`giftCodeStatus`, `levelSlots`, …) are exported by `./membership-client` for tests and for
 * wiring modules that load it themselves.
 */
import type { UrlSettings } from './join';
import type { MembershipClient } from './membership-client';
import type { ApiRequest } from './request';

export type MembershipApi = MembershipClient;

export function createMembership(
  request: ApiRequest,
  urls: UrlSettings,
  now: () => number = Date.now,
  isMember: () => boolean = () => false,
): MembershipApi {
  let client: Promise<MembershipClient> | null = null;
  const load = () => {
    client ??= import('./membership-client').then((m) =>
      m.createMembershipClient(request, urls, now, isMember),
    );
    // A failed chunk load is retried on the next call.
    client.catch(() => {
      client = null;
    });
    return client;
  };
  return new Proxy({} as MembershipApi, {
    // Not a thenable (`then`), nor anything but the client's methods.
    get: (_target, name) =>
      typeof name !== 'string' || name === 'then'
        ? undefined
        : async (...args: unknown[]) => {
            const membership = (await load()) as unknown as Record<string, (...a: unknown[]) => unknown>;
            return membership[name]?.(...args);
          },
  });
}
