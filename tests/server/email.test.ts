/**
 * Email delivery (issue 20): the outbox drained over real SMTP into the local sink (server/mail/sink.ts), read back
 * as parsed MIME: a purchase's confirmation (one message, the inline QR image, a calendar file per session parsed
 * back), the at-most-once guarantee around crashes, refused and deferred recipients, and a reset link followed
 * from the delivered message.
 */
import { createServer, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureLocales } from '../../server/catalog/locales';
import { queueMail } from '../../server/mail/message';
import {
  BACKOFF_BASE_MS,
  backoffMs,
  claimNext,
  composeMessage,
  LEASE_MS,
  MAX_ATTEMPTS,
  markSending,
  OutboxSender,
} from '../../server/mail/sender';
import { type SinkMessage, sharedMailSink } from '../../server/mail/sink';
import { smtpTransport } from '../../server/mail/smtp';
import * as t from '../../server/schema';
import { demoIds } from '../../server/seed/demo';
import { passIds } from '../../server/seed/passes';
import { theatreIds } from '../../server/seed/seats';
import { GA, GA_ADULT, GA_CHILD, gaSessions, SELLER, startTestServer, type TestServer } from './helpers';
import { browser, outbox, passwordLogin } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const FROM = { name: 'Demo Museum', address: 'tickets@localhost', domain: 'localhost' };

/** A sender of the test's own over the same database and sink (the app's drains only on GET __outbox). */
const sender = (transport = smtpTransport(async () => (await sharedMailSink()).url)) =>
  new OutboxSender({
    db: s.handle.db,
    now: () => s.clock.now,
    transport,
    fromAddress: FROM.address,
    log: () => {},
  });

/** What the sink received of the outbox row `id`. */
const received = async (id: string): Promise<SinkMessage[]> =>
  (await sharedMailSink()).messages().filter((m) => m.outboxId === id);

const rowOf = async (id: string) => (await s.handle.db.select().from(t.outbox).where(eq(t.outbox.id, id)))[0];

/** Buys `add` lines as a guest with `email`: the order (id, order_number). */
async function buy(email: string, add: unknown[], pay: Record<string, unknown> = {}) {
  const r = await s.json('POST', 'my/cart/modify', { body: { add } });
  expect(r.status).toBe(200);
  const id = r.body.cart._data[0].id as string;
  const who = await s.json('POST', `cart/${id}/purchaser`, {
    body: { first_name: 'Ada', last_name: 'Lovelace', email },
  });
  expect(who.status).toBe(200);
  const paid = await s.json('POST', `cart/${id}/pay`, {
    body: {
      amount: who.body.cart_fees._data[0].grand_totals.total_outstanding,
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_card_visa' },
      ...pay,
    },
  });
  expect(paid.status).toBe(200);
  return paid.body.ticket_order._data[0] as { id: string; order_number: string; access_token: string };
}

