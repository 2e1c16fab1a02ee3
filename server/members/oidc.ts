/**
 * The identity-provider sandbox: a real OpenID Connect provider (`oidc-provider`) the reference server mounts at
 * `/oidc` in non-production runs, offline, with one seeded user, so the storefront's OpenID Connect client does
 * the whole redirect, callback (`/{slug}/auth0-login`) and code exchange; `POST login { jwt }` then accepts the
 * ID token after checking it against the provider's keys (`idTokenVerifier`). A seller's own provider
 * (config `authentication.oidc`, e.g. Auth0) is checked against its published keys instead.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createLocalJWKSet, createRemoteJWKSet, exportJWK, generateKeyPair, type JWK, jwtVerify } from 'jose';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { AuthenticationConfig } from '../../api/schemas';

export const OIDC_MOUNT = '/oidc';
export const SANDBOX_CLIENT_ID = 'tix-storefront';

/** The sandbox provider's one user (its email is a seeded storefront member, server/seed/members.ts). */
export const SANDBOX_IDP_USER = {
  sub: 'sandbox-member-1',
  email: 'oidc.member@example.com',
  password: 'Sandbox-Pass1',
  given_name: 'Rosalind',
  family_name: 'Franklin',
} as const;

export interface OidcSandbox {
  issuer: string;
  clientId: string;
  /** The provider's public signing keys. */
  jwks: { keys: JWK[] };
  /** Whether a request is for the provider (path under /oidc). */
  handles(req: IncomingMessage): boolean;
  /** Serves a provider request (the interaction pages, then the provider itself). */
  handle: RequestListener;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

function page(res: ServerResponse, status: number, title: string, main: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#111}
label{display:block;margin-top:1rem}input{display:block;width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font:inherit}.error{color:#a00000}</style></head>
<body><main>${main}</main></body></html>`);
}

function loginForm(uid: string, error: string | null, email: string) {
  return `<h1>Sandbox identity provider</h1>
<p>A stand-in for the seller's identity provider (non-production only).</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${OIDC_MOUNT}/interaction/${encodeURIComponent(uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Creates the sandbox provider. `issuer` is `{public origin}/oidc`; `redirectUris` the storefront's callback
 * URLs (`{origin}/{slug}/auth0-login`), `postLogoutRedirectUris` where logging out may return.
 */
export async function createOidcSandbox(options: {
  issuer: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}): Promise<OidcSandbox> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const redirectOrigins = new Set(options.redirectUris.map((u) => new URL(u).origin));

  const configuration: Configuration = {
    clients: [
      {
        client_id: SANDBOX_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
      },
    ],
    jwks: { keys: [privateJwk as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    // The storefront reads the email from the ID token itself (no userinfo call).
    conformIdTokenClaims: false,
    ttl: {
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => redirectOrigins.has(origin),
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) =>
      sub === SANDBOX_IDP_USER.sub
        ? {
            accountId: sub,
            claims: async () => ({
              sub,
              email: SANDBOX_IDP_USER.email,
              email_verified: true,
              given_name: SANDBOX_IDP_USER.given_name,
              family_name: SANDBOX_IDP_USER.family_name,
            }),
          }
        : undefined,
    // The storefront is the provider's own (first-party) client: no consent screen, the grant is implied.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) {
        const found = await ctx.oidc.provider.Grant.find(existing);
        if (found) return found;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p></main></body></html>`;
    },
  };
  // Loaded on demand: production never loads the provider.
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(options.issuer, configuration);
  if (new URL(options.issuer).protocol === 'https:') provider.proxy = true;
  // Every seller the server hosts is a storefront of the same client: besides the URIs given, the callback and
  // the home of any seller slug on the same origins (the e2e suite's per-worker sellers, for one).
  const sellerUri = (value: string, path: RegExp) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return redirectOrigins.has(url.origin) && path.test(url.pathname) && !url.search && !url.hash;
  };
  const client = provider.Client.prototype as {
    redirectUriAllowed(value: string): boolean;
    postLogoutRedirectUriAllowed(value: string): boolean;
  };
  const { redirectUriAllowed, postLogoutRedirectUriAllowed } = client;
  client.redirectUriAllowed = function (this: unknown, value: string) {
    return redirectUriAllowed.call(this, value) || sellerUri(value, /^\/[a-z0-9][a-z0-9-]*\/auth0-login$/);
  };
  client.postLogoutRedirectUriAllowed = function (this: unknown, value: string) {
    return postLogoutRedirectUriAllowed.call(this, value) || sellerUri(value, /^\/[a-z0-9][a-z0-9-]*\/?$/);
  };
  const callback = provider.callback();
  const interaction = new RegExp(`^${OIDC_MOUNT}/interaction/([A-Za-z0-9_-]{1,100})(/login)?/?(\\?.*)?$`);

  const handle: RequestListener = (req, res) => {
    const match = interaction.exec(req.url ?? '');
    if (!match) {
      // The provider itself, with the mount prefix taken off the path (its issuer carries the prefix).
      // (like Express's mounting: originalUrl keeps the full path, from which it derives its mount path).
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      req.url = (req.url ?? '/').slice(OIDC_MOUNT.length) || '/';
      callback(req, res);
      return;
    }
    const [, uid = '', login] = match;
    (async () => {
      const details = await provider.interactionDetails(req, res).catch(() => null);
      if (!details || details.uid !== uid) {
        page(
          res,
          400,
          'Sign-in error',
          '<h1>Sign-in error</h1><p>This sign-in has expired. Please start again.</p>',
        );
        return;
      }
      if (!login || req.method !== 'POST') {
        page(res, 200, 'Sign in', loginForm(uid, null, ''));
        return;
      }
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim();
      const password = form.get('password') ?? '';
      if (email.toLowerCase() !== SANDBOX_IDP_USER.email || password !== SANDBOX_IDP_USER.password) {
        page(res, 200, 'Sign in', loginForm(uid, 'Wrong email or password.', email));
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: SANDBOX_IDP_USER.sub } },
        { mergeWithLastSubmission: false },
      );
    })().catch(() => {
      if (!res.headersSent)
        page(res, 500, 'Sign-in error', '<h1>Sign-in error</h1><p>Please start again.</p>');
    });
  };

  return {
    issuer: options.issuer,
    clientId: SANDBOX_CLIENT_ID,
    jwks: { keys: [publicJwk] },
    handles: (req) => req.url === OIDC_MOUNT || (req.url ?? '').startsWith(`${OIDC_MOUNT}/`),
    handle,
  };
}

/** The claims login needs from a verified ID token. */
export interface IdTokenClaims {
  sub: string;
  email: string | null;
}

export type IdTokenVerifier = (jwt: string, auth: AuthenticationConfig) => Promise<IdTokenClaims>;

/**
 * Verifies an ID token: signature (the sandbox's keys, or the seller's provider's published JWKS), issuer,
 * audience (the client id) and expiry. Only an email the provider says it verified (`email_verified: true`) is
 * used: a provider that lets anyone claim any address must not open the account holding it (issue 18).
 */
export function idTokenVerifier(sandbox: OidcSandbox | null): IdTokenVerifier {
  const local = sandbox ? createLocalJWKSet(sandbox.jwks) : null;
  const remote = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  return async (jwt, auth) => {
    const authority = auth.oidc?.authority ?? sandbox?.issuer;
    const audience = auth.oidc?.client_id ?? sandbox?.clientId;
    if (!authority || !audience) throw new Error('no identity provider');
    let keys: Parameters<typeof jwtVerify>[1];
    if (sandbox && local && authority === sandbox.issuer) keys = local;
    else {
      let set = remote.get(authority);
      if (!set) {
        set = createRemoteJWKSet(
          new URL('.well-known/jwks.json', authority.endsWith('/') ? authority : `${authority}/`),
        );
        remote.set(authority, set);
      }
      keys = set;
    }
    const bare = authority.replace(/\/+$/, '');
    const { payload } = await jwtVerify(jwt, keys as never, {
      issuer: [bare, `${bare}/`],
      audience,
      algorithms: ['RS256', 'PS256', 'ES256'],
    });
    const email = typeof payload.email === 'string' && payload.email_verified === true ? payload.email : null;
    return { sub: String(payload.sub ?? ''), email };
  };
}

/** A node server running `listener`, with the sandbox provider (if any) in front of it. */
export function serverWithOidc(sandbox: OidcSandbox | null, listener: RequestListener) {
  return createServer((req, res) => (sandbox?.handles(req) ? sandbox.handle(req, res) : listener(req, res)));
}
