/**
 * Where each email's language comes from (issue 26), through the API and the outbox: the request's negotiated
 * locale for the account emails (password reset, resend tickets, forgot membership, a new account, an email
 * change and its notice), the locale the cart kept for a membership bought, the order's for the manage page's
 * email (unless the request names one), the edit cart and the calendar file. A tag the seller does not offer mails
 * in the seller's default language; a seller naming no locales mails English; a malformed tag is a 400 and mails
 * nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureLocales } from '../../server/catalog/locales';
import * as t from '../../server/schema';
import { membershipIds } from '../../server/seed/membership';
import { GA_ADULT, gaSessions, SELLER, type TestServer } from './helpers';
import { manageHelpers } from './manage-helpers';
import { browser, DEMO_MEMBERS, outbox, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});
afterEach(async () => {
  await configureLocales(s.handle.db, SELLER, null);
});

const SELLER_NAME = 'Demo Museum of Art & Science';
const offerSpanish = (first = 'en') =>
  configureLocales(s.handle.db, SELLER, {
    default: first,
    offered: first === 'en' ? ['en', 'es'] : ['es', 'en'],
  });

/** The last message to `to` (its subject and plain text). */
const lastTo = async (to: string) => (await outbox(s)).filter((m) => m.to === to).at(-1);

const MALFORMED = ['<script>', 'e', 'es_ES', 'x'.repeat(36), 12, 'es-'];

let n = 0;
const fresh = (what: string) => `${what}.${++n}@example.com`;

