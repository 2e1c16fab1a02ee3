/**
 * The account and membership emails: small functions from data to `MailContent` (subject, plain text, HTML).
 * Every value reaches the HTML through `html\`\`` (escaped); the order confirmation is in order-mail.ts.
 */
import { html } from './html';
import { type Brand, button, layout, para, textBody } from './layout';
import type { MailContent } from './message';

export function resetMail(brand: Brand, link: string, hasPassword: boolean): MailContent {
  const action = hasPassword ? 'reset your password' : 'set a password';
  const heading = hasPassword ? 'Reset your password' : 'Set your password';
  const intro = `Someone asked to ${action} for your ${brand.name} account. Use this one-time link within an hour:`;
  const ignore = 'If this was not you, you can ignore this email.';
  return {
    subject: `${brand.name}: ${hasPassword ? 'reset your password' : 'set your password'}`,
    text: textBody(brand, ['Hello,', intro, link, ignore]),
    html: layout(
      brand,
      heading,
      html`${para('Hello,')}${para(intro)}${button(brand, link, heading)}${para(html`Or open this link: <a href="${link}">${link}</a>`)}${para(ignore)}`,
    ),
  };
}

/** The link that proves an address: after registration (`change` false) or to confirm a new email address. */
export function verifyEmailMail(brand: Brand, link: string, change: boolean): MailContent {
  const intro = change
    ? `Someone asked to use this address for their ${brand.name} account. To confirm the change, use this one-time link within 24 hours:`
    : `Please confirm the email address of your new ${brand.name} account with this one-time link within 24 hours:`;
  const ignore = 'If this was not you, you can ignore this email: nothing changes without it.';
  const heading = change ? 'Confirm your new email address' : 'Confirm your email address';
  return {
    subject: `${brand.name}: ${change ? 'confirm your new email address' : 'confirm your email address'}`,
    text: textBody(brand, ['Hello,', intro, link, ignore]),
    html: layout(
      brand,
      heading,
      html`${para('Hello,')}${para(intro)}${button(brand, link, 'Confirm')}${para(html`Or open this link: <a href="${link}">${link}</a>`)}${para(ignore)}`,
    ),
  };
}

/** To the old address when an account asks to change its email. */
export function emailChangeNoticeMail(brand: Brand, newEmail: string): MailContent {
  const what = `Your ${brand.name} account asked to change its email address to ${newEmail}. The change takes effect when the link sent to that address is used.`;
  const notYou = `If this wasn't you, reset your password now with "Forgot password" on the ${brand.name} website: that ends every session of your account and cancels the change.`;
  return {
    subject: `${brand.name}: your email address is being changed`,
    text: textBody(brand, ['Hello,', what, notYou]),
    html: layout(
      brand,
      'Your email address is being changed',
      html`${para('Hello,')}${para(what)}${para(notYou)}`,
    ),
  };
}

/** The member IDs of an address (forgot membership), and the new member's ID after a purchase. */
export function membershipIdMail(
  brand: Brand,
  memberships: Array<{ scanCode: string; levelName: string }>,
): MailContent {
  const intro = `Your ${brand.name} membership ${memberships.length > 1 ? 'IDs are' : 'ID is'}:`;
  return {
    subject: `${brand.name}: your membership ID`,
    text: textBody(brand, [
      'Hello,',
      intro,
      memberships.map((m) => `${m.levelName}: ${m.scanCode}`).join('\n'),
    ]),
    html: layout(
      brand,
      'Your membership ID',
      html`${para('Hello,')}${para(intro)}<ul style="margin:0 0 16px;padding-left:20px">${memberships.map(
        (m) =>
          html`<li>${m.levelName}: <strong style="font-size:18px;letter-spacing:1px">${m.scanCode}</strong></li>`,
      )}</ul>`,
    ),
  };
}

/** Resend tickets: each order of the address with the link to its confirmation. */
export function resendMail(brand: Brand, orders: Array<{ orderNumber: string; link: string }>): MailContent {
  const intro = `As asked, here ${orders.length > 1 ? 'are your orders' : 'is your order'} with ${brand.name}:`;
  return {
    subject: `${brand.name}: your tickets`,
    text: textBody(brand, [
      'Hello,',
      intro,
      orders.map((o) => `Order ${o.orderNumber}: ${o.link}`).join('\n'),
    ]),
    html: layout(
      brand,
      'Your tickets',
      html`${para('Hello,')}${para(intro)}<ul style="margin:0 0 16px;padding-left:20px">${orders.map(
        (o) =>
          html`<li style="margin-bottom:8px">Order <strong>${o.orderNumber}</strong>: <a href="${o.link}">view your tickets</a></li>`,
      )}</ul>`,
    ),
  };
}

/** A gift to someone who already holds a membership: each level's code, its redeem link and last day. */
export function giftCodeMail(
  brand: Brand,
  linkBase: string,
  codes: Array<{ code: string; levelName: string; validTo: Date }>,
): MailContent {
  const intro = `You have been given a ${brand.name} membership. As you already hold a membership, nothing about it has changed: the gift waits for you as a code to redeem when you choose (it renews your membership with the gifted level).`;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    subject: `${brand.name}: a membership gift for you`,
    text: textBody(brand, [
      'Hello,',
      intro,
      ...codes.map(
        (c) => `${c.levelName}: code ${c.code}, to redeem by ${day(c.validTo)}\n${linkBase}${c.code}`,
      ),
    ]),
    html: layout(
      brand,
      'A membership gift for you',
      html`${para('Hello,')}${para(intro)}${codes.map(
        (c) =>
          html`${para(html`${c.levelName}: code <strong style="font-size:18px;letter-spacing:1px">${c.code}</strong>, to redeem by ${day(c.validTo)}`)}${button(brand, `${linkBase}${c.code}`, 'Redeem your gift')}`,
      )}`,
    ),
  };
}
