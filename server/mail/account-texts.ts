/**
 * The words of the account and membership emails (templates.ts) in the visitor's language (issue 26): the locale
 * the storefront negotiated, sent with the request that mails (password reset, resend tickets, forgot membership,
 * a new account or a new email address), or kept on the cart that bought a membership. English is ours and the
 * default (the words these emails always had); Spanish beside it, in the storefront's own terms ('ID de miembro',
 * '¿Has olvidado tu contraseña?'); any other language reads English. Days are Intl's in that locale, in the
 * seller's time zone.
 */
import { dayjs } from '../util';
import { intl, localized } from './intl';

export interface AccountTexts {
  /** The HTML part's `lang`. */
  lang: string;
  hello: string;
  /** Before the link written out, under the button. */
  orOpen: string;
  reset: {
    subject: (seller: string, hasPassword: boolean) => string;
    heading: (hasPassword: boolean) => string;
    intro: (seller: string, hasPassword: boolean) => string;
    ignore: string;
  };
  verify: {
    subject: (seller: string, change: boolean) => string;
    heading: (change: boolean) => string;
    intro: (seller: string, change: boolean) => string;
    ignore: string;
    button: string;
  };
  changeNotice: {
    subject: (seller: string) => string;
    heading: string;
    what: (seller: string, newEmail: string) => string;
    notYou: (seller: string) => string;
  };
  membershipId: {
    subject: (seller: string) => string;
    heading: string;
    intro: (seller: string, count: number) => string;
  };
  resend: {
    subject: (seller: string) => string;
    heading: string;
    intro: (seller: string, count: number) => string;
    /** The word before an order's number ('Order K7Q2M9XA'), and its link's words. */
    orderWord: string;
    view: string;
  };
  giftCode: {
    subject: (seller: string) => string;
    heading: string;
    intro: (seller: string) => string;
    /** A level's line, the words around its code: the last day to redeem it, in the seller's zone. */
    codeWords: (validTo: Date, timeZone: string) => { before: string; after: string };
    button: string;
  };
}

const en: AccountTexts = {
  lang: 'en',
  hello: 'Hello,',
  orOpen: 'Or open this link:',
  reset: {
    subject: (seller, has) => `${seller}: ${has ? 'reset your password' : 'set your password'}`,
    heading: (has) => (has ? 'Reset your password' : 'Set your password'),
    intro: (seller, has) =>
      `Someone asked to ${has ? 'reset your password' : 'set a password'} for your ${seller} account. Use this one-time link within an hour:`,
    ignore: 'If this was not you, you can ignore this email.',
  },
  verify: {
    subject: (seller, change) =>
      `${seller}: ${change ? 'confirm your new email address' : 'confirm your email address'}`,
    heading: (change) => (change ? 'Confirm your new email address' : 'Confirm your email address'),
    intro: (seller, change) =>
      change
        ? `Someone asked to use this address for their ${seller} account. To confirm the change, use this one-time link within 24 hours:`
        : `Please confirm the email address of your new ${seller} account with this one-time link within 24 hours:`,
    ignore: 'If this was not you, you can ignore this email: nothing changes without it.',
    button: 'Confirm',
  },
  changeNotice: {
    subject: (seller) => `${seller}: your email address is being changed`,
    heading: 'Your email address is being changed',
    what: (seller, email) =>
      `Your ${seller} account asked to change its email address to ${email}. The change takes effect when the link sent to that address is used.`,
    notYou: (seller) =>
      `If this wasn't you, reset your password now with "Forgot password" on the ${seller} website: that ends every session of your account and cancels the change.`,
  },
  membershipId: {
    subject: (seller) => `${seller}: your membership ID`,
    heading: 'Your membership ID',
    intro: (seller, n) => `Your ${seller} membership ${n > 1 ? 'IDs are' : 'ID is'}:`,
  },
  resend: {
    subject: (seller) => `${seller}: your tickets`,
    heading: 'Your tickets',
    intro: (seller, n) => `As asked, here ${n > 1 ? 'are your orders' : 'is your order'} with ${seller}:`,
    orderWord: 'Order',
    view: 'view your tickets',
  },
  giftCode: {
    subject: (seller) => `${seller}: a membership gift for you`,
    heading: 'A membership gift for you',
    intro: (seller) =>
      `You have been given a ${seller} membership. As you already hold a membership, nothing about it has changed: the gift waits for you as a code to redeem when you choose (it renews your membership with the gifted level).`,
    codeWords: (to, tz) => ({ before: 'code', after: `, to redeem by ${isoDay(to, tz)}` }),
    button: 'Redeem your gift',
  },
};

