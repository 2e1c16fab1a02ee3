/**
 * The identity-provider sandbox (issue 10): a real OpenID Connect provider mounted at /oidc in front of the app,
 * driven here like the storefront's client does it (authorization code with PKCE): the redirect, the sandbox's
 * sign-in page, the callback with the code, the token exchange, then POST login { jwt } opens a session. Forged
 * tokens (another key) are refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfig, SESSION_COOKIE } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { createApp } from '../../server/app';
import { createDb, type DbHandle } from '../../server/db';
import {
  createOidcSandbox,
  type OidcSandbox,
  SANDBOX_CLIENT_ID,
  SANDBOX_IDP_USER,
  serverWithOidc,
} from '../../server/members/oidc';
import { DEMO_SELLER_ID, seed } from '../../server/seed/demo';
import { DEMO_AUTHENTICATION, demoMemberIds } from '../../server/seed/members';

let handle: DbHandle;
let sandbox: OidcSandbox;
let origin: string;
let close: () => Promise<void>;

beforeAll(async () => {
  handle = await createDb({ dataDir: 'memory://' });
  await seed(handle.db);
  let listener: Parameters<typeof serverWithOidc>[1] = (_req, res) => res.end();
  const server = serverWithOidc(null, (req, res) => listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sandbox = await createOidcSandbox({
    issuer: `${origin}/oidc`,
    redirectUris: [`${origin}/demo-museum/auth0-login`],
    postLogoutRedirectUris: [`${origin}/demo-museum/`],
  });
  const app = createApp({ db: handle.db, members: { oidc: sandbox } });
  const appListener = getRequestListener(app.fetch);
  listener = (req, res) => (sandbox.handles(req) ? sandbox.handle(req, res) : appListener(req, res));
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close();
  await handle.close();
});

/** A browser at the provider: follows nothing by itself, keeps cookies. */
function agent() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, origin), { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), value);
    }
    return res;
  };
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/** The whole authorization-code round trip; returns the ID token (or the sign-in page after a wrong password). */
async function signIn(password: string = SANDBOX_IDP_USER.password, slug = 'demo-museum') {
  const go = agent();
  const discovery = await (await go(`${sandbox.issuer}/.well-known/openid-configuration`)).json();
  expect(discovery.issuer).toBe(sandbox.issuer);
  const verifier = b64url(randomBytes(32));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  const redirectUri = `${origin}/${slug}/auth0-login`;
  const auth = new URL(discovery.authorization_endpoint);
  auth.search = new URLSearchParams({
    client_id: SANDBOX_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
  }).toString();
  const toInteraction = await go(auth.toString());
  expect([302, 303]).toContain(toInteraction.status);
  const interactionUrl = toInteraction.headers.get('location') ?? '';
  expect(interactionUrl).toMatch(/\/oidc\/interaction\//);
  const formPage = await go(interactionUrl);
  expect(formPage.status).toBe(200);
  const html = await formPage.text();
  expect(html).toContain('<label for="email">Email</label>');
  const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
  const submitted = await go(action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: SANDBOX_IDP_USER.email, password }).toString(),
  });
  if (submitted.status === 200) return { idToken: null, page: await submitted.text() };
  // Back to the provider, which redirects to the storefront's callback with the code.
  let next = submitted.headers.get('location') ?? '';
  let callback: URL | null = null;
  for (let hops = 0; hops < 5 && !callback; hops++) {
    if (next.startsWith(redirectUri)) callback = new URL(next);
    else next = (await go(next)).headers.get('location') ?? '';
  }
  expect(callback?.searchParams.get('state')).toBe('state-123');
  const code = callback?.searchParams.get('code') ?? '';
  const token = await go(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: SANDBOX_CLIENT_ID,
      code_verifier: verifier,
    }).toString(),
  });
  expect(token.status).toBe(200);
  expect(token.headers.get('access-control-allow-origin')).toBe(origin);
  const tokens = await token.json();
  return { idToken: tokens.id_token as string, page: null };
}

