/**
 * Every mail family in English and Spanish (issue 26): the account and membership emails (templates.ts,
 * account-texts.ts), the manage page's emails (order-change-mail.ts), the confirmation's seats and calendar files,
 * and the wallet pass's words. English is the words these emails always had (subjects and lines written out here);
 * Spanish is the same email in Spanish, its days and times Intl's in the seller's or venue's zone, `<html lang>`
 * its locale, and no English sentence left. A language we have no words for reads English.
 */
import { describe, expect, it } from 'vitest';
import type { Brand } from '../../server/mail/layout';
import type { MailContent } from '../../server/mail/message';
import { orderChangeMail } from '../../server/mail/order-change-mail';
import { type OrderMailData, orderCalendar, orderConfirmationMail } from '../../server/mail/order-mail';
import { orderTexts } from '../../server/mail/order-texts';
import { previews } from '../../server/mail/preview';
import {
  emailChangeNoticeMail,
  giftCodeMail,
  membershipIdMail,
  resendMail,
  resetMail,
  verifyEmailMail,
} from '../../server/mail/templates';
import { passJson } from '../../server/wallet/pass';

const BRAND: Brand = { name: 'Museo' };
const LINK = 'https://x.test/l?token=a';

/** Both parts hold `words`; the HTML is in `lang`. */
function expectMail(mail: MailContent, lang: string, subject: string, words: string[]) {
  expect(mail.subject).toBe(subject);
  expect(mail.html).toContain(`<html lang="${lang}">`);
  for (const w of words) {
    expect(mail.text, w).toContain(w);
    expect(mail.html, w).toContain(w.replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
  }
}

/** English sentences that must not survive in a Spanish email. */
const ENGLISH = /\b(Hello|Order|Your|your|If this|Someone|Please|As asked|code|Cancelled|tickets)\b/;
const expectNoEnglish = (mail: MailContent) => {
  // Only the words: links and the seller's name aside.
  const words = (s: string) => s.replace(/https?:\/\/\S+/g, '').replace(/<[^>]+>/g, ' ');
  expect(words(mail.text)).not.toMatch(ENGLISH);
  expect(words(mail.html)).not.toMatch(ENGLISH);
};

describe('the account and membership emails', () => {
  it('password reset and set a password: English as always, Spanish in full', () => {
    expectMail(resetMail(BRAND, LINK, true), 'en', 'Museo: reset your password', [
      'Hello,',
      'Someone asked to reset your password for your Museo account. Use this one-time link within an hour:',
      'If this was not you, you can ignore this email.',
    ]);
    expect(resetMail(BRAND, LINK, true).html).toContain('Or open this link:');
    expectMail(resetMail(BRAND, LINK, false), 'en', 'Museo: set your password', [
      'Someone asked to set a password for your Museo account.',
    ]);
    const es = resetMail(BRAND, LINK, true, 'es');
    expectMail(es, 'es', 'Museo: restablece tu contraseña', [
      'Hola:',
      'Alguien ha pedido restablecer la contraseña de tu cuenta de Museo. Usa este enlace de un solo uso antes de una hora:',
      'Si no has sido tú, puedes ignorar este correo.',
      LINK,
    ]);
    expect(es.html).toContain('O abre este enlace:');
    expect(es.html).toContain('>Restablece tu contraseña</a>');
    expectNoEnglish(es);
    const set = resetMail(BRAND, LINK, false, 'es');
    expectMail(set, 'es', 'Museo: crea tu contraseña', ['Alguien ha pedido crear una contraseña']);
    expectNoEnglish(set);
  });

  it('email verification and change: the link, and the notice to the old address', () => {
    expectMail(verifyEmailMail(BRAND, LINK, false), 'en', 'Museo: confirm your email address', [
      'Please confirm the email address of your new Museo account with this one-time link within 24 hours:',
    ]);
    expectMail(verifyEmailMail(BRAND, LINK, true), 'en', 'Museo: confirm your new email address', [
      'Someone asked to use this address for their Museo account.',
    ]);
    const fresh = verifyEmailMail(BRAND, LINK, false, 'es');
    expectMail(fresh, 'es', 'Museo: confirma tu dirección de correo electrónico', [
      'Confirma la dirección de correo electrónico de tu nueva cuenta de Museo',
      'Si no has sido tú, puedes ignorar este correo: sin él no cambia nada.',
    ]);
    expect(fresh.html).toContain('>Confirmar</a>');
    const change = verifyEmailMail(BRAND, LINK, true, 'es');
    expectMail(change, 'es', 'Museo: confirma tu nueva dirección de correo electrónico', [
      'Alguien ha pedido usar esta dirección en su cuenta de Museo. Para confirmar el cambio',
    ]);
    for (const m of [fresh, change]) expectNoEnglish(m);

    expectMail(
      emailChangeNoticeMail(BRAND, 'new@example.com'),
      'en',
      'Museo: your email address is being changed',
      [
        'Your Museo account asked to change its email address to new@example.com.',
        `If this wasn't you, reset your password now with "Forgot password" on the Museo website`,
      ],
    );
    const notice = emailChangeNoticeMail(BRAND, 'new@example.com', 'es');
    expectMail(notice, 'es', 'Museo: se está cambiando tu dirección de correo electrónico', [
      'Se ha pedido cambiar la dirección de correo electrónico de tu cuenta de Museo a new@example.com.',
      // The storefront's own Spanish name of the link.
      '«¿Has olvidado tu contraseña?»',
    ]);
    expectNoEnglish(notice);
  });

  it('membership IDs (one and several), resend tickets (one and several orders)', () => {
    const one = [{ levelName: 'Dual', scanCode: '700001234' }];
    const two = [...one, { levelName: 'Individual', scanCode: '700005678' }];
    expectMail(membershipIdMail(BRAND, one), 'en', 'Museo: your membership ID', [
      'Your Museo membership ID is:',
    ]);
    expect(membershipIdMail(BRAND, one).text).toContain('Dual: 700001234');
    expect(membershipIdMail(BRAND, two).text).toContain('Your Museo membership IDs are:');
    expectMail(membershipIdMail(BRAND, one, 'es'), 'es', 'Museo: tu ID de miembro', [
      'Tu ID de miembro de Museo es:',
    ]);
    const esTwo = membershipIdMail(BRAND, two, 'es');
    expect(esTwo.text).toContain('Tus ID de miembro de Museo son:');
    expect(esTwo.text).toContain('Individual: 700005678');
    expectNoEnglish(esTwo);

    const orders = [{ orderNumber: 'K7Q2', link: 'https://x.test/o1' }];
    const both = [...orders, { orderNumber: 'P3R8', link: 'https://x.test/o2' }];
    expectMail(resendMail(BRAND, orders), 'en', 'Museo: your tickets', [
      'As asked, here is your order with Museo:',
    ]);
    expect(resendMail(BRAND, orders).text).toContain('Order K7Q2: https://x.test/o1');
    expect(resendMail(BRAND, both).text).toContain('As asked, here are your orders with Museo:');
    const es = resendMail(BRAND, both, 'es');
    expectMail(es, 'es', 'Museo: tus entradas', ['Como has pedido, aquí tienes tus pedidos en Museo:']);
    expect(es.text).toContain('Pedido K7Q2: https://x.test/o1\nPedido P3R8: https://x.test/o2');
    expect(es.html).toContain(
      'Pedido <strong>K7Q2</strong>: <a href="https://x.test/o1">ver tus entradas</a>',
    );
    expect(resendMail(BRAND, orders, 'es').text).toContain('aquí tienes tu pedido en Museo');
    expectNoEnglish(es);
  });

  it('a gift code: its last day in the seller’s zone, English as a date, Spanish as Intl’s long day', () => {
    // 03:00 UTC is still the evening before in New York.
    const validTo = new Date('2027-11-21T03:00:00Z');
    const codes = [{ levelName: 'Family', code: 'H7KQ2M9XPA', validTo }];
    const en = giftCodeMail(BRAND, 'https://x.test/g?c=', codes, { timeZone: 'America/New_York' });
    expectMail(en, 'en', 'Museo: a membership gift for you', [
      'You have been given a Museo membership.',
      ', to redeem by 2027-11-20',
    ]);
    expect(en.text).toContain('Family: code H7KQ2M9XPA, to redeem by 2027-11-20');
    expect(en.html).toContain('>Redeem your gift</a>');
    const es = giftCodeMail(BRAND, 'https://x.test/g?c=', codes, {
      locale: 'es',
      timeZone: 'America/New_York',
    });
    const day = new Intl.DateTimeFormat('es', {
      timeZone: 'America/New_York',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(validTo);
    expect(day).toContain('20');
    expectMail(es, 'es', 'Museo: una membresía de regalo para ti', [
      'Te han regalado una membresía de Museo.',
      `para canjear hasta el ${day}`,
    ]);
    expect(es.text).toContain(
      `Family: código H7KQ2M9XPA, para canjear hasta el ${day}\nhttps://x.test/g?c=H7KQ2M9XPA`,
    );
    expect(es.html).toContain('>Canjea tu regalo</a>');
    expectNoEnglish(es);
  });

  it('a regional Spanish keeps the Spanish words and its own lang; other languages and none read English', () => {
    expect(resetMail(BRAND, LINK, true, 'es-MX').subject).toBe('Museo: restablece tu contraseña');
    expect(resetMail(BRAND, LINK, true, 'es-MX').html).toContain('<html lang="es-MX">');
    for (const locale of ['fr', 'en-GB', null])
      expect(resetMail(BRAND, LINK, true, locale).subject).toBe('Museo: reset your password');
  });
});

/** An order of one session (10:00 in New York) with a seated line. */
function order(lines: OrderMailData['sessions'][number]['lines']): OrderMailData {
  const start = new Date('2026-12-05T15:00:00Z');
  return {
    orderId: '00000000-0000-4000-8000-000000000009',
    orderNumber: 'W4RK',
    createdAt: new Date('2026-11-21T15:00:00Z'),
    firstName: 'Fran',
    currency: 'USD',
    totalCents: 0,
    orderLink: 'https://x.test/ticket_order/9',
    manageLink: 'https://x.test/manage/9?token=t',
    sessions: [
      {
        id: 's1',
        eventName: 'Taller',
        venueName: 'Sala',
        timezone: 'America/New_York',
        startAt: start,
        endAt: new Date(start.getTime() + 3600_000),
        eventLink: 'https://x.test/events/w',
        lines,
      },
    ],
    other: [],
    codes: [],
    giftCards: [],
  };
}

const WHEN_ES = new Intl.DateTimeFormat('es', {
  timeZone: 'America/New_York',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
}).format(new Date('2026-12-05T15:00:00Z'));

describe('the manage page’s emails', () => {
  const adult = { name: 'Adulto', count: 1, seats: [] };
  const data = (kind: 'order_cancel' | 'order_update') => ({
    kind,
    cancelled: order([adult]),
    remaining: order([{ ...adult, count: 2 }]),
  });

  it('English as always: subjects, lead, sections, links; the session in the venue’s zone', () => {
    const cancel = orderChangeMail(BRAND, data('order_cancel'));
    expectMail(cancel, 'en', 'Tickets cancelled: order W4RK', [
      'Hello Fran,',
      'These tickets of your order W4RK with Museo are cancelled.',
      'Saturday 5 December 2026, 10:00 AM',
    ]);
    expect(cancel.text).toContain('Cancelled:\n\nTaller, Saturday 5 December 2026, 10:00 AM\n1 × Adulto');
    expect(cancel.text).toContain('Your tickets:\n\nTaller, Saturday 5 December 2026, 10:00 AM\n2 × Adulto');
    expect(cancel.text).toContain('View and print your tickets: https://x.test/ticket_order/9');
    expect(cancel.text).toContain('Manage your order: https://x.test/manage/9?token=t');
    const update = orderChangeMail(BRAND, data('order_update'));
    expectMail(update, 'en', 'Your order W4RK has been updated', [
      'Your order W4RK with Museo has been updated.',
    ]);
    expect(update.text).not.toContain('Cancelled:');
    const none = orderChangeMail(BRAND, {
      ...data('order_cancel'),
      remaining: { ...order([]), sessions: [] },
    });
    expect(none.text).toContain('No tickets remain on this order.');
  });

  it('Spanish: every word, Intl’s day and time in the venue’s zone', () => {
    const cancel = orderChangeMail(BRAND, data('order_cancel'), 'es');
    expectMail(cancel, 'es', 'Entradas canceladas: pedido W4RK', [
      'Hola, Fran:',
      'Estas entradas de tu pedido W4RK en Museo se han cancelado.',
      WHEN_ES,
    ]);
    expect(cancel.text).toContain(`Canceladas:\n\nTaller, ${WHEN_ES}\n1 × Adulto`);
    expect(cancel.text).toContain(`Tus entradas:\n\nTaller, ${WHEN_ES}\n2 × Adulto`);
    expect(cancel.text).toContain('Ver e imprimir tus entradas: https://x.test/ticket_order/9');
    expect(cancel.text).toContain('Gestionar tu pedido: https://x.test/manage/9?token=t');
    expect(cancel.html).toContain('>Ver e imprimir las entradas</a>');
    expect(cancel.html).toContain('<title>Pedido W4RK</title>');
    expectNoEnglish(cancel);
    const update = orderChangeMail(BRAND, data('order_update'), 'es');
    expectMail(update, 'es', 'Tu pedido W4RK se ha actualizado', [
      'Tu pedido W4RK en Museo se ha actualizado.',
    ]);
    const none = orderChangeMail(
      BRAND,
      { ...data('order_cancel'), remaining: { ...order([]), sessions: [] } },
      'es',
    );
    expect(none.text).toContain('No quedan entradas en este pedido.');
    expectNoEnglish(none);
  });
});

describe('seats, calendar files and the wallet pass', () => {
  const seated = order([
    {
      name: 'Platea',
      count: 2,
      seats: [
        { section: 'Centro', row: 'C', name: '7' },
        { section: 'Centro', row: 'C', name: '8' },
      ],
    },
  ]);

  it('seats are named in the buyer’s language, in both parts of the confirmation', () => {
    expect(orderConfirmationMail(BRAND, seated).text).toContain(
      '2 × Platea (Centro, row C, seat 7; Centro, row C, seat 8)',
    );
    const es = orderConfirmationMail(BRAND, seated, 'es');
    expect(es.text).toContain('2 × Platea (Centro, fila C, asiento 7; Centro, fila C, asiento 8)');
    expect(es.html).toContain('Centro, fila C, asiento 7; Centro, fila C, asiento 8');
    expect(es.html).not.toMatch(/\brow\b|\bseat\b/);
  });

  it('the calendar file’s description: the order and seats in the buyer’s language (English without one)', () => {
    const unfold = (ics: string) =>
      ics
        .replace(/\r\n[ \t]/g, '')
        .replace(/\\n/g, '\n')
        .replace(/\\([,;\\])/g, '$1');
    expect(unfold(orderCalendar(seated))).toContain(
      'DESCRIPTION:Order W4RK\n2 × Platea (Centro, row C, seat 7; Centro, row C, seat 8)',
    );
    const es = unfold(orderCalendar(seated, seated.sessions, orderTexts('es')));
    expect(es).toContain(
      'DESCRIPTION:Pedido W4RK\n2 × Platea (Centro, fila C, asiento 7; Centro, fila C, asiento 8)',
    );
    // The email attaches the calendar in its own language.
    const attached = orderConfirmationMail(BRAND, seated, 'es').attachments?.find(
      (a) => a.filename === 'event.ics',
    );
    expect(unfold(attached?.content ?? '')).toContain('DESCRIPTION:Pedido W4RK');
  });

  it('the wallet pass: labels, description, day and seats in the buyer’s language', () => {
    const settings = { passTypeId: 'pass.test', teamId: 'TEAM' };
    const fields = (p: ReturnType<typeof passJson>) =>
      [
        ...p.eventTicket.primaryFields,
        ...p.eventTicket.secondaryFields,
        ...p.eventTicket.auxiliaryFields,
        ...p.eventTicket.backFields,
      ].map((f) => [f.label, f.value]);
    const en = passJson(settings, BRAND, seated);
    expect(en.description).toBe('Taller: order W4RK');
    expect(fields(en)).toEqual([
      ['Event', 'Taller'],
      ['Date', 'Saturday 5 December 2026, 10:00 AM'],
      ['Venue', 'Sala'],
      ['Tickets', '2 × Platea (Centro, row C, seat 7; Centro, row C, seat 8)'],
      ['Order', 'W4RK'],
      ['Your order', 'https://x.test/ticket_order/9'],
    ]);
    const es = passJson(settings, BRAND, seated, 'es');
    expect(es.description).toBe('Taller: pedido W4RK');
    expect(fields(es)).toEqual([
      ['Evento', 'Taller'],
      ['Fecha', WHEN_ES],
      ['Lugar', 'Sala'],
      ['Entradas', '2 × Platea (Centro, fila C, asiento 7; Centro, fila C, asiento 8)'],
      ['Pedido', 'W4RK'],
      ['Tu pedido', 'https://x.test/ticket_order/9'],
    ]);
  });
});

describe('the template preview', () => {
  it('renders every email in English and in Spanish', () => {
    const all = previews();
    const es = all.filter((p) => p.mail.html.includes('<html lang="es">'));
    const en = all.filter((p) => p.mail.html.includes('<html lang="en">'));
    expect(es.length).toBe(en.length);
    expect(es.map((p) => p.name)).toEqual(en.map((p) => `${p.name} (Spanish)`));
  });
});
