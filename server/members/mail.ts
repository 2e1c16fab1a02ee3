/** Member emails, written to the outbox (server/payments/outbox.ts's table): reset links, member IDs, resent tickets. */
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
