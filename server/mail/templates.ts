/**
 * The account and membership emails: small functions from data to `MailContent` (subject, plain text, HTML), in
 * the visitor's language (`locale`: one of the seller's offered locales, or null: English; the words are in
 * account-texts.ts). Every value reaches the HTML through `html\`\`` (escaped); the order confirmation is in
 * order-mail.ts.
 */
import { accountTexts } from './account-texts';
import { html } from './html';
import { type Brand, button, layout, para, textBody } from './layout';
import type { MailContent } from './message';

export function resetMail(
  brand: Brand,
  link: string,
  hasPassword: boolean,
  locale: string | null = null,
): MailContent {
  const tx = accountTexts(locale);
  const heading = tx.reset.heading(hasPassword);
  const intro = tx.reset.intro(brand.name, hasPassword);
  const ignore = tx.reset.ignore;
  return {
    subject: tx.reset.subject(brand.name, hasPassword),
    text: textBody(brand, [tx.hello, intro, link, ignore]),
    html: layout(
      brand,
      heading,
      html`${para(tx.hello)}${para(intro)}${button(brand, link, heading)}${para(html`${tx.orOpen} <a href="${link}">${link}</a>`)}${para(ignore)}`,
      tx.lang,
    ),
  };
}

/** The link that proves an address: after registration (`change` false) or to confirm a new email address. */
export function verifyEmailMail(
  brand: Brand,
  link: string,
  change: boolean,
  locale: string | null = null,
): MailContent {
  const tx = accountTexts(locale);
  const intro = tx.verify.intro(brand.name, change);
  const ignore = tx.verify.ignore;
  const heading = tx.verify.heading(change);
  return {
    subject: tx.verify.subject(brand.name, change),
    text: textBody(brand, [tx.hello, intro, link, ignore]),
    html: layout(
      brand,
      heading,
      html`${para(tx.hello)}${para(intro)}${button(brand, link, tx.verify.button)}${para(html`${tx.orOpen} <a href="${link}">${link}</a>`)}${para(ignore)}`,
      tx.lang,
    ),
  };
}

/** To the old address when an account asks to change its email. */
export function emailChangeNoticeMail(
  brand: Brand,
  newEmail: string,
  locale: string | null = null,
): MailContent {
  const tx = accountTexts(locale);
  const what = tx.changeNotice.what(brand.name, newEmail);
  const notYou = tx.changeNotice.notYou(brand.name);
  return {
    subject: tx.changeNotice.subject(brand.name),
    text: textBody(brand, [tx.hello, what, notYou]),
    html: layout(
      brand,
      tx.changeNotice.heading,
      html`${para(tx.hello)}${para(what)}${para(notYou)}`,
      tx.lang,
    ),
  };
}

/** The member IDs of an address (forgot membership), and the new member's ID after a purchase. */
export function membershipIdMail(
  brand: Brand,
  memberships: Array<{ scanCode: string; levelName: string }>,
  locale: string | null = null,
): MailContent {
  const tx = accountTexts(locale);
  const intro = tx.membershipId.intro(brand.name, memberships.length);
  return {
    subject: tx.membershipId.subject(brand.name),
    text: textBody(brand, [
      tx.hello,
      intro,
      memberships.map((m) => `${m.levelName}: ${m.scanCode}`).join('\n'),
    ]),
    html: layout(
      brand,
      tx.membershipId.heading,
      html`${para(tx.hello)}${para(intro)}<ul style="margin:0 0 16px;padding-left:20px">${memberships.map(
        (m) =>
          html`<li>${m.levelName}: <strong style="font-size:18px;letter-spacing:1px">${m.scanCode}</strong></li>`,
      )}</ul>`,
      tx.lang,
    ),
  };
}

/** Resend tickets: each order of the address with the link to its confirmation. */
export function resendMail(
  brand: Brand,
  orders: Array<{ orderNumber: string; link: string }>,
  locale: string | null = null,
): MailContent {
  const tx = accountTexts(locale);
  const intro = tx.resend.intro(brand.name, orders.length);
  return {
    subject: tx.resend.subject(brand.name),
    text: textBody(brand, [
      tx.hello,
      intro,
      orders.map((o) => `${tx.resend.orderWord} ${o.orderNumber}: ${o.link}`).join('\n'),
    ]),
    html: layout(
      brand,
      tx.resend.heading,
      html`${para(tx.hello)}${para(intro)}<ul style="margin:0 0 16px;padding-left:20px">${orders.map(
        (o) =>
          html`<li style="margin-bottom:8px">${tx.resend.orderWord} <strong>${o.orderNumber}</strong>: <a href="${o.link}">${tx.resend.view}</a></li>`,
      )}</ul>`,
      tx.lang,
    ),
  };
}

/**
 * A gift to someone who already holds a membership: each level's code, its redeem link and last day (in the
 * seller's `timeZone`).
 */
export function giftCodeMail(
  brand: Brand,
  linkBase: string,
  codes: Array<{ code: string; levelName: string; validTo: Date }>,
  { locale = null, timeZone = 'UTC' }: { locale?: string | null; timeZone?: string } = {},
): MailContent {
  const tx = accountTexts(locale);
  const intro = tx.giftCode.intro(brand.name);
  const words = (c: { validTo: Date }) => tx.giftCode.codeWords(c.validTo, timeZone);
  return {
    subject: tx.giftCode.subject(brand.name),
    text: textBody(brand, [
      tx.hello,
      intro,
      ...codes.map((c) => {
        const w = words(c);
        return `${c.levelName}: ${w.before} ${c.code}${w.after}\n${linkBase}${c.code}`;
      }),
    ]),
    html: layout(
      brand,
      tx.giftCode.heading,
      html`${para(tx.hello)}${para(intro)}${codes.map((c) => {
        const w = words(c);
        return html`${para(html`${c.levelName}: ${w.before} <strong style="font-size:18px;letter-spacing:1px">${c.code}</strong>${w.after}`)}${button(brand, `${linkBase}${c.code}`, tx.giftCode.button)}`;
      })}`,
      tx.lang,
    ),
  };
}
