/**
 * The member session's API calls (loaded on demand): the member reload and logout, identity-provider aware.
 */
import type { Api } from '../../api';
import type { LoadedMember, LoginVia } from '../../machines/session/types';
import type { AppDeps } from './root';

/** GET my/user and GET my/membership together: the member as the session keeps them. */
export async function loadMember(api: Pick<Api, 'members'>, signal?: AbortSignal): Promise<LoadedMember> {
  const [member, memberships] = await Promise.all([
    api.members.getUser({ signal }),
    api.members.getMemberships({ signal }),
  ]);
  return { member, memberships };
}

/**
 * Logout (spec 3 §2 "Logout may use an external URL and is identity-provider aware"): POST logout (the
 * server clears both cookies, so every tab sees the session end); then the external logout URL when the
 * seller has one, else the identity provider's own session when the member came through it.
 */
export async function logout(deps: AppDeps, via: LoginVia | null): Promise<void> {
  try {
    await deps.api.members.logout();
  } finally {
    const external = deps.login?.externalLogoutUrl;
    if (external) deps.leave?.(external);
    else if (via === 'oidc') await deps.providerSignOut?.().catch(() => {});
  }
}
