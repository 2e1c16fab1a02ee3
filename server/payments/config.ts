/**
 * The Stripe configuration of the process, from the environment (server-side only; the secret key and the
 * webhook secret never reach the browser or a log): `STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY`,
 * `STRIPE_WEBHOOK_SECRET` (all three, or none), `STRIPE_ACCOUNT_ID` (optional: a connected account), and outside
 * production `STRIPE_API_BASE` (the address of a local Stripe-compatible fake, for development and tests).
 */
import * as z from 'zod/mini';
import type { StripeSettings } from './stripe';

const settings = z.object({
  secretKey: z.string().check(z.regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,250}$/)),
  publishableKey: z.string().check(z.regex(/^pk_(test|live)_[A-Za-z0-9_]{8,250}$/)),
  webhookSecret: z.string().check(z.regex(/^whsec_[A-Za-z0-9_+/=]{8,250}$/)),
  accountId: z.nullable(z.string().check(z.regex(/^acct_[A-Za-z0-9]{1,100}$/))),
});

export type StripeEnv = { ok: true; settings: StripeSettings | null } | { ok: false; problem: string };

/** The settings, null when no key is set, or the problem (named without the values). */
export function stripeFromEnv(env: NodeJS.ProcessEnv, production: boolean): StripeEnv {
  const raw = {
    secretKey: env.STRIPE_SECRET_KEY?.trim() || undefined,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() || undefined,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
    accountId: env.STRIPE_ACCOUNT_ID?.trim() || null,
  };
  const given = [raw.secretKey, raw.publishableKey, raw.webhookSecret].filter(Boolean).length;
  if (given === 0) return { ok: true, settings: null };
  const parsed = settings.safeParse(raw);
  if (given < 3 || !parsed.success) {
    const names = [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_ACCOUNT_ID',
    ];
    const bad = parsed.success
      ? []
      : parsed.error.issues.map(
          (i) =>
            names[['secretKey', 'publishableKey', 'webhookSecret', 'accountId'].indexOf(String(i.path[0]))],
        );
    return {
      ok: false,
      problem: `Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together${bad.length ? `; malformed: ${[...new Set(bad)].join(', ')}` : ''}`,
    };
  }
  const mode = (key: string) => (key.includes('_live_') ? 'live' : 'test');
  if (mode(parsed.data.secretKey) !== mode(parsed.data.publishableKey))
    return {
      ok: false,
      problem: 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are of different modes (test, live)',
    };
  const base = env.STRIPE_API_BASE?.trim();
  if (!base) return { ok: true, settings: { ...parsed.data, api: null } };
  if (production) return { ok: false, problem: 'STRIPE_API_BASE is for development and tests only' };
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return { ok: false, problem: 'STRIPE_API_BASE is not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, problem: 'STRIPE_API_BASE must be http or https' };
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return { ok: true, settings: { ...parsed.data, api: { host: url.hostname, port, protocol } } };
}