describe('the account emails: the request’s locale', () => {
  it('password reset: an offered tag (es-ES picks es) in Spanish, an unoffered one in the seller’s default, none for an English-only seller', async () => {
    // Five requests an hour per address (members/rate.ts): the seller's default is asked for another's.
    let email: string = DEMO_MEMBERS.password.email;
    const reset = async (locale?: unknown) => {
      const r = await browser(s).json('POST', 'password_reset/request', {
        body: { email, ...(locale === undefined ? {} : { locale }) },
      });
      expect(r.status).toBe(200);
      return (await lastTo(email))?.subject;
    };
    // A seller naming no locales: English whatever is asked.
    expect(await reset('es')).toBe(`${SELLER_NAME}: reset your password`);

    await offerSpanish();
    expect(await reset('es-ES')).toBe(`${SELLER_NAME}: restablece tu contraseña`);
    const es = await lastTo(email);
    expect(es?.body).toContain('Alguien ha pedido restablecer la contraseña');
    expect(es?.body).toContain('/demo-museum/user/reset-password?token=');
    expect(es?.html).toContain('<html lang="es">');
    expect(await reset('fr')).toBe(`${SELLER_NAME}: reset your password`);
    expect(await reset()).toBe(`${SELLER_NAME}: reset your password`);

    // A seller whose default is Spanish: a request naming nothing, or an unoffered tag, mails Spanish.
    await offerSpanish('es');
    email = DEMO_MEMBERS.scanCodePassword.email;
    expect(await reset()).toBe(`${SELLER_NAME}: restablece tu contraseña`);
    expect(await reset('de')).toBe(`${SELLER_NAME}: restablece tu contraseña`);
    expect(await reset('en-US')).toBe(`${SELLER_NAME}: reset your password`);
  });

  it('forgot membership, resend tickets (a guest’s and a member’s own) in Spanish', async () => {
    await offerSpanish();
    const member = DEMO_MEMBERS.scanCode;
    expect(
      (await browser(s).json('POST', 'membership/forgot', { body: { email: member.email, locale: 'es' } }))
        .status,
    ).toBe(200);
    const forgot = await lastTo(member.email);
    expect(forgot?.subject).toBe(`${SELLER_NAME}: tu ID de miembro`);
    expect(forgot?.body).toContain(`Tu ID de miembro de ${SELLER_NAME} es:`);
    expect(forgot?.body).toContain(member.scanCode);

    // A guest's order, resent in Spanish; the member's own orders too.
    const guest = fresh('resend');
    const order = await buy(browser(s), guest);
    expect(
      (await browser(s).json('POST', 'ticket_order/resend', { body: { email: guest, locale: 'es' } })).status,
    ).toBe(200);
    const resent = await lastTo(guest);
    expect(resent?.subject).toBe(`${SELLER_NAME}: tus entradas`);
    expect(resent?.body).toContain(
      `Pedido ${order.order_number}: https://shop.example.test/demo-museum/checkout/complete?orderIds=${order.id}`,
    );

    const b = browser(s);
    await passwordLogin(b, DEMO_MEMBERS.scanCodePassword.email);
    await buy(b, null);
    expect((await b.json('POST', 'my/ticket_order/resend', { body: { locale: 'es' } })).status).toBe(200);
    expect((await lastTo(DEMO_MEMBERS.scanCodePassword.email))?.subject).toBe(`${SELLER_NAME}: tus entradas`);
  });

  it('a new account’s verification, then an email change: the link to the new address and the notice to the old one', async () => {
    await offerSpanish();
    const first = fresh('cuenta');
    const created = await browser(s).json('POST', 'user', {
      body: { first_name: 'Ana', last_name: 'Nueva', email: first, password: 'Secret-Pass1', locale: 'es' },
    });
    expect(created.status).toBe(200);
    const verify = await lastTo(first);
    expect(verify?.subject).toBe(`${SELLER_NAME}: confirma tu dirección de correo electrónico`);
    expect(verify?.body).toContain('/demo-museum/user/verify-email?token=');

    const b = browser(s);
    expect((await passwordLogin(b, first, 'Secret-Pass1')).status).toBe(200);
    const userId = created.body.user._data[0].id as string;
    const second = fresh('nueva');
    expect(
      (await b.json('PATCH', `my/user/${userId}`, { body: { email: second, locale: 'es' } })).status,
    ).toBe(200);
    expect((await lastTo(second))?.subject).toBe(
      `${SELLER_NAME}: confirma tu nueva dirección de correo electrónico`,
    );
    const notice = await lastTo(first);
    expect(notice?.subject).toBe(`${SELLER_NAME}: se está cambiando tu dirección de correo electrónico`);
    expect(notice?.body).toContain(second);

    // PUT my/user (the identity form) carries it too; an unoffered tag reads the default, English.
    const third = fresh('tercera');
    const put = await b.json('PUT', 'my/user', {
      body: { first_name: 'Ana', last_name: 'Nueva', email: third, locale: 'fr' },
    });
    expect(put.status).toBe(200);
    expect((await lastTo(third))?.subject).toBe(`${SELLER_NAME}: confirm your new email address`);
  });

  it('a malformed tag is a 400 on every request that mails, and nothing is mailed', async () => {
    await offerSpanish();
    const before = (await outbox(s)).length;
    const b = browser(s);
    await passwordLogin(b, DEMO_MEMBERS.scanCodePassword.email);
    for (const locale of MALFORMED) {
      const calls: Array<[string, string, Record<string, unknown>]> = [
        ['POST', 'password_reset/request', { email: DEMO_MEMBERS.password.email }],
        ['POST', 'membership/forgot', { email: DEMO_MEMBERS.scanCode.email }],
        ['POST', 'ticket_order/resend', { email: DEMO_MEMBERS.scanCodePassword.email }],
        ['POST', 'my/ticket_order/resend', {}],
        ['POST', 'user', { first_name: 'A', last_name: 'B', email: fresh('bad'), password: 'Secret-Pass1' }],
        ['PUT', 'my/user', { first_name: 'Alan', last_name: 'Turing', email: fresh('bad') }],
      ];
      for (const [method, path, body] of calls)
        expect(
          (await b.json(method, path, { body: { ...body, locale } })).status,
          `${path} ${String(locale)}`,
        ).toBe(400);
    }
    expect((await outbox(s)).length).toBe(before);
  });
});

