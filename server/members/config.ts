/**
 * The seller's login configuration: config row `authentication` of the seller (JSON, `authenticationConfig`
 * of api/schemas.ts). No row, or an unreadable one, means login is disabled. The storefront receives it in the
 * runtime configuration (`login`), with the sandbox identity provider filled in for `oidc` when the seller
 * names none and the sandbox runs.
 */
import {
  AUTHENTICATION_CONFIG_KEY,
  type AuthenticationConfig,
  authenticationConfig,
  type CredentialMode,
  type RuntimeLoginConfig,
} from '../../api/schemas';
import { sellerConfigValue } from '../catalog/seller-config';
import type { Q } from '../db';

const DISABLED: AuthenticationConfig = { method: 'none' };

export async function authenticationOf(q: Q, sellerId: string): Promise<AuthenticationConfig> {
  const value = await sellerConfigValue(q, sellerId, AUTHENTICATION_CONFIG_KEY);
  if (value === undefined) return DISABLED;
  const parsed = authenticationConfig.safeParse(value);
  return parsed.success ? parsed.data : DISABLED;
}

/** The credential kinds POST login accepts: `methods`, else the shown method when it is a credential kind. */
export function acceptedModes(auth: AuthenticationConfig): ReadonlySet<CredentialMode> {
  if (auth.method === 'none') return new Set();
  if (auth.methods) return new Set(auth.methods);
  return auth.method === 'external' ? new Set() : new Set([auth.method as CredentialMode]);
}

export interface SandboxOidc {
  issuer: string;
  clientId: string;
}

/** What the storefront reads at start (runtime configuration `login`). */
export function runtimeLogin(auth: AuthenticationConfig, sandbox: SandboxOidc | null): RuntimeLoginConfig {
  const oidc = auth.oidc
    ? { authority: auth.oidc.authority, clientId: auth.oidc.client_id }
    : sandbox && (auth.method === 'oidc' || auth.methods?.includes('oidc'))
      ? { authority: sandbox.issuer, clientId: sandbox.clientId }
      : null;
  return {
    method: auth.method,
    invalidCredentialsMessage: auth.invalid_credentials_message ?? null,
    externalLoginUrl: auth.external_login_url ?? null,
    externalLogoutUrl: auth.external_logout_url ?? null,
    oidc,
  };
}