const login = (body: unknown) =>
  fetch(`${origin}/api/login?seller_id=${DEMO_SELLER_ID}`, {
    method: 'POST',
    headers: { 'Tix-App': 'ecomm', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the sandbox identity provider', () => {
  it('the round trip: redirect, sign in, callback, token exchange, then POST login opens a session', async () => {
    const { idToken } = await signIn();
    expect(idToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const res = await login({ jwt: idToken });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user._data[0].id).toBe(demoMemberIds.user('oidc'));
    expect(body.identity._data[0]).toMatchObject({ first_name: 'Rosalind', last_name: 'Franklin' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    const me = await fetch(`${origin}/api/my/user?seller_id=${DEMO_SELLER_ID}`, {
      headers: { 'Tix-App': 'ecomm', Cookie: cookie.split(';')[0] ?? '' },
    });
    expect(me.status).toBe(200);
  });

  it('every seller of the server is a storefront of the client: another slug’s callback on the same origin', async () => {
    const { idToken } = await signIn(SANDBOX_IDP_USER.password, 'w0-e2e');
    expect(idToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('a callback on another origin, or with a query, is refused at the authorization endpoint', async () => {
    for (const redirectUri of [
      'https://evil.example/demo-museum/auth0-login',
      `${origin}/demo-museum/auth0-login?next=https://evil.example`,
      `${origin}/demo-museum/other`,
    ]) {
      const auth = new URL(`${sandbox.issuer}/auth`);
      auth.search = new URLSearchParams({
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      }).toString();
      const res = await fetch(auth, { redirect: 'manual' });
      expect(res.status, redirectUri).toBe(400);
    }
  });

  it('a wrong password at the provider shows its sign-in page again with an error', async () => {
    const { idToken, page } = await signIn('not-it');
    expect(idToken).toBeNull();
    expect(page).toContain('role="alert">Wrong email or password.');
  });

  it('a token signed by another key (with the sandbox key’s id), or no JWT at all, is refused', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: SANDBOX_IDP_USER.email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: sandbox.jwks.keys[0]?.kid ?? '' })
      .setIssuer(sandbox.issuer)
      .setAudience(SANDBOX_CLIENT_ID)
      .setSubject(SANDBOX_IDP_USER.sub)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    const res = await login({ jwt: forged });
    expect(res.status).toBe(401);
    expect((await res.json())._data[0]._code).toBe(ErrorCode.invalid_credentials);
    expect((await login({ jwt: 'not.a.jwt' })).status).toBe(401);
  });

  it('the runtime configuration names the sandbox when the seller’s login is the identity provider', async () => {
    const { eq, and } = await import('drizzle-orm');
    const t = await import('../../server/schema');
    const row = and(eq(t.config.resourceId, DEMO_SELLER_ID), eq(t.config.key, 'authentication'));
    await handle.db
      .update(t.config)
      .set({ value: { method: 'oidc' } })
      .where(row);
    try {
      const cfg = runtimeConfig.parse(await (await fetch(`${origin}/__config?slug=demo-museum`)).json());
      expect(cfg.login?.method).toBe('oidc');
      expect(cfg.login?.oidc).toEqual({ authority: sandbox.issuer, clientId: SANDBOX_CLIENT_ID });
      // Only the identity provider now: a password login is refused.
      const res = await login({ email: 'ada.member@example.com', password: 'Museum-Pass1' });
      expect(res.status).toBe(403);
    } finally {
      await handle.db.update(t.config).set({ value: DEMO_AUTHENTICATION }).where(row);
    }
  });
});

describe('an identity provider proves an address only when it says so (issue 18)', () => {
  it('an ID token without email_verified: true names no email; with it, the email', async () => {
    const { idTokenVerifier } = await import('../../server/members/oidc');
    const { exportJWK } = await import('jose');
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
    const issuer = 'https://idp.example/';
    const fake = { issuer, clientId: 'shop', jwks: { keys: [jwk] } } as unknown as OidcSandbox;
    const verify = idTokenVerifier(fake);
    const token = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setAudience('shop')
        .setSubject('u1')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
    const auth = { method: 'oidc' } as Parameters<typeof verify>[1];
    const victim = 'victim@example.com';
    expect((await verify(await token({ email: victim }), auth)).email).toBeNull();
    expect((await verify(await token({ email: victim, email_verified: false }), auth)).email).toBeNull();
    expect((await verify(await token({ email: victim, email_verified: 'true' }), auth)).email).toBeNull();
    expect((await verify(await token({ email: victim, email_verified: true }), auth)).email).toBe(victim);
  });

  it('a login with the provider’s verified email verifies the account’s address', async () => {
    const { eq } = await import('drizzle-orm');
    const { memberUser } = await import('../../server/members/schema');
    const id = demoMemberIds.user('oidc');
    await handle.db.update(memberUser).set({ emailVerifiedAt: null }).where(eq(memberUser.id, id));
    const { idToken } = await signIn();
    expect((await login({ jwt: idToken })).status).toBe(200);
    const [user] = await handle.db.select().from(memberUser).where(eq(memberUser.id, id));
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
  });
});
