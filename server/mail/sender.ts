/**
 * Delivers the outbox over SMTP, each message at most once.
 *
 * A row goes queued → (claimed) → sending → sent | failed, or back to queued after a transient failure:
 * 1. **claim**: one conditional UPDATE takes the oldest due row no live claim holds (`FOR UPDATE SKIP LOCKED`, so
 *    processes never take the same row), counts the attempt and sets a lease (`claimed_until`).
 * 2. build the MIME message (QR image drawn now) and open the SMTP connection (greeting, login): a failure or a
 *    crash here sends nothing; the row stays queued and is taken again after its back-off, or after the lease.
 * 3. **mark sending** (committed, fenced by the attempt number and the lease), then hand the message over.
 * 4. **settle**: accepted → sent; a 5xx reply (a refused recipient) → failed for good; a 4xx reply (the server
 *    said "not now") → queued again with exponential back-off, failed after MAX_ATTEMPTS; a failure without a
 *    reply (connection lost while the message was in flight: the server may have taken it) → failed
 *    `uncertain`, never sent again.
 * A row found `sending` after its lease belonged to a process that died between steps 3 and 4: it is failed
 * `interrupted`, never sent again. That is the guarantee: **at most once**. The price is the window of step 3
 * (from the mark to the server's reply, one SMTP exchange): a crash there loses the message rather than risk a
 * second copy; it is recorded failed (visible, and requeued by hand: `UPDATE outbox SET status = 'queued'`). The
 * Message-ID is `<{row id}@{domain}>`, so a copy sent again by hand is recognisable as the same message.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Db } from '../db';
import * as t from '../schema';
import type { Attachment } from './message';
import { qrPng } from './order-mail';
import { type MailTransport, type SmtpSession, smtpFailure } from './smtp';

export type OutboxRow = typeof t.outbox.$inferSelect;

export const LEASE_MS = 2 * 60_000;
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 60 * 60_000;
export const MAX_ATTEMPTS = 8;

export type Outcome =
  | { kind: 'sent' }
  | { kind: 'retry'; reason: string }
  | { kind: 'failed'; reason: string };

/** The wait before attempt `attempts + 1`: 30 s, 1 min, 2 min … at most an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

/** Claims the oldest due row (step 1), or null when none is due. */
export async function claimNext(db: Db, nowMs: number, leaseMs = LEASE_MS): Promise<OutboxRow | null> {
  const now = new Date(nowMs);
  const due = db
    .select({ id: t.outbox.id })
    .from(t.outbox)
    .where(
      and(
        eq(t.outbox.status, 'queued'),
        or(isNull(t.outbox.nextAttemptAt), lte(t.outbox.nextAttemptAt, now)),
        or(isNull(t.outbox.claimedUntil), lt(t.outbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(t.outbox.seq))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(t.outbox)
    .set({ claimedUntil: new Date(nowMs + leaseMs), attempts: sql`${t.outbox.attempts} + 1` })
    .where(inArray(t.outbox.id, due))
    .returning();
  return row ?? null;
}

/** Step 3: from here on the message may reach the server. False: the claim was lost (lease over). */
export async function markSending(db: Db, row: OutboxRow, nowMs: number): Promise<boolean> {
  const done = await db
    .update(t.outbox)
    .set({ status: 'sending' })
    .where(
      and(
        eq(t.outbox.id, row.id),
        eq(t.outbox.attempts, row.attempts),
        eq(t.outbox.status, 'queued'),
        sql`${t.outbox.claimedUntil} > ${new Date(nowMs)}`,
      ),
    )
    .returning({ id: t.outbox.id });
  return done.length === 1;
}

/** Step 4 (fenced by the attempt number: only the claim's owner settles it). */
export async function settle(db: Db, row: OutboxRow, outcome: Outcome, nowMs: number): Promise<void> {
  const now = new Date(nowMs);
  const fence = and(eq(t.outbox.id, row.id), eq(t.outbox.attempts, row.attempts));
  if (outcome.kind === 'sent') {
    await db
      .update(t.outbox)
      .set({ status: 'sent', sentAt: now, claimedUntil: null, lastError: null })
      .where(fence);
  } else if (outcome.kind === 'retry' && row.attempts < MAX_ATTEMPTS) {
    await db
      .update(t.outbox)
      .set({
        status: 'queued',
        claimedUntil: null,
        lastError: outcome.reason,
        nextAttemptAt: new Date(nowMs + backoffMs(row.attempts)),
      })
      .where(fence);
  } else {
    const reason = outcome.kind === 'retry' ? `gave up: ${outcome.reason}` : outcome.reason;
    await db.update(t.outbox).set({ status: 'failed', claimedUntil: null, lastError: reason }).where(fence);
  }
}

/** Rows left `sending` by a process that died (lease over): failed `interrupted`, never sent again. */
export async function recoverInterrupted(db: Db, nowMs: number): Promise<number> {
  const rows = await db
    .update(t.outbox)
    .set({ status: 'failed', claimedUntil: null, lastError: 'interrupted' })
    .where(and(eq(t.outbox.status, 'sending'), lt(t.outbox.claimedUntil, new Date(nowMs))))
    .returning({ id: t.outbox.id });
  return rows.length;
}

export interface Composed {
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

/** The Message-ID of a row: recognisable if it is ever sent twice, and how the dev sink finds its row. */
export const messageIdOf = (rowId: string, domain: string) => `<${rowId}@${domain}>`;

export async function composeMessage(
  row: OutboxRow,
  from: { name: string; address: string; domain: string },
  nowMs: number,
): Promise<Composed> {
  const attachments = await Promise.all(
    ((row.attachments as Attachment[] | null) ?? []).map(async (a) => ({
      filename: a.filename,
      contentType: a.contentType,
      cid: a.cid,
      content: a.qr ? await qrPng(a.qr) : (a.content ?? ''),
    })),
  );
  const composer = new MailComposer({
    from: { name: from.name, address: from.address },
    to: row.to,
    subject: row.subject,
    text: row.body,
    html: row.html ?? undefined,
    attachments,
    messageId: messageIdOf(row.id, from.domain),
    date: new Date(nowMs),
  });
  const raw = await new Promise<Buffer>((resolve, reject) =>
    composer.compile().build((err, message) => (err ? reject(err) : resolve(message))),
  );
  return { envelope: { from: from.address, to: [row.to] }, raw };
}

/** What a failed hand-over means (step 4): the server's reply decides; no reply: uncertain. */
export function sendOutcome(err: unknown): Outcome {
  const f = smtpFailure(err);
  if (f.responseCode && f.responseCode >= 500) return { kind: 'failed', reason: `smtp ${f.responseCode}` };
  if (f.responseCode && f.responseCode >= 400) return { kind: 'retry', reason: `smtp ${f.responseCode}` };
  // Refused before anything was sent (nodemailer's own checks: an address it cannot use).
  if (f.command === 'API') return { kind: 'failed', reason: f.code ?? 'refused' };
  return { kind: 'failed', reason: `uncertain ${f.code ?? 'error'}` };
}

export interface SenderOptions {
  db: Db;
  now: () => number;
  transport: MailTransport;
  /** The envelope and From address; its domain names Message-IDs. */
  fromAddress: string;
  leaseMs?: number;
  /** One line per failure, without addresses or the server's text. */
  log?: (line: string) => void;
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

export class OutboxSender {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly domain: string;

  constructor(private readonly options: SenderOptions) {
    this.domain = options.fromAddress.split('@')[1] || 'localhost';
  }

  /** Delivers every due row (at most `limit`); drains of one sender take turns. */
  drain(limit = 100): Promise<DrainResult> {
    const run = this.tail.then(() => this.drainNow(limit));
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async drainNow(limit: number): Promise<DrainResult> {
    const { db, now } = this.options;
    const out: DrainResult = { sent: 0, retried: 0, failed: 0 };
    const interrupted = await recoverInterrupted(db, now());
    if (interrupted)
      this.log(`${interrupted} message(s) cut off by a crash while sending: failed (not resent)`);
    // One connection for the drain (one greeting and TLS handshake), opened at the first message and dropped
    // after any failure.
    const connection: { session: SmtpSession | null } = { session: null };
    try {
      for (let i = 0; i < limit; i++) {
        const row = await claimNext(db, now(), this.options.leaseMs);
        if (!row) break;
        const outcome = await this.deliver(row, connection);
        await settle(db, row, outcome, now());
        if (outcome.kind === 'sent') out.sent++;
        else if (outcome.kind === 'retry' && row.attempts < MAX_ATTEMPTS) out.retried++;
        else out.failed++;
        if (outcome.kind !== 'sent')
          this.log(`message ${row.id} attempt ${row.attempts}: ${outcome.kind} (${outcome.reason})`);
      }
    } finally {
      connection.session?.close();
    }
    return out;
  }

  /** Steps 2 and 3 of a claimed row, on the drain's connection (opened here when there is none). */
  async deliver(row: OutboxRow, connection: { session: SmtpSession | null }): Promise<Outcome> {
    const { db, now } = this.options;
    const drop = () => {
      connection.session?.close();
      connection.session = null;
    };
    let composed: Composed;
    try {
      const [seller] = await db
        .select({ name: t.seller.name })
        .from(t.seller)
        .where(eq(t.seller.id, row.sellerId));
      composed = await composeMessage(
        row,
        { name: seller?.name ?? 'Tickets', address: this.options.fromAddress, domain: this.domain },
        now(),
      );
    } catch (err) {
      return { kind: 'failed', reason: `compose ${(err as Error)?.name ?? 'error'}` };
    }
    let session: SmtpSession;
    try {
      connection.session ??= await this.options.transport.open();
      session = connection.session;
      await session.prepare();
    } catch (err) {
      drop();
      const f = smtpFailure(err);
      return { kind: 'retry', reason: f.responseCode ? `smtp ${f.responseCode}` : (f.code ?? 'connect') };
    }
    if (!(await markSending(db, row, now()))) return { kind: 'retry', reason: 'lease lost' };
    try {
      await session.send(composed.envelope, composed.raw);
      return { kind: 'sent' };
    } catch (err) {
      drop();
      return sendOutcome(err);
    }
  }

  private log(line: string) {
    (this.options.log ?? ((l: string) => console.warn(l)))(`[mail] ${line}`);
  }
}
