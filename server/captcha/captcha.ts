/**
 * Captcha at checkout (issue 23; spec 2 §4, §5, §6): a guest's payment carries a captcha token when the seller
 * configures a captcha (config row `captcha` of the seller: `{ "provider": "hcaptcha", "public_key": "…" }`, or
 * `{ "provider": "sandbox" }`); a member's never needs one. The token travels with the last payment (`captcha`
 * of the payment payload, spec 2 §3) and is verified once: missing, unknown, expired or already used answers
 * 400 `captcha_invalid`.
 *
 * Two providers behind one port: hCaptcha (its siteverify, with the process's HCAPTCHA_SECRET), and the sandbox,
 * which this server issues (`POST sandbox/captcha`) and verifies itself: outside production, or with the demo
 * (TIX_DEMO=1); production without the demo never offers it (a `sandbox` row is then no captcha at all).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import * as z from 'zod/mini';
import { ErrorCode } from '../../domain/codes';
import { sellerConfigValue } from '../catalog/seller-config';
import type { Db, Q } from '../db';
import { ApiError } from '../http/errors';
import { captchaToken } from './schema';

export const CAPTCHA_CONFIG_KEY = 'captcha';
/** A token is good for two minutes after it is issued (hCaptcha's own lifetime). */
export const CAPTCHA_TOKEN_MS = 120_000;
const SANDBOX_TOKEN = /^sandbox_[A-Za-z0-9_-]{32}$/;

const captchaConfig = z.union([
  z.object({ provider: z.literal('sandbox') }),
  z.object({
    provider: z.literal('hcaptcha'),
    public_key: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
]);

/** The seller's captcha as the storefront gets it (runtime config `captcha`), or null: none. */
export type CaptchaSettings = { provider: 'sandbox' } | { provider: 'hcaptcha'; siteKey: string };

/** What verifies an hCaptcha token: hCaptcha's siteverify (`success`), or null when no secret is configured. */
export type HcaptchaVerify = ((token: string) => Promise<boolean>) | null;

export interface CaptchaRuntime {
  /** The sandbox captcha is offered (outside production, or with the demo). */
  sandbox: boolean;
  hcaptcha: HcaptchaVerify;
}

/** The seller's captcha, or null (no row, an unreadable one, or a sandbox this server does not offer). */
export async function captchaOf(
  q: Q,
  sellerId: string,
  runtime: CaptchaRuntime,
): Promise<CaptchaSettings | null> {
  const parsed = captchaConfig.safeParse(await sellerConfigValue(q, sellerId, CAPTCHA_CONFIG_KEY));
  if (!parsed.success) return null;
  if (parsed.data.provider === 'sandbox') return runtime.sandbox ? { provider: 'sandbox' } : null;
  return { provider: 'hcaptcha', siteKey: parsed.data.public_key };
}

/** `POST sandbox/captcha`: a fresh sandbox token for the seller (the challenge was answered). */
export async function issueSandboxToken(db: Db, sellerId: string, now: number): Promise<string> {
  const token = `sandbox_${randomBytes(24).toString('base64url')}`;
  // Tokens past their lifetime are of no use: the oldest go as new ones come.
  await db.delete(captchaToken).where(lt(captchaToken.issuedAt, new Date(now - 10 * CAPTCHA_TOKEN_MS)));
  await db.insert(captchaToken).values({ token, sellerId, issuedAt: new Date(now) });
  return token;
}

const refused = (why: string) => new ApiError(400, ErrorCode.captcha_invalid, 'captcha', why);
/** A guest's payment that needs the seller's captcha came without one. */
export const captchaRequired = () => refused('A captcha is required.');

/**
 * Verifies the payment's captcha when the seller has one and the cart is a guest's: throws `captcha_invalid`
 * for a missing token, a token of another provider, an unknown, expired or used one; marks a sandbox token used.
 */
export async function verifyCaptcha(
  db: Db,
  settings: CaptchaSettings | null,
  sellerId: string,
  captcha: { provider: string; token: string } | undefined,
  runtime: CaptchaRuntime,
  now: number,
): Promise<void> {
  if (!settings) return;
  if (!captcha) throw captchaRequired();
  if (captcha.provider !== settings.provider) throw refused('The captcha is not the seller’s.');
  if (settings.provider === 'hcaptcha') {
    if (!runtime.hcaptcha || !(await runtime.hcaptcha(captcha.token).catch(() => false)))
      throw refused('The captcha could not be verified.');
    return;
  }
  if (!SANDBOX_TOKEN.test(captcha.token)) throw refused('The captcha could not be verified.');
  const used = await db
    .update(captchaToken)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(captchaToken.token, captcha.token),
        eq(captchaToken.sellerId, sellerId),
        isNull(captchaToken.usedAt),
        gt(captchaToken.issuedAt, new Date(now - CAPTCHA_TOKEN_MS)),
      ),
    )
    .returning({ token: captchaToken.token });
  if (used.length !== 1) throw refused('The captcha could not be verified.');
}

/** hCaptcha's siteverify with the secret (HCAPTCHA_SECRET); `fetch` is the platform's unless a test gives one. */
export function hcaptchaVerifier(secret: string | undefined, fetcher: typeof fetch = fetch): HcaptchaVerify {
  if (!secret) return null;
  return async (token) => {
    const res = await fetcher('https://api.hcaptcha.com/siteverify', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { success?: unknown };
    return body.success === true;
  };
}
