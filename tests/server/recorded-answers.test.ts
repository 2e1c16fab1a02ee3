/**
 * Recorded answers: a fixed sequence of requests (catalogue, carts, seats, payment, members, memberships, bad
 * input) against the in-process app on a seeded database at the fixed test clock, each answer reduced to its
 * status, a few headers and its body, compared with the answers recorded in `__recorded__/answers.json`. It
 * proves that a change meant to keep behaviour (moving files, renaming modules) keeps it.
 *
 * Normalised, because they are random per run: version-4 UUIDs (`newId`; the seed's stable ids are version 5
 * and kept) become `<uuid:N>` in order of first appearance, order and cart numbers `<order_number>`, the
 * session cookie's token and the manage link's (an HMAC with the database's random key) `<token>`, the sandbox's payment intents `pi_sandbox_<N>` (and their secrets); rows
 * that come ordered by a random id (a cart's tickets) are sorted by their other fields; of a binary answer (the
 * QR code, which encodes the order number) only the first bytes are kept. Nothing else differs between runs or
 * between PGlite and PostgreSQL (the suite runs on both), so nothing is normalised per database.
 *
 * Re-record (only when an answer is meant to change): RECORD_ANSWERS=1 npx vitest run tests/server/recorded-answers
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationIds } from '../../server/seed/donation';
import { DEMO_GIFT_CODES, membershipIds } from '../../server/seed/membership';
import { theatreIds } from '../../server/seed/seats';
import {
  type CallOptions,
  GA,
  GA_ADULT,
  GA_CHILD,
  GARDEN,
  LECTURE,
  PLANETARIUM,
  PLANETARIUM_ADULT,
  SELLER,
  startTestServer,
  type TestServer,
} from './helpers';

const FILE = join(__dirname, '__recorded__/answers.json');
const HEADERS = [
  'content-type',
  'cache-control',
  'content-encoding',
  'vary',
  'location',
  'set-cookie',
  'retry-after',
  'x-content-type-options',
];

interface Answer {
  name: string;
  request: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Replaces what is random per run; the same random value gets the same placeholder everywhere. */
function normaliser() {
  const ids = new Map<string, string>();
  const intents = new Map<string, string>();
  const orderNumbers = new Set<string>();
  const uuid4 = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/gi;
  const text = (v: string): string =>
    v
      .replace(uuid4, (id) => {
        const key = id.toLowerCase();
        if (!ids.has(key)) ids.set(key, `<uuid:${ids.size + 1}>`);
        return ids.get(key) as string;
      })
      .replace(/\bpi_sandbox_[0-9a-f]+/g, (id) => {
        if (!intents.has(id)) intents.set(id, `pi_sandbox_<${intents.size + 1}>`);
        return intents.get(id) as string;
      })
      .replace(/_secret_[0-9a-f]+/g, '_secret_<secret>')
      // The manage link's token: an HMAC with the database's random link key.
      .replace(/(\/(?:manage|ticket_order)\/[^?\s"]+\?token=)[A-Za-z0-9_-]+/g, '$1<token>')
      .replace(/[A-Z0-9]{4}-[A-Z0-9]{4}/g, (code) => (orderNumbers.has(code) ? '<order_number>' : code));
  /** Order and cart numbers (`humanCode`) are random: remembered wherever a field of that name gives one. */
  const learn = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(learn);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'order_number' || k === 'cart_number') && typeof x === 'string') orderNumbers.add(x);
        else learn(x);
      }
  };
  const blank = (v: unknown) => JSON.stringify(v).replace(uuid4, '');
  const value = (v: unknown, key?: string): unknown => {
    // The order's read token (server/payments/access.ts): an HMAC with the database's random link key.
    if (key === 'access_token' && typeof v === 'string') return '<token>';
    if (typeof v === 'string') return text(v);
    // Rows ordered by a random id (a cart's tickets) come in any order: sorted by their other fields.
    if (Array.isArray(v))
      return (
        v.some((x) => UUID4.test(String(x?.id ?? '')))
          ? [...v].sort((a, b) => blank(a).localeCompare(blank(b)))
          : v
      ).map((x) => value(x));
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), value(x, k)]));
    return v;
  };
  return { text, value, learn };
}

const norm = normaliser();
const answers: Answer[] = [];
let cookie = '';