/** A minimal iCalendar reader: unfolds lines, nests components, keeps each property's value (and params). */
function parseIcs(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  type Comp = { name: string; props: Map<string, string>; children: Comp[] };
  const root: Comp = { name: 'root', props: new Map(), children: [] };
  const stack: Comp[] = [root];
  for (const line of lines) {
    const colon = line.indexOf(':');
    expect(colon).toBeGreaterThan(0);
    const key = line.slice(0, colon).split(';')[0] as string;
    const value = line.slice(colon + 1);
    const top = stack.at(-1) as Comp;
    if (key === 'BEGIN') {
      const c: Comp = { name: value, props: new Map(), children: [] };
      top.children.push(c);
      stack.push(c);
    } else if (key === 'END') {
      expect(top.name).toBe(value);
      stack.pop();
    } else top.props.set(key, value.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1'));
  }
  expect(stack).toHaveLength(1);
  const [cal] = root.children;
  expect(cal?.name).toBe('VCALENDAR');
  expect(cal?.props.get('VERSION')).toBe('2.0');
  expect(cal?.props.get('PRODID')).toBeTruthy();
  return (cal?.children ?? []).filter((c) => c.name === 'VEVENT').map((c) => c.props);
}

const icsUtc = (d: string) => `${d.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}`;

describe('order confirmation', () => {
  it('a purchase sends exactly one message: sessions in the venue zone, the inline QR image, a valid .ics, the printable-order link', async () => {
    const [session] = await gaSessions(s, '2026-11-27');
    const sid = session?.id as string;
    const order = await buy('ada.mail@example.com', [
      { event_session_id: sid, ticket_type_id: GA_ADULT },
      { event_session_id: sid, ticket_type_id: GA_ADULT },
      { event_session_id: sid, ticket_type_id: GA_CHILD },
    ]);
    const r = await s.json('GET', '__outbox', { query: { content: '1' } });
    const mails = r.body.outbox._data.filter((m: { to: string }) => m.to === 'ada.mail@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail.message_id).toBe(`<${mail.id}@localhost>`);
    expect(mail.subject).toBe(`Your tickets: order ${order.order_number}`);
    // Both parts: the order number, the session in New York time (10:00 AM is 15:00 UTC), the tickets, the total.
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(order.order_number);
      expect(part).toContain('Friday 27 November 2026, 10:00 AM');
      expect(part).toContain('2 × Adult');
      expect(part).toContain('1 × Child');
      expect(part).toMatch(/Total paid: \d+\.\d{2} USD/);
      expect(part).toContain(`http://localhost/demo-museum/ticket_order/${order.id}?token=`);
    }
    // The printable order's link carries the order's read token (server/payments/access.ts): the email is the
    // purchaser's, and the order id alone reads less.
    const printLink = `http://localhost/demo-museum/ticket_order/${order.id}?token=${order.access_token}`;
    expect(order.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.links).toContain(printLink);
    expect(mail.links).toContain(`http://localhost/demo-museum/events/${GA}`);
    // The printable order's address is a storefront page (tests/server/api.test.ts 'SPA serving'; e2e
    // order-print.spec.ts opens it from this email): no redirect.
    const printable = await s.app.request(`/demo-museum/ticket_order/${order.id}`);
    expect(printable.status).not.toBe(302);

    // The QR code: an inline image the HTML shows by its Content-ID, the same PNG as GET ticket_order/{id}/qrcode.
    const png = mail.attachments.find((a: { content_type: string }) => a.content_type === 'image/png');
    expect(png.cid).toBeTruthy();
    expect(mail.html).toContain(`src="cid:${png.cid}"`);
    const qr = await s.call('GET', `ticket_order/${order.id}/qrcode`, {
      noHeader: true,
      query: { margin: '4' },
    });
    expect(Buffer.from(png.content_base64, 'base64').equals(Buffer.from(await qr.arrayBuffer()))).toBe(true);

    // One calendar file (one session), parsed back: the session's time in UTC, the venue, the event's page.
    const ics = mail.attachments.filter((a: { content_type: string }) => a.content_type === 'text/calendar');
    expect(ics).toHaveLength(1);
    const [event] = parseIcs(Buffer.from(ics[0].content_base64, 'base64').toString('utf8'));
    expect(event?.get('SUMMARY')).toBe('General Admission');
    expect(event?.get('DTSTART')).toBe(icsUtc(session?.start_datetime as string));
    expect(event?.get('LOCATION')).toBe('Demo Museum, Main Building');
    expect(event?.get('URL')).toBe(`http://localhost/demo-museum/events/${GA}`);
    expect(event?.get('UID')).toContain(order.id);
    expect(event?.get('DESCRIPTION')).toContain(`Order ${order.order_number}`);

    // Delivered once: the row is sent, and draining again sends nothing more.
    expect(await rowOf(mail.id)).toMatchObject({ status: 'sent', attempts: 1 });
    await s.json('GET', '__outbox');
    expect(await received(mail.id)).toHaveLength(1);

    // GET ticket_order/{id}/calendar.ics (ours): the same event, without the app header (a plain link).
    const cal = await s.call('GET', `ticket_order/${order.id}/calendar.ics`, { noHeader: true });
    expect(cal.status).toBe(200);
    expect(cal.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(cal.headers.get('cache-control')).toBe('private, no-store');
    const [again] = parseIcs(await cal.text());
    // The same event, but the file an order id gets links the printable order without its token.
    const { DESCRIPTION: emailed, ...rest } = Object.fromEntries(event ?? []);
    const { DESCRIPTION: served, ...restServed } = Object.fromEntries(again ?? []);
    expect(restServed).toEqual(rest);
    expect(emailed).toContain(printLink);
    expect(served).toBe(emailed?.replace(`?token=${order.access_token}`, ''));
    // The same access as GET ticket_order/{id}: another seller's id, or an unknown order, is not found.
    const other = await s.call('GET', `ticket_order/${order.id}/calendar.ics`, {
      noHeader: true,
      noSeller: true,
      query: { seller_id: 'no-such-seller' },
    });
    expect(other.status).toBe(400);
    // Another id (its last digit changed, never to itself).
    const otherId = order.id.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    const unknown = await s.call('GET', `ticket_order/${otherId}/calendar.ics`, {
      noHeader: true,
    });
    expect(unknown.status).toBe(404);
  });

  it('seats are named on a seated order, with one calendar file per session', async () => {
    const r = await s.json('GET', `events/${theatreIds.event}/sessions`);
    const [a, b] = r.body.event_session._data as { id: string }[];
    const seat = (sid: string, row: string, n: number) => ({
      event_session_id: sid,
      ticket_type_id: theatreIds.type('stalls', 'Adult'),
      handler_data: {
        seat_template_id: theatreIds.seat('Stalls Centre', row, n),
        ticket_group_id: theatreIds.stalls,
      },
    });
    await buy('seated.mail@example.com', [seat(a?.id as string, 'D', 4), seat(b?.id as string, 'E', 5)]);
    const [mail] = (await outbox(s)).filter((m) => m.to === 'seated.mail@example.com');
    expect(mail?.text).toContain('1 × Adult (Stalls Centre, row D, seat D4)');
    expect(mail?.text).toContain('1 × Adult (Stalls Centre, row E, seat E5)');
    expect(
      mail?.attachments.filter((x) => x.content_type === 'text/calendar').map((x) => x.filename),
    ).toEqual(['event-1.ics', 'event-2.ics']);
  });
});

describe('a pass in the order confirmation (issue 25)', () => {
  it("each pass line says its first and last valid day in the venue's zone, in both parts", async () => {
    // The seed's instant is 21 Nov 2026, 10:00 in New York: a 30-day pass admits to 20 Dec (its 30th day).
    const P = passIds(demoIds);
    await buy('pass.mail@example.com', [
      { event_session_id: null, ticket_type_id: P.type('explorer-30', 'Explorer Pass') },
    ]);
    const r = await s.json('GET', '__outbox', { query: { content: '1' } });
    const [mail] = r.body.outbox._data.filter((m: { to: string }) => m.to === 'pass.mail@example.com');
    expect(mail?.text).toContain(
      'Museum Passes\n1 × Explorer Pass\nValid from Sat, Nov 21, 2026 to Sun, Dec 20, 2026',
    );
    expect(mail?.html).toContain(
      '1 × Explorer Pass<br><span style="color:#555555">Valid from Sat, Nov 21, 2026 to Sun, Dec 20, 2026</span>',
    );
  });

  it('in Spanish for a buyer whose storefront was in Spanish (issue 26): the same days, Intl’s short Spanish days', async () => {
    const P = passIds(demoIds);
    await configureLocales(s.handle.db, SELLER, { default: 'en', offered: ['en', 'es'] });
    try {
      await buy(
        'pase.correo@example.com',
        [{ event_session_id: null, ticket_type_id: P.type('explorer-30', 'Explorer Pass') }],
        { locale: 'es' },
      );
      const r = await s.json('GET', '__outbox', { query: { content: '1' } });
      const [mail] = r.body.outbox._data.filter((m: { to: string }) => m.to === 'pase.correo@example.com');
      const day = (iso: string) =>
        new Intl.DateTimeFormat('es', {
          timeZone: 'America/New_York',
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        }).format(new Date(iso));
      const words = `Válido del ${day('2026-11-21T15:00:00Z')} al ${day('2026-12-20T15:00:00Z')}`;
      expect(mail?.text).toContain(`1 × Explorer Pass\n${words}`);
      expect(mail?.html).toContain(words);
      expect(mail?.text).not.toContain('Valid from');
    } finally {
      await configureLocales(s.handle.db, SELLER, null);
    }
  });
});

describe('the confirmation in the buyer’s language (issue 26)', () => {
  /** The confirmation `email` received, as the outbox lists it. */
  const mailTo = async (email: string) => {
    const r = await s.json('GET', '__outbox', { query: { content: '1' } });
    const mails = r.body.outbox._data.filter((m: { to: string }) => m.to === email);
    expect(mails).toHaveLength(1);
    return mails[0] as { subject: string; text: string; html: string };
  };
  const line = async () => {
    const [session] = await gaSessions(s, '2026-11-27');
    return [{ event_session_id: session?.id as string, ticket_type_id: GA_ADULT }];
  };

  it('a payment carrying an offered locale gets its email in that language; others in English', async () => {
    // No locales configured: the seller is English-only, a payment's locale changes nothing.
    const before = await buy('es.none@example.com', await line(), { locale: 'es' });
    expect((await mailTo('es.none@example.com')).subject).toBe(`Your tickets: order ${before.order_number}`);

    await configureLocales(s.handle.db, SELLER, { default: 'en', offered: ['en', 'es'] });
    try {
      // es-ES picks the offered es, as the storefront negotiates.
      const order = await buy('es.buyer@example.com', await line(), { locale: 'es-ES' });
      const mail = await mailTo('es.buyer@example.com');
      expect(mail.subject).toBe(`Tus entradas: pedido ${order.order_number}`);
      expect(mail.html).toContain('<html lang="es">');
      // Intl's Spanish for the session in the venue's zone (10:00 in New York) and the money, both parts.
      const when = new Intl.DateTimeFormat('es', {
        timeZone: 'America/New_York',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date('2026-11-27T15:00:00Z'));
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Hola, Ada:');
        expect(part).toContain(when);
        expect(part).toMatch(/Total pagado: \d+,\d{2}\sUS\$/);
        expect(part).not.toContain('Thank you');
      }
      expect(mail.html).toContain('Ver e imprimir las entradas');

      // A tag the seller does not offer: the seller's words, English.
      const other = await buy('fr.buyer@example.com', await line(), { locale: 'fr' });
      expect((await mailTo('fr.buyer@example.com')).subject).toBe(
        `Your tickets: order ${other.order_number}`,
      );

      // A malformed tag is refused at the boundary, before anything is paid.
      const r = await s.json('POST', 'my/cart/modify', { body: { add: await line() } });
      const id = r.body.cart._data[0].id as string;
      for (const locale of ['<script>', 'e', 'es_ES', 'x'.repeat(36), 12])
        expect(
          (
            await s.json('POST', `cart/${id}/pay`, {
              body: {
                amount: '1.00',
                gateway_id: 'stripe',
                gateway_data: { source: 'pm_card_visa' },
                locale,
              },
            })
          ).status,
          String(locale),
        ).toBe(400);
    } finally {
      await configureLocales(s.handle.db, SELLER, null);
    }
  });
});

describe('delivery guarantees', () => {
  const queue = (to: string, subject = 'Test message') =>
    queueMail(
      s.handle.db,
      { sellerId: SELLER, to, subject, text: 'Hello', html: '<p>Hello</p>' },
      s.clock.now,
    );

  it('a claim by a process that died before sending is taken again after the lease, and sent once', async () => {
    const id = await queue('claimed.dead@example.com');
    // Process A claims the row, then dies (nothing was sent).
    let row = await claimNext(s.handle.db, s.clock.now);
    while (row && row.id !== id) row = await claimNext(s.handle.db, s.clock.now);
    expect(row?.attempts).toBe(1);
    // Within the lease nobody else takes it.
    await sender().drain();
    expect(await received(id)).toHaveLength(0);
    expect((await rowOf(id))?.status).toBe('queued');
    // After the lease, another process sends it: once.
    s.clock.now += LEASE_MS + 1;
    await sender().drain();
    await sender().drain();
    expect(await received(id)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('senders draining at once (processes) deliver each message exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await queue(`concurrent.${i}@example.com`));
    await Promise.all([sender().drain(), sender().drain(), sender().drain()]);
    for (const id of ids) {
      expect(await received(id)).toHaveLength(1);
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
    }
  });

  it('a process that dies after the server took the message never has it sent twice: failed "interrupted"', async () => {
    const id = await queue('crash.mid.send@example.com');
    let row = await claimNext(s.handle.db, s.clock.now);
    while (row && row.id !== id) row = await claimNext(s.handle.db, s.clock.now);
    if (!row) throw new Error('not claimed');
    // Process A: marks it sending and hands it over; the server accepts it; A dies before recording that.
    expect(await markSending(s.handle.db, row, s.clock.now)).toBe(true);
    const composed = await composeMessage(row, FROM, s.clock.now);
    const session = await smtpTransport((await sharedMailSink()).url).open();
    await session.send(composed.envelope, composed.raw);
    session.close();
    expect(await received(id)).toHaveLength(1);
    // Others drain, before and after the lease: the row is never claimed again.
    await sender().drain();
    s.clock.now += LEASE_MS + 1;
    await sender().drain();
    s.clock.now += 24 * 3600_000;
    await sender().drain();
    expect(await received(id)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', lastError: 'interrupted', attempts: 1 });
    // The copy carries the row's Message-ID (recognisable should it ever be sent again by hand).
    expect((await received(id))[0]?.messageId).toBe(`<${id}@localhost>`);
  });

  it('a refused recipient (550) is failed at once and never retried; the next message still goes', async () => {
    const [session] = await gaSessions(s, '2026-11-28');
    await buy('nobody@refused.invalid', [{ event_session_id: session?.id, ticket_type_id: GA_ADULT }]);
    const [refused] = await s.handle.db
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.to, 'nobody@refused.invalid'));
    const next = await queue('after.refused@example.com');
    const r = await s.json('GET', '__outbox');
    expect(r.body.outbox_row._data.find((x: { id: string }) => x.id === refused?.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'smtp 550',
    });
    expect(await received(next)).toHaveLength(1);
    s.clock.now += 7 * 24 * 3600_000;
    await sender().drain();
    expect(await rowOf(refused?.id as string)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await received(refused?.id as string)).toHaveLength(0);
  });

  it('a deferral (451) is retried with exponential back-off, without holding up later messages', async () => {
    const id = await queue('busy@later.retry.invalid');
    const later = await queue('not.held.up@example.com');
    await sender().drain();
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'smtp 451' });
    expect((await rowOf(id))?.nextAttemptAt?.getTime()).toBe(s.clock.now + BACKOFF_BASE_MS);
    expect(await received(later)).toHaveLength(1);
    // Not before its time.
    s.clock.now += BACKOFF_BASE_MS - 1;
    await sender().drain();
    expect((await rowOf(id))?.attempts).toBe(1);
    s.clock.now += 1;
    await sender().drain();
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 2 });
    expect((await rowOf(id))?.nextAttemptAt?.getTime()).toBe(s.clock.now + 2 * BACKOFF_BASE_MS);
    s.clock.now += 2 * BACKOFF_BASE_MS;
    await sender().drain();
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(await received(id)).toHaveLength(1);
  });

  it('a connection lost after the message was streamed (no reply: maybe delivered) is failed "uncertain", not resent', async () => {
    // A server that takes the whole message, then hangs up without answering the final dot.
    let copies = 0;
    const server: Server = createServer((socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 flaky ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('latin1');
        if (data) {
          if (!buffer.includes('\r\n.\r\n')) return;
          copies++;
          socket.destroy();
          return;
        }
        let nl = buffer.indexOf('\r\n');
        while (nl >= 0 && !data) {
          const line = buffer.slice(0, nl).toUpperCase();
          buffer = buffer.slice(nl + 2);
          if (line.startsWith('EHLO')) socket.write('250-flaky\r\n250 8BITMIME\r\n');
          else if (line === 'DATA') {
            data = true;
            socket.write('354 go ahead\r\n');
          } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
          nl = buffer.indexOf('\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const id = await queue('flaky.link@example.com');
      const flaky = sender(smtpTransport(`smtp://127.0.0.1:${port}`));
      await flaky.drain();
      expect(copies).toBe(1);
      expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1 });
      expect((await rowOf(id))?.lastError).toMatch(/^uncertain /);
      s.clock.now += 24 * 3600_000;
      await flaky.drain();
      expect(copies).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('an unreachable server: retried with back-off, then failed after MAX_ATTEMPTS (not forever)', async () => {
    const id = await queue('unreachable@example.com');
    const down = sender(smtpTransport('smtp://127.0.0.1:1'));
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      await down.drain();
      expect((await rowOf(id))?.attempts).toBe(i);
      s.clock.now += backoffMs(i);
    }
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect((await rowOf(id))?.lastError).toMatch(/^gave up: /);
    s.clock.now += 30 * 24 * 3600_000;
    await down.drain();
    expect((await rowOf(id))?.attempts).toBe(MAX_ATTEMPTS);
    // Back-off doubles from 30 s and stops growing at an hour.
    expect([1, 2, 3, 8, 20].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});

describe('password reset by email', () => {
  it('the reset link of the delivered message works through the API', async () => {
    const email = 'mail.reset@example.com';
    const b = browser(s);
    expect(
      (
        await b.json('POST', 'user', {
          body: { first_name: 'Mail', last_name: 'Reset', email, password: 'First-Pass1' },
        })
      ).status,
    ).toBe(200);
    expect((await b.json('POST', 'password_reset/request', { body: { email } })).status).toBe(200);
    const mail = (await outbox(s)).filter((m) => m.to === email && /password/.test(m.subject)).at(-1);
    // The HTML part's button and the plain-text part carry the same link.
    const link = mail?.links.find((l) => l.includes('/user/reset-password?token='));
    expect(link).toMatch(/^http:\/\/localhost\/demo-museum\/user\/reset-password\?token=/);
    expect(mail?.text).toContain(link);
    const token = new URL(link as string).searchParams.get('token') as string;
    expect((await b.json('POST', 'password_reset/validate', { body: { token } })).status).toBe(200);
    expect(
      (await b.json('POST', 'password_reset/reset', { body: { token, password: 'Second-Pass2' } })).status,
    ).toBe(200);
    expect((await passwordLogin(browser(s), email, 'Second-Pass2')).status).toBe(200);
  });
});
