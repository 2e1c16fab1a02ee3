/**
 * The outbox (table `outbox`, server/schema.ts): every email is a row written in the transaction that caused it,
 * with its rendered parts; server/mail/sender.ts delivers it over SMTP.
 */
import type { Q } from '../db';
import * as t from '../schema';
import { newId } from '../util';

/** A file of the message: text content (an .ics), or a QR code of `qr` drawn as a PNG when it is sent. */
export interface Attachment {
  filename: string;
  contentType: string;
  /** Content-ID: shown inline by the HTML part (`<img src="cid:…">`). */
  cid?: string;
  content?: string;
  qr?: string;
}

/** What a template renders: the subject, a plain-text part and an HTML part, and attachments. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  attachments?: Attachment[];
}

export interface Mail extends MailContent {
  sellerId: string;
  to: string;
}

/** Writes the email to the outbox (in the caller's transaction when `q` is one). */
export async function queueMail(q: Q, mail: Mail, nowMs: number): Promise<string> {
  const id = newId();
  await q.insert(t.outbox).values({
    id,
    sellerId: mail.sellerId,
    to: mail.to,
    subject: mail.subject,
    body: mail.text,
    html: mail.html,
    attachments: mail.attachments ?? null,
    createdAt: new Date(nowMs),
  });
  return id;
}
