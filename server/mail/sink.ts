/**
 * The local SMTP sink (development and tests; never in production): an `smtp-server` on 127.0.0.1 and a free
 * port that keeps what it receives in memory, each message parsed back with mailparser so the dev outbox endpoint
 * (GET /api/__outbox) and the tests read real MIME messages: parts, attachments, links.
 *
 * To try failures it refuses, with 550, recipients at the reserved domain `.invalid` (RFC 2606), and answers 451
 * ("try again later") to those at `.retry.invalid` the first two times.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  /** The outbox row id, from the Message-ID `<{row id}@…>` (server/mail/sender.ts). */
  outboxId: string | null;
  messageId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: Array<{
    filename: string | null;
    contentType: string;
    cid: string | null;
    size: number;
    content: Buffer;
  }>;
  links: string[];
  receivedAt: Date;
  raw: Buffer;
}

export interface MailSink {
  url: string;
  messages(): readonly SinkMessage[];
  close(): Promise<void>;
}

const MAX_KEPT = 2000;
const MAX_SIZE = 10 * 1024 * 1024;

function linksOf(text: string, html: string | null): string[] {
  const found = new Set<string>();
  for (const m of (html ?? '').matchAll(/href="([^"]+)"/g)) if (m[1]) found.add(m[1].replace(/&amp;/g, '&'));
  for (const m of text.matchAll(/https?:\/\/[^\s<>"]+/g)) found.add(m[0]);
  return [...found];
}

export async function startMailSink(options: { unref?: boolean } = {}): Promise<MailSink> {
  const kept: SinkMessage[] = [];
  const deferred = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    // No reverse DNS lookup of the client per connection (smtp-server's greeting waits 100 ms anyway, for early
    // talkers: the sender keeps one connection per drain).
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: MAX_SIZE,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (to.endsWith('.retry.invalid') && (deferred.get(to) ?? 0) < 2) {
        deferred.set(to, (deferred.get(to) ?? 0) + 1);
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
      if (to.endsWith('.invalid') && !to.endsWith('.retry.invalid'))
        return callback(Object.assign(new Error('Recipient address rejected'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw, { keepCidLinks: true })
          .then((mail) => {
            const messageId = mail.messageId ?? null;
            const text = mail.text ?? '';
            const html = typeof mail.html === 'string' ? mail.html : null;
            kept.push({
              outboxId: /^<([^@>]+)@/.exec(messageId ?? '')?.[1] ?? null,
              messageId,
              to: session.envelope.rcptTo.map((r) => r.address).join(', '),
              subject: mail.subject ?? '',
              text,
              html,
              attachments: mail.attachments.map((a) => ({
                filename: a.filename ?? null,
                contentType: a.contentType,
                cid: a.cid ?? null,
                size: a.size,
                content: a.content,
              })),
              links: linksOf(text, html),
              receivedAt: new Date(),
              raw,
            });
            if (kept.length > MAX_KEPT) kept.splice(0, kept.length - MAX_KEPT);
            callback();
          })
          .catch((err: unknown) => callback(err as Error));
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  if (options.unref) server.server.unref();
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: () => kept,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let shared: Promise<MailSink> | null = null;

/** One sink for the process, started on first use and never keeping the process alive (in-process tests). */
export function sharedMailSink(): Promise<MailSink> {
  shared ??= startMailSink({ unref: true });
  return shared;
}
