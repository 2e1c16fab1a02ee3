/** Helpers of the member tests: a server that trusts X-Forwarded-For, browsers (cookie jars), logins, the outbox. */
import { and, eq } from 'drizzle-orm';
import { AUTHENTICATION_CONFIG_KEY, type AuthenticationConfig } from '../../api/schemas';
import { giftCode } from '../../server/memberships/schema';
import * as t from '../../server/schema';
import { DEMO_MEMBER_PASSWORD, DEMO_MEMBERS } from '../../server/seed/members';
import { membershipIds } from '../../server/seed/membership';
import { type CallOptions, SELLER, startTestServer, type TestServer } from './helpers';

export { DEMO_MEMBER_PASSWORD, DEMO_MEMBERS };

export async function startMembersServer(): Promise<TestServer> {
  return startTestServer({ members: { trustProxy: true, publicUrl: 'https://shop.example.test' } });
}

export interface Cookie {
  name: string;
  value: string;
  attributes: string[];
}

export function parseSetCookies(res: Response): Cookie[] {
  return res.headers.getSetCookie().map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: decodeURIComponent(pair.slice(at + 1)), attributes };
  });
}

let addressCounter = 0;

/** A browser: keeps the cookies the server sets and sends them back; its own client address. */
export function browser(s: TestServer, address = `198.51.100.${++addressCounter % 250}`) {
  const jar = new Map<string, string>();
  const store = (res: Response) => {
    for (const c of parseSetCookies(res)) {
      const gone = c.attributes.some((a) => /^max-age=0$/i.test(a)) || c.value === '';
      if (gone) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
  };
  const headers = (opts: CallOptions) => ({
    ...(opts.headers ?? {}),
    'X-Forwarded-For': address,
    ...(jar.size ? { Cookie: [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ') } : {}),
  });
  return {
    jar,
    address,
    async json(method: string, path: string, opts: CallOptions = {}) {
      const r = await s.json(method, path, { ...opts, headers: headers(opts) });
      store(r.res);
      return r;
    },
  };
}

export type Browser = ReturnType<typeof browser>;

export const passwordLogin = (b: Browser, email: string, password = DEMO_MEMBER_PASSWORD) =>
  b.json('POST', 'login', { body: { email, password }, query: { _embed: 'identity,identity.meta' } });

/** Sets the seller's login configuration (config row `authentication`). */
export async function setAuthentication(s: TestServer, value: AuthenticationConfig) {
  await s.handle.db
    .update(t.config)
    .set({ value })
    .where(
      and(
        eq(t.config.resource, 'seller'),
        eq(t.config.resourceId, SELLER),
        eq(t.config.key, AUTHENTICATION_CONFIG_KEY),
      ),
    );
}

/** A message the local SMTP sink received, parsed (GET /api/__outbox; `body` is the plain-text part). */
export interface DeliveredMail {
  id: string;
  to: string;
  subject: string;
  body: string;
  text: string;
  html: string | null;
  links: string[];
  attachments: Array<{ filename: string | null; content_type: string; cid: string | null }>;
}

/** The dev outbox, through its endpoint: what was delivered to the sink (due rows are delivered first). */
export async function outbox(s: TestServer): Promise<DeliveredMail[]> {
  const r = await s.json('GET', '__outbox');
  return r.body.outbox._data;
}

/** The reset link's token of the newest email to `to`. */
export async function resetToken(s: TestServer, to: string): Promise<string> {
  const mails = (await outbox(s)).filter((m) => m.to === to);
  const last = mails[mails.length - 1];
  const match = last ? /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(last.body) : null;
  if (!match?.[1]) throw new Error(`no reset link to ${to}`);
  return decodeURIComponent(match[1]);
}

/** The verification link's token of the newest email to `to` (registration or email change). */
export async function verifyToken(s: TestServer, to: string): Promise<string> {
  const mails = (await outbox(s)).filter((m) => m.to === to && /verify-email\?token=/.test(m.body));
  const match = /verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mails.at(-1)?.body ?? '');
  if (!match?.[1]) throw new Error(`no verification link to ${to}`);
  return decodeURIComponent(match[1]);
}

/** The body of a reserve that redeems gift code `value` for an Individual membership (member `name` + `i`). */
export const redeemBody = (value: string, i = 0, name = 'Rae') => ({
  add: [{ event_session_id: null, ticket_type_id: membershipIds.level('Individual') }],
  membership: {
    members: [
      {
        party_role: 'member',
        first_name: `${name}${i}`,
        last_name: 'Redeemer',
        email: `${name.toLowerCase()}${i}@example.com`,
      },
    ],
    redeem: true,
    gift_code: value,
  },
});

/** A gift code of the demo seller with `uses` redemptions, `used` of them taken, any level, no dates. */
export async function newGiftCode(s: TestServer, value: string, uses: number, used = 0) {
  await s.handle.db.insert(giftCode).values({
    code: value,
    sellerId: SELLER,
    validFrom: null,
    validTo: null,
    maxRedemptions: uses,
    redeemedCount: used,
    ticketTypeIds: null,
  });
}