/** The English day: 2027-11-21, in the seller's zone. */
const isoDay = (at: Date, tz: string) => dayjs(at).tz(tz).format('YYYY-MM-DD');

/** Spanish, its days in `locale` (`es`, or a regional Spanish: its region's formats). */
function es(locale: string): AccountTexts {
  const f = intl(locale);
  return {
    lang: locale,
    hello: 'Hola:',
    orOpen: 'O abre este enlace:',
    reset: {
      subject: (seller, has) => `${seller}: ${has ? 'restablece tu contraseña' : 'crea tu contraseña'}`,
      heading: (has) => (has ? 'Restablece tu contraseña' : 'Crea tu contraseña'),
      intro: (seller, has) =>
        `Alguien ha pedido ${has ? 'restablecer la contraseña' : 'crear una contraseña'} de tu cuenta de ${seller}. Usa este enlace de un solo uso antes de una hora:`,
      ignore: 'Si no has sido tú, puedes ignorar este correo.',
    },
    verify: {
      subject: (seller, change) =>
        `${seller}: ${change ? 'confirma tu nueva dirección de correo electrónico' : 'confirma tu dirección de correo electrónico'}`,
      heading: (change) =>
        change
          ? 'Confirma tu nueva dirección de correo electrónico'
          : 'Confirma tu dirección de correo electrónico',
      intro: (seller, change) =>
        change
          ? `Alguien ha pedido usar esta dirección en su cuenta de ${seller}. Para confirmar el cambio, usa este enlace de un solo uso antes de 24 horas:`
          : `Confirma la dirección de correo electrónico de tu nueva cuenta de ${seller} con este enlace de un solo uso antes de 24 horas:`,
      ignore: 'Si no has sido tú, puedes ignorar este correo: sin él no cambia nada.',
      button: 'Confirmar',
    },
    changeNotice: {
      subject: (seller) => `${seller}: se está cambiando tu dirección de correo electrónico`,
      heading: 'Se está cambiando tu dirección de correo electrónico',
      what: (seller, email) =>
        `Se ha pedido cambiar la dirección de correo electrónico de tu cuenta de ${seller} a ${email}. El cambio se aplica cuando se use el enlace enviado a esa dirección.`,
      notYou: (seller) =>
        `Si no has sido tú, restablece ya tu contraseña con «¿Has olvidado tu contraseña?» en el sitio web de ${seller}: así se cierran todas las sesiones de tu cuenta y se cancela el cambio.`,
    },
    membershipId: {
      subject: (seller) => `${seller}: tu ID de miembro`,
      heading: 'Tu ID de miembro',
      intro: (seller, n) =>
        n > 1 ? `Tus ID de miembro de ${seller} son:` : `Tu ID de miembro de ${seller} es:`,
    },
    resend: {
      subject: (seller) => `${seller}: tus entradas`,
      heading: 'Tus entradas',
      intro: (seller, n) =>
        `Como has pedido, aquí ${n > 1 ? 'tienes tus pedidos' : 'tienes tu pedido'} en ${seller}:`,
      orderWord: 'Pedido',
      view: 'ver tus entradas',
    },
    giftCode: {
      subject: (seller) => `${seller}: una membresía de regalo para ti`,
      heading: 'Una membresía de regalo para ti',
      intro: (seller) =>
        `Te han regalado una membresía de ${seller}. Como ya tienes una membresía, no ha cambiado nada: el regalo te espera como un código que puedes canjear cuando quieras (renueva tu membresía con el nivel regalado).`,
      codeWords: (to, tz) => ({ before: 'código', after: `, para canjear hasta el ${f.longDay(to, tz)}` }),
      button: 'Canjea tu regalo',
    },
  };
}

/** The account and membership emails' texts for a locale (a BCP 47 tag, or null: English). */
export const accountTexts = localized(en, { es });
