/**
 * The member server as a browser meets it (issue 10), before any storefront screen: the session cookies a
 * login sets, the reset link read from the outbox, and the sandbox identity provider's sign-in page (axe clean)
 * returning to the storefront's callback with a code.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';
import { DEMO_PASSWORD, MEMBERS, resetLinkPath, SANDBOX_PASSWORD } from './members';

test('a login sets the HttpOnly session cookie and the readable expiry cookie; logout clears both', async ({
  page,
  context,
  seller,
}) => {
  await page.goto(`${seller.base}/events`);
  const sellerId = await page.evaluate(
    () => JSON.parse(document.getElementById('tix-config')?.textContent ?? '{}').sellerId as string,
  );
  const status = await page.evaluate(
    async ({ sellerId, email, password }) => {
      const res = await fetch(`/api/login?seller_id=${sellerId}`, {
        method: 'POST',
        headers: { 'Tix-App': 'ecomm', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return res.status;
    },
    { sellerId, email: MEMBERS.password.email, password: DEMO_PASSWORD },
  );
  expect(status).toBe(200);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'tix_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  // Scripts see the expiry cookie, never the session.
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).toMatch(/tix_session_expires=\d+/);
  expect(visible).not.toMatch(/tix_session=/);
  await page.evaluate(async (sellerId) => {
    await fetch(`/api/logout?seller_id=${sellerId}`, {
      method: 'POST',
      headers: { 'Tix-App': 'ecomm', 'Content-Type': 'application/json' },
      body: '{}',
    });
  }, sellerId);
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/tix_session_expires/);
});

test('a reset request writes a one-time link to the outbox, on the origin the tests browse', async ({
  request,
  seller,
}) => {
  const config = await (await request.get(`/__config?slug=${seller.slug}`)).json();
  const res = await request.post(`/api/password_reset/request?seller_id=${config.sellerId}`, {
    headers: { 'Tix-App': 'ecomm' },
    data: { email: MEMBERS.nonMember.email },
  });
  expect(res.status()).toBe(200);
  const path = await resetLinkPath(request, seller, MEMBERS.nonMember.email);
  expect(path).toMatch(new RegExp(`^${seller.base}/user/reset-password\\?token=[\\w-]{43}$`));
});

test('the sandbox identity provider: its sign-in page is accessible and returns to /auth0-login with a code', async ({
  page,
  baseURL,
  seller,
}) => {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const auth = new URL('/oidc/auth', baseURL);
  auth.search = new URLSearchParams({
    client_id: 'tix-storefront',
    redirect_uri: `${baseURL}${seller.base}/auth0-login`,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'e2e-state',
  }).toString();
  await page.goto(auth.toString());
  await expect(page.getByRole('heading', { name: 'Sandbox identity provider' })).toBeVisible();
  await expectNoA11yViolations(page, 'sandbox sign-in');
  await page.getByLabel('Email').fill(MEMBERS.oidc.email);
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === `${seller.base}/auth0-login`);
  const back = new URL(page.url());
  expect(back.searchParams.get('state')).toBe('e2e-state');
  expect(back.searchParams.get('code')).toBeTruthy();
});
