/**
 * Error reporting (spec 3 §8; issue 26): a port, the spec's filter, and the default adapter.
 *
 * - The port is `ErrorReporter`: one `report` of a plain, already trimmed `ErrorReport`. A real service's
 *   adapter (Sentry and the like) implements the same interface and is chosen in routes/main.tsx.
 * - The filter: an API call's error is reported unless the spec ignores it (`isReportedCall`: 402, 404, 409, 410,
 *   422, a 401 on login and user, and codes that are part of a flow); a screen that failed to render and an
 *   unhandled rejection are reported unless they are an API error (reported at its call) or an abort.
 * - The default adapter posts each report to the reference server (`POST error_report`, with the seller id in
 *   the query) with `navigator.sendBeacon`, which survives the page being left; at most `max` per page. The
 *   server redacts and keeps them for the seller (server/reports/); here the page's path goes without its query,
 *   and texts are cut short.
 * This module is in no first load: routes/main.tsx loads it with the first error to report.
 */

import { isApiError } from '../../api/errors';
import type { HttpMethod } from '../../api/request';
import { isReportedCall } from '../../domain/error-messages/base';

export interface ErrorReport {
  kind: 'api' | 'render' | 'rejection';
  message: string;
  code?: string;
  status?: number;
  /** The API call: method and path, no query. */
  call?: string;
  /** The storefront's path, no query. */
  page: string;
}

/** The port: where error reports go. */
export interface ErrorReporter {
  report(report: ErrorReport): void;
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The default adapter: `navigator.sendBeacon` to the reference server, at most `max` reports per page. */
export function beaconReporter(
  settings: { apiPrefix: string; sellerId: string },
  send: (url: string, body: string) => boolean = (url, body) => navigator.sendBeacon(url, body),
  max = 10,
): ErrorReporter {
  let left = max;
  const url = `${settings.apiPrefix}error_report?seller_id=${encodeURIComponent(settings.sellerId)}`;
  return {
    report(report) {
      if (left <= 0) return;
      left -= 1;
      try {
        send(url, JSON.stringify(report));
      } catch {
        // Reporting never breaks the page.
      }
    },
  };
}

/** An API call's error, through the spec's filter. */
export function reportCallError(
  reporter: ErrorReporter,
  error: unknown,
  call: { method: HttpMethod; path: string },
  page: string,
): void {
  if (!isApiError(error) || !isReportedCall(error, call.path)) return;
  reporter.report({
    kind: 'api',
    message: cut(error.message, 1000),
    code: cut(error.code, 100),
    status: error.status,
    call: cut(`${call.method} ${call.path}`, 400),
    page: cut(page, 400),
  });
}

/** A screen that failed, or an unhandled rejection: not API errors (reported at their call) nor aborts. */
export function reportFailure(
  reporter: ErrorReporter,
  error: unknown,
  kind: 'render' | 'rejection',
  page: string,
): void {
  if (isApiError(error) || (error as { name?: unknown })?.name === 'AbortError') return;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  reporter.report({ kind, message: cut(message, 1000), page: cut(page, 400) });
}

/** Reporting as the app uses it: API calls' errors and failures, through one reporter (default: the beacon). */
export interface ErrorReporting {
  call(error: unknown, call: { method: HttpMethod; path: string }, page: string): void;
  failure(error: unknown, kind: 'render' | 'rejection', page: string): void;
}

export function createErrorReporting(
  settings: { apiPrefix: string; sellerId: string },
  reporter: ErrorReporter = beaconReporter(settings),
): ErrorReporting {
  return {
    call: (error, call, page) => reportCallError(reporter, error, call, page),
    failure: (error, kind, page) => reportFailure(reporter, error, kind, page),
  };
}
