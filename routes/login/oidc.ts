/**
 * The OpenID Connect adapter of the identity-provider port, on `oidc-client-ts` (authorization code with
 * PKCE; works with Auth0 and with the reference server's sandbox provider). Loaded on demand only.
 */
import { ErrorResponse, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { ErrorCode } from '../../domain/codes';
import { type IdentityProvider, type ProviderSettings, providerError } from './provider';

/** The saved path must be a path of this storefront (never another origin). */
const safePath = (value: unknown): string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';

function storageAvailable(): boolean {
  try {
    const key = 'tix:oidc:probe';
    window.sessionStorage.setItem(key, '1');
    window.sessionStorage.removeItem(key);
    return navigator.cookieEnabled;
  } catch {
    return false;
  }
}

export function createOidcProvider(settings: ProviderSettings): IdentityProvider {
  if (!storageAvailable()) throw providerError(ErrorCode.cookies_disabled);
  const manager = new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    post_logout_redirect_uri: settings.postLogoutRedirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
  return {
    async signIn(returnPath) {
      try {
        await manager.signinRedirect({ state: { returnPath: safePath(returnPath) } });
      } catch {
        throw providerError(ErrorCode.provider_unavailable);
      }
    },
    async completeSignIn(url) {
      try {
        const user = await manager.signinRedirectCallback(url);
        if (!user.id_token) throw providerError(ErrorCode.provider_unavailable, 'No ID token.');
        const state = user.state as { returnPath?: unknown } | undefined;
        return { jwt: user.id_token, returnPath: safePath(state?.returnPath) };
      } catch (error) {
        if (typeof (error as { code?: unknown })?.code === 'string') throw error;
        // No state stored for this answer (another tab, a replayed or forged callback), or the provider's
        // own error about the state: the login did not start here.
        const text = error instanceof Error ? error.message : '';
        if (/state/i.test(text) && !(error instanceof ErrorResponse)) {
          throw providerError(ErrorCode.provider_invalid_state);
        }
        throw providerError(ErrorCode.provider_unavailable);
      }
    },
    async signOut() {
      await manager.removeUser();
      await manager.signoutRedirect().catch(() => {});
    },
  };
}
