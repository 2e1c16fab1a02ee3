/**
 * `POST error_report` (issue 26; spec 3 §8 error reporting): the storefront's default error-reporting adapter
 * posts here with `navigator.sendBeacon`, which sends no custom header (so no `Tix-App`, see http/api.ts) and a
 * text/plain body. Validated strictly (zod: known keys, bounded texts, no NUL or lone surrogates; bodies over
 * 8 KB 413), limited per client address, redacted (server/reports/redact.ts) before it is stored for the
 * seller; answers 204. Outside production `GET __error_reports` lists the seller's reports (as `__outbox`
 * lists its emails), newest first.
 */
import { desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { clientAddress } from '../http/client-address';
import type { AppCtx, Env } from '../http/context';
import { payloadTooLarge } from '../http/errors';
import { body, text } from '../http/validate';
import { LIMITS, take } from '../members/rate';
import { newId } from '../util';
import { redactText } from './redact';
import { errorReport } from './schema';

/** Largest report body: a message, a code and two paths fit many times over. */
export const MAX_REPORT_BYTES = 8 * 1024;

/** What the storefront reports (api/error-report.ts `ErrorReport`), strictly. */
export const errorReportBody = z.strictObject({
  kind: z.enum(['api', 'render', 'rejection']),
  message: text(2000),
  code: z.optional(text(100)),
  status: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(599))),
  call: z.optional(text(500)),
  page: text(500),
});

export function registerErrorReports(api: Hono<Env>, ctx: AppCtx): void {
  api.post('/error_report', async (c) => {
    if (Number(c.req.header('content-length') ?? 0) > MAX_REPORT_BYTES)
      throw payloadTooLarge(MAX_REPORT_BYTES);
    const seller = c.get('seller');
    await take(
      ctx.db,
      LIMITS.errorReportAddress,
      seller.id,
      clientAddress(c, ctx.trustProxy ?? 0),
      ctx.now(),
    );
    // A chunked body declares no length: measured once read (Hono keeps it for body() below).
    if ((await c.req.text()).length > MAX_REPORT_BYTES) throw payloadTooLarge(MAX_REPORT_BYTES);
    const report = await body(c, errorReportBody, 'error_report');
    await ctx.db.insert(errorReport).values({
      id: newId(),
      sellerId: seller.id,
      createdAt: new Date(ctx.now()),
      kind: report.kind,
      message: redactText(report.message, 500),
      code: report.code === undefined ? null : redactText(report.code, 100),
      status: report.status ?? null,
      call: report.call === undefined ? null : redactText(report.call, 200),
      page: redactText(report.page, 200),
    });
    return c.body(null, 204);
  });

  if (ctx.production) return;
  api.get('/__error_reports', async (c) => {
    const rows = await ctx.db
      .select()
      .from(errorReport)
      .where(eq(errorReport.sellerId, c.get('seller').id))
      .orderBy(desc(errorReport.createdAt))
      .limit(100);
    return c.json({
      error_report: {
        _count: rows.length,
        _data: rows.map((r) => ({
          id: r.id,
          created_at: r.createdAt.toISOString(),
          kind: r.kind,
          message: r.message,
          code: r.code,
          status: r.status,
          call: r.call,
          page: r.page,
        })),
      },
    });
  });
}