describe('the cart’s and the order’s locale', () => {
  const { buyFree, cancel } = manageHelpers(() => s);

  it('a membership bought in Spanish: its member ID email in Spanish', async () => {
    await offerSpanish();
    const email = fresh('socio');
    const r = await s.json('POST', 'my/cart/modify', {
      body: {
        add: [{ event_session_id: null, ticket_type_id: membershipIds.level('Individual') }],
        membership: {
          members: [{ party_role: 'member', first_name: 'Pat', last_name: 'Socio', email }],
          auto_renew: false,
        },
      },
      query: { _embed: 'cart_fees' },
    });
    expect(r.status).toBe(200);
    const cartId = r.body.cart._data[0].id as string;
    await s.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Pat', last_name: 'Socio', email },
    });
    const paid = await s.json('POST', `cart/${cartId}/pay`, {
      body: {
        amount: r.body.cart_fees._data[0].grand_totals.total_outstanding,
        gateway_id: 'stripe',
        gateway_data: { source: 'pm_card_visa' },
        locale: 'es',
      },
    });
    expect(paid.status).toBe(200);
    const mails = (await outbox(s)).filter((m) => m.to === email);
    const id = mails.find((m) => m.subject === `${SELLER_NAME}: tu ID de miembro`);
    expect(id?.body).toMatch(/Individual: \d{9}/);
    expect(mails.some((m) => m.subject.startsWith('Tus entradas: pedido'))).toBe(true);
  });

  it('an order bought in Spanish: the manage page’s email, the edit cart and the calendar file keep its language; the request may name another', async () => {
    // The free workshop, its cart then kept Spanish as a Spanish payment keeps it (payments/routes.ts).
    const a = await buyFree('2026-12-18');
    const [order] = await s.handle.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.id, a.orderId));
    await offerSpanish();
    await s.handle.db
      .update(t.cart)
      .set({ locale: 'es' })
      .where(eq(t.cart.id, order?.cartId as string));

    expect((await cancel(a, [a.ticketIds[0] as string])).status).toBe(200);
    const email = (locale?: unknown) =>
      s.json('POST', `ticket_order/${a.orderId}/email`, {
        body: { log_context: 'order_cancel', token: a.token, ...(locale === undefined ? {} : { locale }) },
      });
    expect((await email()).status).toBe(200);
    const es = await lastTo(a.email);
    expect(es?.subject).toBe(`Entradas canceladas: pedido ${a.orderNumber}`);
    expect(es?.body).toContain(
      `Estas entradas de tu pedido ${a.orderNumber} en ${SELLER_NAME} se han cancelado.`,
    );
    expect((await email('en')).status).toBe(200);
    expect((await lastTo(a.email))?.subject).toBe(`Tickets cancelled: order ${a.orderNumber}`);
    for (const locale of MALFORMED) expect((await email(locale)).status, String(locale)).toBe(400);

    // The edit (or reschedule) cart starts in the order's language.
    const edit = await s.json('POST', `ticket_order/${a.orderId}/edit`, { body: { token: a.token } });
    expect(edit.status).toBe(200);
    const [cart] = await s.handle.db.select().from(t.cart).where(eq(t.cart.id, edit.body.cart._data[0].id));
    expect(cart?.locale).toBe('es');

    const ics = await s.call('GET', `ticket_order/${a.orderId}/calendar.ics`);
    expect(ics.status).toBe(200);
    expect((await ics.text()).replace(/\r\n[ \t]/g, '')).toContain(`DESCRIPTION:Pedido ${a.orderNumber}`);
  });
});

/** Reserves one General Admission ticket and pays (a guest gives a purchaser first). */
async function buy(b: ReturnType<typeof browser>, purchaserEmail: string | null) {
  const [session] = await gaSessions(s, '2026-11-24');
  const cart = await b.json('POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: session?.id ?? null, ticket_type_id: GA_ADULT }] },
  });
  const id = cart.body.cart._data[0].id;
  if (purchaserEmail)
    await b.json('POST', `cart/${id}/purchaser`, {
      body: { first_name: 'Otto', last_name: 'Order', email: purchaserEmail },
    });
  const total = cart.body.cart_fees._data[0].grand_totals.total_outstanding;
  const paid = await b.json('POST', `my/cart/${id}/pay`, {
    body: { amount: total, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
  });
  expect(paid.status).toBe(200);
  return paid.body.ticket_order._data[0] as { id: string; order_number: string };
}
