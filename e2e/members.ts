/**
 * E2E helpers for member flows (issue 10): the seeded accounts, switching the login mode the storefront shows
 * (the runtime configuration's `login`, rewritten in the served page the way payment-errors.spec.ts switches the
 * payment provider; the demo seller's server accepts every credential kind), and reading emails from the
 * reference server's outbox (non-production only: GET /api/__outbox lists what its local SMTP sink received, parsed
 * from MIME; see server/README.md, Email).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { RuntimeConfig } from '../api/schemas';
import { expect, type Seller } from './fixtures';

/** The seeded accounts (server/seed/members.ts; every password is DEMO_PASSWORD unless said otherwise). */
export const DEMO_PASSWORD = 'Museum-Pass1';
export const MEMBERS = {
  password: { email: 'ada.member@example.com', firstName: 'Ada' },
  scanCode: { memberId: '200002', zip: '10024', firstName: 'Grace' },
  scanCodeLastName: { memberId: '300003', lastName: 'Curie', firstName: 'Marie' },
  scanCodePassword: { memberId: '400004', email: 'alan.member@example.com', firstName: 'Alan' },
  /** Signs in at the sandbox identity provider with SANDBOX_PASSWORD. */
  oidc: { email: 'oidc.member@example.com', firstName: 'Rosalind' },
  /** No password: login answers guest_account. */
  guest: { email: 'guest.account@example.com', firstName: 'Gus' },
  /** No real email (placeholder): logs in by member ID and ZIP, then must set an email. */
  noEmail: { memberId: '500005', zip: '10009', firstName: 'Nora' },
  /** Another one, whose email the account-pages e2e sets (once per worker's seller). */
  noEmailToSet: { memberId: '500006', zip: '10011', firstName: 'Noel' },
  nonMember: { email: 'nico.visitor@example.com', firstName: 'Nico' },
} as const;
export const SANDBOX_PASSWORD = 'Sandbox-Pass1';

/** Shows the storefront with another login configuration (every page load of the seller's paths). */
export async function useLoginConfig(
  page: Page,
  seller: Seller,
  login: Partial<NonNullable<RuntimeConfig['login']>>,
) {
  await page.route(`**${seller.base}/**`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script id="tix-config" type="application\/json">)(.*?)(<\/script>)/,
      (_all, open: string, json: string, close: string) => {
        const config = JSON.parse(json) as RuntimeConfig;
        return `${open}${JSON.stringify({ ...config, login: { ...config.login, ...login } })}${close}`;
      },
    );
    await route.fulfill({ response, body: html });
  });
}

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  html: string | null;
  /** Every link of both parts. */
  links: string[];
  attachments: Array<{ filename: string | null; content_type: string; cid: string | null }>;
}

/** Emails delivered for the worker's seller (what was due is delivered first), oldest first. */
export async function outbox(request: APIRequestContext, seller: Seller): Promise<Mail[]> {
  const res = await request.get(`/api/__outbox?seller_id=${seller.id}`, {
    headers: { 'Tix-App': 'ecomm' },
  });
  return ((await res.json()) as { outbox: { _data: Mail[] } }).outbox._data;
}

/**
 * The path and query of the first link matching `pattern` in the mails to `to`, once the sender delivered one
 * (polled for up to 20 s).
 */
export async function emailedLink(
  request: APIRequestContext,
  seller: Seller,
  to: string,
  pattern: RegExp,
): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const mails = (await outbox(request, seller)).filter((m) => m.to === to);
        const found = mails.flatMap((m) => m.links).find((l) => pattern.test(l));
        link = found ? `${new URL(found).pathname}${new URL(found).search}` : null;
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
  return link as unknown as string;
}

/** The path (with the token) of the newest reset link emailed to `to`, or null. */
export async function resetLinkPath(
  request: APIRequestContext,
  seller: Seller,
  to: string,
): Promise<string | null> {
  const mails = (await outbox(request, seller)).filter((m) => m.to.toLowerCase() === to.toLowerCase());
  const match = /https?:\/\/[^/\s]+(\/\S*reset-password\?token=\S+)/.exec(mails.at(-1)?.body ?? '');
  return match?.[1] ?? null;
}
