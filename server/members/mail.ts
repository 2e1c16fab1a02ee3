/**
 * Member emails, written to the outbox (server/payments/outbox.ts's table): reset links, email verification links
 * and email change notices, member IDs, resent tickets.
 */
import type { Q } from '../db';
import * as t from '../schema';
import { newId } from '../util';

export interface Mail {
  sellerId: string;
  to: string;
  subject: string;
  body: string;
}

export async function queueMail(q: Q, mail: Mail, nowMs: number): Promise<void> {
  await q.insert(t.outbox).values({ id: newId(), ...mail, createdAt: new Date(nowMs) });
}

export function resetMail(
  sellerName: string,
  link: string,
  hasPassword: boolean,
): Omit<Mail, 'sellerId' | 'to'> {
  const action = hasPassword ? 'reset your password' : 'set a password';
  return {
    subject: `${sellerName}: ${hasPassword ? 'reset your password' : 'set your password'}`,
    body: [
      'Hello,',
      '',
      `Someone asked to ${action} for your ${sellerName} account. Use this one-time link within an hour:`,
      '',
      link,
      '',
      'If this was not you, you can ignore this email.',
    ].join('\n'),
  };
}

export function membershipIdMail(
  sellerName: string,
  memberships: Array<{ scanCode: string; levelName: string }>,
): Omit<Mail, 'sellerId' | 'to'> {
  return {
    subject: `${sellerName}: your membership ID`,
    body: [
      'Hello,',
      '',
      `Your ${sellerName} membership ${memberships.length > 1 ? 'IDs are' : 'ID is'}:`,
      '',
      ...memberships.map((m) => `${m.levelName}: ${m.scanCode}`),
    ].join('\n'),
  };
}

export function resendMail(
  sellerName: string,
  orders: Array<{ orderNumber: string; link: string }>,
): Omit<Mail, 'sellerId' | 'to'> {
  return {
    subject: `${sellerName}: your tickets`,
    body: [
      'Hello,',
      '',
      `As asked, here ${orders.length > 1 ? 'are your orders' : 'is your order'} with ${sellerName}:`,
      '',
      ...orders.map((o) => `Order ${o.orderNumber}: ${o.link}`),
    ].join('\n'),
  };
}

/** The link that proves an address: after registration (`change` false) or to confirm a new email address. */
export function verifyEmailMail(
  sellerName: string,
  link: string,
  change: boolean,
): Omit<Mail, 'sellerId' | 'to'> {
  return {
    subject: `${sellerName}: ${change ? 'confirm your new email address' : 'confirm your email address'}`,
    body: [
      'Hello,',
      '',
      change
        ? `Someone asked to use this address for their ${sellerName} account. To confirm the change, use this one-time link within 24 hours:`
        : `Please confirm the email address of your new ${sellerName} account with this one-time link within 24 hours:`,
      '',
      link,
      '',
      'If this was not you, you can ignore this email: nothing changes without it.',
    ].join('\n'),
  };
}

/** To the old address when an account asks to change its email. */
export function emailChangeNoticeMail(sellerName: string, newEmail: string): Omit<Mail, 'sellerId' | 'to'> {
  return {
    subject: `${sellerName}: your email address is being changed`,
    body: [
      'Hello,',
      '',
      `Your ${sellerName} account asked to change its email address to ${newEmail}. The change takes effect when the link sent to that address is used.`,
      '',
      `If this wasn't you, reset your password now with "Forgot password" on the ${sellerName} website: that ends every session of your account and cancels the change.`,
    ].join('\n'),
  };
}
