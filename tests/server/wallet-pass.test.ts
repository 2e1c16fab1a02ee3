/**
 * The Apple Wallet pass of an order (issue 20; server/wallet/, GET ticket_order/{id}/wallet.pkpass): signed with a
 * throwaway certificate chain the test makes (tests/fakes/pass-certificates.ts), unzipped and checked for real:
 * pass.json (the barcode is the order's QR code, the fields, one serial number per order, nothing of the
 * purchaser), manifest.json's SHA-1 of every file, and the PKCS#7 signature over the manifest against the root.
 * Access is the whole-order read's (payments/access.ts): the read token or the owner's session; an order id alone
 * or a wrong token is a 404, a malformed id or token a 400; a seller without a certificate has no passes.
 */
import { createHash } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../api/schemas';
import { DEMO_SLUG } from '../../server/seed/demo';
import { walletPassesFromEnv } from '../../server/wallet/config';
import {
  makePassCertificates,
  PASS_TYPE_ID,
  type PassCertificates,
  TEAM_ID,
  verifySignature,
} from '../fakes/pass-certificates';
import { GA_ADULT, gaSessions, startTestServer, type TestServer } from './helpers';
import { type Browser, browser, DEMO_MEMBERS, outbox, passwordLogin } from './members-helpers';

let certs: PassCertificates;
let s: TestServer;
let plain: TestServer;
beforeAll(async () => {
  certs = makePassCertificates();
  s = await startTestServer({
    members: { trustProxy: 1 },
    walletPasses: new Map([[DEMO_SLUG, certs.settings]]),
  });
  plain = await startTestServer({ members: { trustProxy: 1 } });
});
afterAll(async () => {
  await s?.handle.close();
  await plain?.handle.close();
  certs?.remove();
});

const doc = (body: unknown) => document.parse(body);
const CARD = { gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } };

