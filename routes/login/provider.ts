/**
 * The identity-provider port (DESIGN "Ports with real adapters and a sandbox"): what the login flow needs of
 * an OpenID Connect provider (Auth0 in the spec; the reference server's sandbox provider offline). The real
 * adapter (`./oidc`, on `oidc-client-ts`) is loaded on demand, so no first load carries it.
 */

import type { RuntimeLoginConfig } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';

export interface IdentityProvider {
  /** Redirects to the provider; the page leaves. `returnPath` comes back in the provider's state. */
  signIn(returnPath: string): Promise<void>;
  /** On the callback route: checks the state, exchanges the code, and yields the ID token and saved path. */
  completeSignIn(url: string): Promise<{ jwt: string; returnPath: string }>;
  /** Forgets the provider's user here and ends its session at the provider (a redirect, when it has one). */
  signOut(): Promise<void>;
}

export interface ProviderSettings {
  authority: string;
  clientId: string;
  /** The storefront's callback URL: {origin}/{slug}/auth0-login. */
  redirectUri: string;
  /** Where the provider's logout returns: the storefront's home. */
  postLogoutRedirectUri: string;
}

/** The provider settings of the seller's login configuration, or null (no identity provider). */
export function providerSettings(
  login: RuntimeLoginConfig | undefined,
  origin: string,
  slug: string,
): ProviderSettings | null {
  if (!login?.oidc) return null;
  return {
    authority: login.oidc.authority,
    clientId: login.oidc.clientId,
    redirectUri: `${origin}/${slug}/auth0-login`,
    postLogoutRedirectUri: `${origin}/${slug}/`,
  };
}

/** A provider error as the login flow reads it. */
export const providerError = (code: string, description?: string) => ({
  code,
  description: description ?? null,
});

/** Loads the real adapter on demand; a failure to load reads as 'Auth0 could not be initialized'. */
export async function loadIdentityProvider(settings: ProviderSettings | null): Promise<IdentityProvider> {
  if (!settings) throw providerError(ErrorCode.provider_unavailable, 'No identity provider is configured.');
  try {
    const { createOidcProvider } = await import('./oidc');
    return createOidcProvider(settings);
  } catch (error) {
    if (typeof (error as { code?: unknown })?.code === 'string') throw error;
    throw providerError(ErrorCode.provider_unavailable);
  }
}
