/**
 * Development only (never in production): GET /api/__outbox lists what the local SMTP sink received for the
 * request's seller, as parsed MIME (after delivering what is due, so a test reads its mail at once), with the
 * state of each of the seller's outbox rows; GET /__mail/preview shows every template with demo data.
 */
import { asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { AppCtx, Env } from '../http/context';
import { coll } from '../http/docs';
import * as t from '../schema';
import { escapeHtml } from './html';
import { previews } from './preview';
import type { OutboxSender } from './sender';
import type { MailSink } from './sink';

export interface MailRuntime {
  /** Delivers the outbox; null: nothing is sent (production without SMTP_URL: messages stay queued). */
  sender: OutboxSender | null;
  /** The local sink the sender delivers to (outside production without SMTP_URL). */
  sink: (() => Promise<MailSink>) | null;
}

export function registerOutbox(api: Hono<Env>, ctx: AppCtx, mail: MailRuntime) {
  const sink = mail.sink;
  if (ctx.production || !sink) return;
  api.get('/__outbox', async (c) => {
    // `?content=1`: each attachment's bytes too (base64); without it the list stays small.
    const withContent = c.req.query('content') === '1';
    await mail.sender?.drain();
    const rows = await ctx.db
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.sellerId, c.get('seller').id))
      .orderBy(asc(t.outbox.createdAt), asc(t.outbox.seq));
    const order = new Map(rows.map((r, i) => [r.id, i]));
    const received = (await sink())
      .messages()
      .filter((m) => m.outboxId !== null && order.has(m.outboxId))
      .sort((a, b) => (order.get(a.outboxId ?? '') ?? 0) - (order.get(b.outboxId ?? '') ?? 0));
    return c.json({
      outbox: coll(
        received.map((m) => {
          const row = rows[order.get(m.outboxId ?? '') ?? 0];
          return {
            id: m.outboxId,
            message_id: m.messageId,
            to: m.to,
            subject: m.subject,
            body: m.text,
            text: m.text,
            html: m.html,
            attachments: m.attachments.map((a) => ({
              filename: a.filename,
              content_type: a.contentType,
              cid: a.cid,
              ...(withContent ? { size: a.size, content_base64: a.content.toString('base64') } : {}),
            })),
            links: m.links,
            created_at: row?.createdAt.toISOString() ?? null,
          };
        }),
      ),
      outbox_row: coll(
        rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          status: r.status,
          attempts: r.attempts,
          last_error: r.lastError,
          next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
          sent_at: r.sentAt?.toISOString() ?? null,
          created_at: r.createdAt.toISOString(),
        })),
      ),
    });
  });
}

/**
 * GET /__mail/preview: the list of templates rendered with demo data, each with its subject, attachments and
 * plain text; GET /__mail/preview/{n}: the HTML part of template n as a page of its own (as a mail client shows it).
 */
export function registerMailPreview(app: Hono, ctx: AppCtx) {
  if (ctx.production) return;
  app.get('/__mail/preview', (c) => {
    const sections = previews()
      .map(
        (p, i) =>
          `<section><h2><a href="/__mail/preview/${i}">${escapeHtml(p.name)}</a></h2><p><strong>Subject:</strong> ${escapeHtml(p.mail.subject)}${
            p.mail.attachments?.length
              ? `<br><strong>Attachments:</strong> ${escapeHtml(p.mail.attachments.map((a) => `${a.filename} (${a.contentType.split(';')[0]})`).join(', '))}`
              : ''
          }</p><details><summary>Plain text</summary><pre>${escapeHtml(p.mail.text)}</pre></details></section>`,
      )
      .join('\n');
    c.header('Cache-Control', 'no-store');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Email templates</title></head><body style="font-family:sans-serif;margin:24px;max-width:760px"><h1>Email templates</h1><p>Every email the server sends, rendered with demo data (server/mail/preview.ts). Open one to see its HTML part; the inline QR image shows only in delivered messages (GET /api/__outbox).</p>${sections}</body></html>`,
    );
  });
  app.get('/__mail/preview/:n{[0-9]{1,2}}', (c) => {
    const item = previews()[Number(c.req.param('n'))];
    if (!item) return c.text('Not found', 404);
    c.header('Cache-Control', 'no-store');
    return c.html(item.mail.html);
  });
}