/** The files of a zip (stored or deflated entries), read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

/** A guest buys General Admission tickets on a dated session: the order id, number and read token. */
async function buy(
  server: TestServer,
  email: string,
  count = 2,
  who: Pick<Browser, 'json'> = browser(server),
) {
  const [session] = await gaSessions(server, '2026-11-28');
  const r = await who.json('POST', 'my/cart/modify', {
    body: {
      add: Array.from({ length: count }, (_, i) => ({
        event_session_id: session?.id,
        ticket_type_id: GA_ADULT,
        ...(i === 0 ? { admit_name: 'Ann Attendee' } : {}),
      })),
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const cartId = doc(r.body).cart?._data[0]?.id as string;
  const p = await who.json('POST', `cart/${cartId}/purchaser`, {
    body: { first_name: 'Pat', last_name: 'Private', email },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  // A General Admission adult ticket: $25.00 and a $1.50 fee.
  const amount = (count * 26.5).toFixed(2);
  const paid = await who.json('POST', `cart/${cartId}/pay`, { body: { amount, ...CARD } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const order = doc(paid.body).ticket_order?._data[0];
  return {
    orderId: order?.id as string,
    number: order?.order_number as string,
    token: order?.access_token as string,
  };
}

/** GET the pass as a link does (no Tix-App header), with the cookies of `who` when given. */
const pass = (server: TestServer, orderId: string, query: Record<string, string> = {}, who?: Browser) =>
  server.call('GET', `ticket_order/${orderId}/wallet.pkpass`, {
    query,
    noHeader: true,
    headers: who
      ? {
          'X-Forwarded-For': who.address,
          Cookie: [...who.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
        }
      : {},
  });

describe('the pass of an order', () => {
  it('is a signed .pkpass: the order QR as barcode, the visit’s fields, every file in the manifest, nothing personal', async () => {
    const { orderId, number, token } = await buy(s, 'pat.wallet@example.com');
    const r = await pass(s, orderId, { token });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="order-${number}.pkpass"`);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    const files = unzip(Buffer.from(await r.arrayBuffer()));
    expect([...files.keys()].sort()).toEqual(
      ['icon.png', 'icon@2x.png', 'manifest.json', 'pass.json', 'signature'].sort(),
    );

    const json = JSON.parse(files.get('pass.json')?.toString('utf8') ?? '{}');
    expect(json).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE_ID,
      teamIdentifier: TEAM_ID,
      serialNumber: orderId,
      organizationName: 'Demo Museum of Art & Science',
    });
    // The barcode is the order's QR code: what the printable order and the email show (`{number}:{id}`).
    expect(json.barcodes).toEqual([
      expect.objectContaining({ format: 'PKBarcodeFormatQR', message: `${number}:${orderId}` }),
    ]);
    const fields = Object.fromEntries(
      ['primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields'].flatMap((k) =>
        (json.eventTicket[k] as { key: string; value: string }[]).map((f) => [f.key, f.value]),
      ),
    );
    expect(fields.event).toBe('General Admission');
    expect(fields.when).toBe('Saturday 28 November 2026, 10:00 AM');
    expect(fields.venue).toBeTruthy();
    expect(fields.tickets).toBe('2 × Adult');
    expect(fields.order).toBe(number);
    expect(fields.link).toMatch(new RegExp(`/demo-museum/ticket_order/${orderId}$`));
    // Nothing of the purchaser or the attendees, no token, in any file.
    const all = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    for (const secret of ['pat.wallet@example.com', 'Private', 'Ann Attendee', token])
      expect(all).not.toContain(secret);

    // manifest.json: the SHA-1 of every other file, and of nothing else.
    const manifest = JSON.parse(files.get('manifest.json')?.toString('utf8') ?? '{}');
    const hashed = [...files].filter(([name]) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(hashed.map(([name]) => name).sort());
    for (const [name, content] of hashed)
      expect(manifest[name], name).toBe(createHash('sha1').update(content).digest('hex'));

    // The signature: PKCS#7 over the manifest, by our signer certificate, chained through the WWDR to the root.
    const signer = verifySignature(
      certs,
      files.get('manifest.json') as Buffer,
      files.get('signature') as Buffer,
    );
    expect(signer.replace(/\s/g, '')).toBe(certs.settings.signerCert.replace(/\s/g, ''));
    // A manifest changed after signing does not verify.
    expect(() =>
      verifySignature(certs, Buffer.from('{"pass.json":"0"}'), files.get('signature') as Buffer),
    ).toThrow();
  });

  it('one serial number per order', async () => {
    const a = await buy(s, 'pat.one@example.com', 1);
    const b = await buy(s, 'pat.two@example.com', 1);
    const serial = async (o: typeof a) =>
      JSON.parse(
        unzip(Buffer.from(await (await pass(s, o.orderId, { token: o.token })).arrayBuffer()))
          .get('pass.json')
          ?.toString('utf8') ?? '{}',
      ).serialNumber;
    expect(await serial(a)).toBe(a.orderId);
    expect(await serial(b)).toBe(b.orderId);
    expect(a.orderId).not.toBe(b.orderId);
  });

  it('needs the order’s read token or the owner’s session: an id alone, another order’s token, an unknown order 404; malformed 400', async () => {
    const mine = await buy(s, 'pat.mine@example.com', 1);
    const theirs = await buy(s, 'pat.theirs@example.com', 1);
    const notFound = async (r: Response) => {
      expect(r.status).toBe(404);
      const text = await r.text();
      expect(text).not.toContain('pat.theirs');
      return text;
    };
    const alone = await notFound(await pass(s, theirs.orderId));
    const wrong = await notFound(await pass(s, theirs.orderId, { token: mine.token }));
    const unknown = await notFound(
      await pass(s, '00000000-0000-4000-8000-00000000dead', { token: mine.token }),
    );
    // The same answer whether the order exists or not: nothing tells them apart.
    expect(wrong).toBe(alone);
    expect(unknown).toBe(alone);
    expect((await pass(s, 'not-an-order', { token: mine.token })).status).toBe(400);
    expect((await pass(s, `${theirs.orderId}x`)).status).toBe(400);
    expect((await pass(s, theirs.orderId, { token: 'x' })).status).toBe(400);
    expect((await pass(s, theirs.orderId, { token: `${mine.token}\u0000` })).status).toBe(400);
    // The manage token (the emailed manage link) reads the order whole, so it gives the pass too.
    const mail = (await outbox(s)).find((m) => m.to === 'pat.theirs@example.com');
    const manage = new RegExp(`/manage/${theirs.orderId}\\?token=([A-Za-z0-9_-]{43})`).exec(mail?.body ?? '');
    expect((await pass(s, theirs.orderId, { token: manage?.[1] as string })).status).toBe(200);
  });

  it('the owner’s member session gives the pass; another member’s does not', async () => {
    const owner = browser(s);
    expect((await passwordLogin(owner, DEMO_MEMBERS.password.email)).status).toBe(200);
    const { orderId } = await buy(s, DEMO_MEMBERS.password.email, 1, owner);
    expect((await pass(s, orderId, {}, owner)).status).toBe(200);
    const other = browser(s);
    expect((await passwordLogin(other, 'mia.member@example.com')).status).toBe(200);
    expect((await pass(s, orderId, {}, other)).status).toBe(404);
  });

  it('the order answers say wallet_pass only to who may read the order whole', async () => {
    const { orderId, token } = await buy(s, 'pat.flag@example.com', 1);
    const flag = async (server: TestServer, query: Record<string, string>) =>
      doc((await server.json('GET', 'ticket_order', { query: { 'id._in': orderId, ...query } })).body)
        .ticket_order?._data[0]?.wallet_pass;
    expect(await flag(s, { token })).toBe(true);
    expect(await flag(s, {})).toBeUndefined();
    const one = await s.json('GET', `ticket_order/${orderId}`, { query: { token } });
    expect(doc(one.body).ticket_order?._data[0]?.wallet_pass).toBe(true);
  });

  it('the confirmation email links the pass with the read token, and the link gives it', async () => {
    const { orderId } = await buy(s, 'pat.mailpass@example.com', 1);
    const mail = (await outbox(s)).find((m) => m.to === 'pat.mailpass@example.com');
    const link = new RegExp(
      `Add to Apple Wallet: (\\S*/api/ticket_order/${orderId}/wallet\\.pkpass\\?seller_id=[^&\\s]+&token=[A-Za-z0-9_-]{43})`,
    ).exec(mail?.body ?? '');
    expect(link?.[1]).toBeTruthy();
    expect(mail?.html).toContain('>Add to Apple Wallet</a>');
    const url = new URL(link?.[1] as string, 'http://localhost');
    const r = await s.app.request(`${url.pathname}${url.search}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
  });
});

describe('a seller without a pass certificate', () => {
  it('has no passes: 404 even with the token, no wallet_pass, no link in the email', async () => {
    const { orderId, token } = await buy(plain, 'pat.plain@example.com', 1);
    expect((await pass(plain, orderId, { token })).status).toBe(404);
    const listed = await plain.json('GET', 'ticket_order', { query: { 'id._in': orderId, token } });
    expect(doc(listed.body).ticket_order?._data[0]?.wallet_pass).toBeUndefined();
    const mail = (await outbox(plain)).find((m) => m.to === 'pat.plain@example.com');
    expect(mail?.body).toBeTruthy();
    expect(mail?.body).not.toContain('wallet.pkpass');
    expect(mail?.body).not.toContain('Apple Wallet');
  });
});

describe('APPLE_WALLET_SELLERS', () => {
  const env = (value: unknown) => ({ APPLE_WALLET_SELLERS: JSON.stringify(value) });
  const good = () => ({
    passTypeId: PASS_TYPE_ID,
    teamId: TEAM_ID,
    signerCertFile: certs.files.signerCert,
    signerKeyFile: certs.files.signerKey,
    wwdrFile: certs.files.wwdr,
    keyPassphrase: certs.settings.keyPassphrase,
  });

  it('reads each seller’s certificate files; none set: no seller has passes', () => {
    const read = walletPassesFromEnv(env({ venue: good() }));
    expect(read.ok && read.sellers.get('venue')).toEqual(certs.settings);
    const none = walletPassesFromEnv({});
    expect(none.ok && none.sellers.size).toBe(0);
  });

  it('names the seller and the setting of a problem, never a value', () => {
    const problem = (value: unknown) => {
      const r = walletPassesFromEnv(env(value));
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.problem;
    };
    const cases: Array<[unknown, RegExp]> = [
      [
        { venue: { ...good(), keyPassphrase: 'wrong passphrase' } },
        /\[venue\]: signerKeyFile .*keyPassphrase/,
      ],
      [{ venue: { ...good(), teamId: 'short' } }, /\[venue\]: teamId/],
      [{ venue: { ...good(), passTypeId: 'com.example' } }, /\[venue\]: passTypeId/],
      [
        { venue: { ...good(), wwdrFile: certs.files.signerKey } },
        /\[venue\]: wwdrFile is not a PEM certificate/,
      ],
      [
        { venue: { ...good(), signerCertFile: '/nonexistent/pass.pem' } },
        /\[venue\]: signerCertFile cannot be read \(ENOENT\)/,
      ],
      [{ venue: { ...good(), signerKeyFile: undefined } }, /\[venue\]: signerKeyFile is missing/],
      [{ 'Not A Slug': good() }, /a key is not a seller slug/],
    ];
    for (const [value, expected] of cases) {
      const text = problem(value);
      expect(text).toMatch(expected);
      expect(text).not.toContain(certs.settings.keyPassphrase as string);
      expect(text).not.toContain('nonexistent');
    }
    expect(walletPassesFromEnv({ APPLE_WALLET_SELLERS: '{' })).toEqual({
      ok: false,
      problem: 'APPLE_WALLET_SELLERS is not JSON',
    });
  });
});