async function record(name: string, method: string, path: string, opts: CallOptions & { raw?: string } = {}) {
  const headers = { ...(opts.headers ?? {}), ...(cookie ? { Cookie: cookie } : {}) };
  let res: Response;
  if (opts.raw !== undefined) {
    const qs = new URLSearchParams({ ...(opts.query ?? {}), seller_id: SELLER });
    res = await s.app.request(`/api/${path}?${qs}`, {
      method,
      headers: { 'Tix-App': 'ecomm', 'Content-Type': 'application/json', ...headers },
      body: opts.raw,
    });
  } else res = await s.call(method, path, { ...opts, headers });
  const setCookie = res.headers.getSetCookie();
  const session = setCookie.map((c) => /^tix_session=([^;]*)/.exec(c)?.[1]).find((v) => v !== undefined);
  if (session !== undefined) cookie = session ? `tix_session=${session}` : '';
  const picked: Record<string, string> = {};
  for (const h of HEADERS) {
    const v = h === 'set-cookie' ? setCookie.join('\n') : res.headers.get(h);
    if (v) picked[h] = h === 'set-cookie' ? v.replace(/tix_session=[^;]+/g, 'tix_session=<token>') : v;
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  const plain = res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes;
  const type = res.headers.get('content-type') ?? '';
  let body: unknown;
  const str = () => new TextDecoder().decode(plain);
  if (type.includes('json')) body = str() ? JSON.parse(str()) : null;
  else if (type.startsWith('text/') || type.includes('svg')) body = str();
  // Binary (the QR code PNG encodes the random order number): its first bytes only.
  else body = { head: [...plain.slice(0, 8)] };
  norm.learn(body);
  const q = new URLSearchParams(opts.query ?? {}).toString();
  const answer: Answer = {
    name,
    request: norm.text(`${method} ${opts.prefix ?? '/api/'}${path}${q ? `?${q}` : ''}`),
    status: res.status,
    headers: picked,
    body: norm.value(body),
  };
  answers.push(answer);
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely to chain the next request
  return { status: res.status, body: body as any };
}

const modifyEmbed = { _embed: 'ticket,ticket_type,event_session,event_template,ticket_group' };

async function run() {
  // Catalogue.
  await record('listing', 'GET', 'events/available');
  await record('listing with embeds', 'GET', 'events/available', {
    query: { 'hidden_type._in': 'public_browsable', _embed: 'meta,config,venue,ticket_type,ticket_group' },
  });
  await record('listing with sessions, dated', 'GET', 'events/available', {
    query: {
      _embed: 'event_session',
      'event_session.start_datetime._gte': '2026-11-24',
      'event_session.start_datetime._lt': '2026-11-25',
      _limit: '3',
    },
  });
  await record('listing by category, cached prefix', 'GET', 'events/available', {
    prefix: '/cached/api/',
    query: { 'category._in': 'exhibition' },
  });
  await record('listing, compressed', 'GET', 'events/available', {
    query: { _embed: 'meta,venue,ticket_group,ticket_type' },
    headers: { 'Accept-Encoding': 'gzip' },
  });
  await record('event detail', 'GET', `events/${GA}`, {
    query: { _embed: 'meta,venue,ticket_group,ticket_type,config' },
  });
  await record('event detail with member groups asked as guest', 'GET', `events/${GA}`, {
    query: { 'hidden_type._in': 'public_browsable,public_member_only', _embed: 'ticket_group,ticket_type' },
  });
  await record('event calendar', 'GET', `events/${GA}/calendar`, {
    query: { 'date._gte': '2026-11-21', 'date._lt': '2026-12-05' },
  });
  await record('event calendar, prices', 'GET', `events/${GA}/calendar`, {
    query: { _format: 'price', 'date._gte': '2026-11-21', 'date._lt': '2026-11-28' },
  });
  const sessions = await record('sessions on a date', 'GET', `events/${GA}/sessions`, {
    query: { _ondate: '2026-11-24' },
  });
  await record('sessions, sorted and limited', 'GET', `events/${GARDEN}/sessions`, {
    query: { _sort: '-start_datetime', _limit: '3' },
  });
  const session = sessions.body.event_session._data[0].id as string;
  await record('session detail', 'GET', `events/${GA}/sessions/${session}`, {
    query: { _embed: 'ticket_group,ticket_type,venue,meta,config,event_template' },
  });
  await record('quantity-first sessions', 'POST', `events/${PLANETARIUM}/sessions`, {
    query: { _ondate: '2026-11-25' },
    body: { quantities: { [PLANETARIUM_ADULT]: 2 } },
  });
  await record('quantity-first calendar', 'POST', `events/${PLANETARIUM}/calendar`, {
    query: { 'date._gte': '2026-11-21', 'date._lt': '2026-11-28' },
    body: { quantities: { [PLANETARIUM_ADULT]: 2 } },
  });
  await record('pricecheck', 'POST', `events/${PLANETARIUM}/pricecheck`, {
    body: { ticket_types_required: [{ ticket_type_id: PLANETARIUM_ADULT }] },
  });
  await record('ticket group', 'GET', `ticket_group/${donationIds.group}`, {
    query: { _embed: 'ticket_type' },
  });
  await record('config', 'GET', 'config', {
    query: { 'resource_id._in': SELLER, 'key._in': 'holds,authentication,upsells,membership_event_id' },
  });
  await record('config without resource_id', 'GET', 'config');
  await record('membership rules', 'GET', 'membership_rules', { query: { _embed: 'ticket_type' } });
  await record('gift code', 'GET', `gift_code/${DEMO_GIFT_CODES.valid.toLowerCase()}`);
  await record('gift code, expired', 'GET', `gift_code/${DEMO_GIFT_CODES.expired}`);
  await record('image', 'GET', `image/${theatreIds.image('profile')}`, {
    noHeader: true,
    query: { sizex: '300', sizey: '200' },
  });

  // Seats.
  const theatre = await record('theatre sessions', 'GET', `events/${theatreIds.event}/sessions`, {
    query: { _limit: '2' },
  });
  const theatreSession = theatre.body.event_session._data[0].id as string;
  await record(
    'seat map with geometry',
    'GET',
    `events/${theatreIds.event}/sessions/${theatreSession}/seat_map`,
    {
      query: { _withgeometry: 'true' },
    },
  );
  const seat = theatreIds.seat('Stalls Centre', 'A', 1);
  const seated = await record('reserve a seat', 'POST', 'my/cart/modify', {
    query: modifyEmbed,
    body: {
      add: [
        {
          event_session_id: theatreSession,
          ticket_type_id: theatreIds.type('stalls', 'Adult'),
          handler_data: { seat_template_id: seat, ticket_group_id: theatreIds.stalls },
        },
      ],
    },
  });
  await record('the same seat again', 'POST', 'my/cart/modify', {
    body: {
      add: [
        {
          event_session_id: theatreSession,
          ticket_type_id: theatreIds.type('stalls', 'Adult'),
          handler_data: { seat_template_id: seat, ticket_group_id: theatreIds.stalls },
        },
      ],
    },
  });
  await record(
    'seat map after a hold',
    'GET',
    `events/${theatreIds.event}/sessions/${theatreSession}/seat_map`,
  );
  const seatedCart = seated.body.cart?._data?.[0]?.id as string;
  await record('discard the seated cart', 'DELETE', `cart/${seatedCart}`);

  // Cart and holds.
  const reserve = await record('reserve into a new cart', 'POST', 'my/cart/modify', {
    query: modifyEmbed,
    body: {
      add: [
        { event_session_id: session, ticket_type_id: GA_ADULT },
        { event_session_id: session, ticket_type_id: GA_ADULT },
        { event_session_id: session, ticket_type_id: GA_CHILD },
      ],
    },
  });
  const cart = reserve.body.cart._data[0].id as string;
  await record('cart read', 'GET', `cart/${cart}`, { query: { _embed: 'seller,config' } });
  await record('cart read on my/', 'GET', `my/cart/${cart}`);
  await record('modify: add a child', 'POST', `cart/${cart}/modify`, {
    body: { add: [{ event_session_id: session, ticket_type_id: GA_CHILD }] },
  });
  const read = await record('cart after modify', 'GET', `cart/${cart}`);
  const child = (read.body.ticket._data as Array<{ id: string; ticket_type_id: string }>).find(
    (k) => k.ticket_type_id === GA_CHILD,
  )?.id;
  await record('remove a ticket', 'POST', `cart/${cart}/remove`, { body: { tickets: [child] } });
  await record('remove it again', 'POST', `cart/${cart}/remove`, { body: { tickets: [child] } });
  await record('extend the hold', 'POST', `cart/${cart}/extend`, { body: {} });
  await record('reserve the sold-out session', 'POST', 'my/cart/modify', {
    body: {
      add: [{ event_session_id: await soldOutSession(), ticket_type_id: GA_ADULT }],
    },
  });
  await record('reserve over the per-order maximum', 'POST', 'my/cart/modify', {
    body: {
      add: Array.from({ length: 30 }, () => ({ event_session_id: session, ticket_type_id: GA_ADULT })),
    },
  });
  await record('reserve a flexible ticket without a session', 'POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: null, ticket_type_id: GA_ADULT }] },
  });

  // Payments and completion.
  const due = await record('cart before paying', 'GET', `cart/${cart}`);
  const amount = due.body.cart_fees._data[0].grand_totals.total_outstanding as string;
  await record('pay without a purchaser', 'POST', `cart/${cart}/pay`, {
    body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
  });
  await record('purchaser, bad email', 'POST', `cart/${cart}/purchaser`, {
    body: { first_name: 'Ada', last_name: 'Lovelace', email: 'nope' },
  });
  await record('purchaser', 'POST', `cart/${cart}/purchaser`, {
    body: { first_name: ' Ada ', last_name: 'Lovelace', email: 'ada@example.com' },
  });
  await record('pay the wrong amount', 'POST', `cart/${cart}/pay`, {
    body: { amount: '1.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
  });
  await record('pay, declined', 'POST', `cart/${cart}/pay`, {
    body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_chargeDeclined' } },
  });
  await record('pay, needs 3-D Secure', 'POST', `cart/${cart}/pay`, {
    body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_authenticationRequired' } },
  });
  const paid = await record('pay', 'POST', `cart/${cart}/pay`, {
    body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
  });
  const order = paid.body.ticket_order._data[0].id as string;
  await record('pay again', 'POST', `cart/${cart}/pay`, {
    body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
  });
  await record('modify a booked cart', 'POST', `cart/${cart}/modify`, {
    body: { add: [{ event_session_id: session, ticket_type_id: GA_CHILD }] },
  });
  await record('order', 'GET', `ticket_order/${order}`, {
    query: { _embed: 'ticket,ticket_group,event_template,ticket_type,ticket.event_session' },
  });
  await record('orders by id', 'GET', 'ticket_order', { query: { 'id._in': order } });
  await record('order QR code', 'GET', `ticket_order/${order}/qrcode`, {
    noHeader: true,
    prefix: '/cached/api/',
    query: { margin: '4' },
  });
  const donation = await record('reserve a donation', 'POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: null, ticket_type_id: donationIds.type('Supporter') }] },
  });
  await record(
    'guest checkout of a cart that costs',
    'POST',
    `cart/${donation.body.cart?._data?.[0]?.id}/guest_checkout`,
    {
      body: {},
    },
  );
  await record('outbox', 'GET', '__outbox');

  // Members and sessions.
  await record('my/user without a session', 'GET', 'my/user');
  await record('login, wrong password', 'POST', 'login', {
    body: { email: 'ada.member@example.com', password: 'Wrong-Pass1' },
  });
  await record('login, unknown member ID', 'POST', 'login', {
    body: { scan_code: '999999', zip_code: '10024' },
  });
  await record('login, malformed', 'POST', 'login', { body: { email: 'ada.member@example.com', extra: 1 } });
  await record('register, email in use', 'POST', 'user', {
    body: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ADA.member@example.com',
      password: 'Museum-Pass1',
    },
  });
  await record('register, weak password', 'POST', 'user', {
    body: { first_name: 'New', last_name: 'Person', email: 'new.person@example.com', password: 'short' },
  });
  await record('password reset, unknown token', 'POST', 'password_reset/validate', {
    body: { token: 'x'.repeat(43) },
  });
  await record('forgot membership', 'POST', 'membership/forgot', { body: { email: 'nobody@example.com' } });
  await record('login', 'POST', 'login', {
    body: { email: 'mia.member@example.com', password: 'Museum-Pass1' },
  });
  await record('my/user', 'GET', 'my/user');
  await record('my/membership', 'GET', 'my/membership');
  await record('my/membership/remaining', 'GET', 'my/membership/remaining', {
    query: { event_template_id: GA },
  });
  await record('saved payment methods', 'GET', 'my/identity/saved_payment_method');
  await record('event detail with member groups as a member', 'GET', `events/${GA}`, {
    query: { 'hidden_type._in': 'public_browsable,public_member_only', _embed: 'ticket_group,ticket_type' },
  });
  await record('member reserve', 'POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: session, ticket_type_id: membershipIds.memberType('Member Adult') }] },
  });
  await record('logout', 'POST', 'logout', { body: {} });
  await record('member reserve as a guest', 'POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: session, ticket_type_id: membershipIds.memberType('Member Adult') }] },
  });

  // Memberships.
  await record('membership reserve without members', 'POST', 'my/cart/modify', {
    body: {
      add: [{ event_session_id: null, ticket_type_id: membershipIds.level('Individual') }],
      membership: { members: [] },
    },
  });
  await record('membership redeem, exhausted code', 'POST', 'my/cart/modify', {
    body: {
      add: [{ event_session_id: null, ticket_type_id: membershipIds.level('Individual') }],
      membership: {
        members: [
          { party_role: 'member', first_name: 'Gift', last_name: 'Taker', email: 'gift@example.com' },
        ],
        redeem: true,
        gift_code: DEMO_GIFT_CODES.exhausted,
      },
    },
  });
  await record('giftee', 'POST', 'giftee', {
    body: { first_name: 'Gia', last_name: 'Giftee', email: 'gia@example.com' },
  });

  // Bad input.
  await record('no Tix-App header', 'GET', 'events/available', { noHeader: true });
  await record('no seller', 'GET', 'events/available', { noSeller: true });
  await record('unknown route', 'GET', 'nothing/here');
  await record('unknown event', 'GET', `events/${LECTURE.replace(/.$/, '0')}`);
  await record('malformed event id', 'GET', 'events/not-an-id');
  await record('unknown cart', 'GET', 'cart/00000000-0000-4000-8000-000000000000');
  await record('unbounded query', 'GET', 'events/available', { query: { _limit: '100000000' } });
  await record('NUL in a query value', 'GET', 'events/available', { query: { 'category._in': 'a\u0000b' } });
  await record('write on the cached prefix', 'POST', 'my/cart/modify', { prefix: '/cached/api/', body: {} });
  await record('modify, unknown key', 'POST', 'my/cart/modify', { body: { add: [], nope: true } });
  await record('modify, unknown ticket type', 'POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: session, ticket_type_id: '00000000-0000-5000-8000-000000000000' }] },
  });
  await record('modify, not JSON', 'POST', 'my/cart/modify', { raw: '{"add": [' });
  await record('body over 1 MB', 'POST', 'my/cart/modify', {
    raw: JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
  });
  await record('quantity-first calendar, too many types', 'POST', `events/${PLANETARIUM}/calendar`, {
    body: {
      quantities: Object.fromEntries(
        Array.from({ length: 11 }, (_, i) => [`00000000-0000-5000-8000-0000000000${10 + i}`, 1]),
      ),
    },
  });
}

/** The seed's sold-out General Admission session (three days out at 2:00 PM). */
async function soldOutSession(): Promise<string> {
  const r = await s.json('GET', `events/${GA}/sessions`, { query: { _ondate: '2026-11-24' } });
  const all = r.body.event_session._data as Array<{ id: string; sold_out: boolean }>;
  return (all.find((x) => x.sold_out) ?? all[0])?.id as string;
}

describe('recorded answers', () => {
  it('answers every recorded request as recorded', async () => {
    await run();
    const text = `${JSON.stringify(answers, null, 2)}\n`;
    if (process.env.RECORD_ANSWERS === '1') {
      writeFileSync(FILE, text);
      return;
    }
    const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as Answer[];
    expect(answers.map((a) => a.name)).toEqual(recorded.map((a) => a.name));
    for (const [i, a] of answers.entries()) expect(a, a.name).toEqual(recorded[i]);
    expect(text).toBe(readFileSync(FILE, 'utf8'));
  });
});
