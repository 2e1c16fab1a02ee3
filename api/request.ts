/**
 * The one HTTP entry point of the SPA (spec 1 §7, spec 2 §7, spec 3 §7).
 *
 * - URL: API prefix, or the cached prefix for cached GETs, plus the path; `seller_id`, `_embed`, `_limit` and the
 *   query travel as query parameters in a deterministic (sorted) order so cached URLs are stable.
 * - Headers: `Tix-App: ecomm`, `Accept: application/json`, and `Content-Type: application/json` with a body.
 * - GETs are tried up to 3 times, waiting 250 ms then 500 ms, on a network error, a per-try timeout or a 502.
 *   Other methods are tried once. The caller's AbortSignal stops everything and rejects with its reason.
 * - A 4xx body's `_data[0]` becomes an ApiError; anything else unusable becomes ApiError 'unexpected'.
 *   Unknown 4xx codes are logged with personal data redacted.
 */
import * as z from 'zod/mini';
import { isLoggedCode } from '../domain/codes';
import { ApiError, unexpectedError } from './errors';
import { errorBody } from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | (string | number)[] | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  embed?: string[];
  limit?: number;
  body?: unknown;
  /** GET only: use the cached API prefix. Ignored for other methods. */
  cached?: boolean;
  signal?: AbortSignal;
}

export interface Logger {
  warn(msg: string, data?: unknown): void;
}

export interface RequestSettings {
  apiPrefix: string;
  cachedApiPrefix: string;
  sellerId: string;
  fetch: typeof fetch;
  /** Waits between GET tries; injectable so tests never wait. Default: setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Per-try timeout in ms. Default 30000. */
  timeoutMs?: number;
  /** Receives unknown 4xx codes, redacted. Default: console. */
  logger?: Logger;
  /** Told of every error a call rejects with (error reporting filters them: routes/app/error-reporting.ts). */
  onError?: (error: ApiError, call: { method: HttpMethod; path: string }) => void;
}

export type ApiRequest = (method: HttpMethod, path: string, options?: RequestOptions) => Promise<unknown>;

export const GET_TRIES = 3;
export const FIRST_RETRY_DELAY_MS = 250;
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Query string with keys sorted, arrays joined with commas (left readable), undefined dropped. */
export function buildQuery(params: Record<string, QueryValue>): string {
  const encode = (s: string) => encodeURIComponent(s).replace(/%2C/gi, ',');
  return Object.keys(params)
    .filter((key) => params[key] !== undefined)
    .sort()
    .map((key) => {
      const value = params[key] as Exclude<QueryValue, undefined>;
      const text = Array.isArray(value) ? value.map((v) => String(v)).join(',') : String(value);
      return `${encode(key)}=${encode(text)}`;
    })
    .join('&');
}

export function buildUrl(
  settings: Pick<RequestSettings, 'apiPrefix' | 'cachedApiPrefix' | 'sellerId'>,
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): string {
  const prefix = method === 'GET' && options.cached ? settings.cachedApiPrefix : settings.apiPrefix;
  const params: Record<string, QueryValue> = { ...options.query, seller_id: settings.sellerId };
  if (options.embed && options.embed.length > 0) params._embed = options.embed;
  if (options.limit !== undefined) params._limit = options.limit;
  return `${prefix}${path.replace(/^\/+/, '')}?${buildQuery(params)}`;
}

type Outcome =
  | { kind: 'response'; status: number; text: string }
  | { kind: 'network'; error: unknown }
  | { kind: 'timeout' };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rejects with the signal's reason when it aborts; never resolves otherwise. */
function whenAborted(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let dispose = () => {};
  const promise = new Promise<never>((_, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    dispose = () => signal.removeEventListener('abort', onAbort);
  });
  promise.catch(() => {}); // observed by the races below; avoid unhandled rejections when nobody races
  return { promise, dispose };
}

export function createRequest(settings: RequestSettings): ApiRequest {
  const sleep = settings.sleep ?? defaultSleep;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const logger: Logger = settings.logger ?? console;

  async function attempt(
    url: string,
    init: RequestInit,
    callerSignal: AbortSignal | undefined,
  ): Promise<Outcome> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
    }, timeoutMs);
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', forwardAbort, { once: true });
    const aborted = whenAborted(controller.signal);
    try {
      // Racing against the signal makes the timeout and the caller's abort effective even with a fetch
      // (or a body stream) that ignores its signal.
      const response = await Promise.race([
        settings.fetch(url, { ...init, signal: controller.signal }),
        aborted.promise,
      ]);
      const text = await Promise.race([response.text(), aborted.promise]);
      return { kind: 'response', status: response.status, text };
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (timedOut) return { kind: 'timeout' };
      return { kind: 'network', error };
    } finally {
      clearTimeout(timer);
      aborted.dispose();
      callerSignal?.removeEventListener('abort', forwardAbort);
    }
  }

  async function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (!signal) return sleep(ms);
    const aborted = whenAborted(signal);
    try {
      await Promise.race([sleep(ms), aborted.promise]);
    } finally {
      aborted.dispose();
    }
  }

  /**
   * Logs an unknown code, redacted. The redaction code loads on the first such error (it is not part of any
   * first load); the returned promise settles once the line is written.
   */
  function logUnknownCode(method: HttpMethod, path: string, error: ApiError, body: unknown): Promise<void> {
    const record = {
      method,
      path,
      status: error.status,
      code: error.code,
      context: error.context,
      description: error.description,
      extra: error.extra,
      requestBody: body,
    };
    return import('../domain/redact').then(
      ({ redact }) => logger.warn(`Unexpected API error code "${error.code}"`, redact(record)),
      () => logger.warn(`Unexpected API error code "${error.code}"`, { method, path, status: error.status }),
    );
  }

  function toResult(method: HttpMethod, path: string, outcome: Outcome, body: unknown): unknown {
    if (outcome.kind === 'timeout') throw unexpectedError(0, 'timeout');
    if (outcome.kind === 'network') throw unexpectedError(0, 'network', outcome.error);
    const { status, text } = outcome;
    let json: unknown;
    let isJson = true;
    if (text.trim() === '') {
      json = null;
    } else {
      try {
        json = JSON.parse(text);
      } catch {
        isJson = false;
      }
    }
    if (status >= 200 && status < 300) {
      if (!isJson) throw unexpectedError(status, 'not_json');
      return json;
    }
    if (status >= 400 && status < 500 && isJson) {
      const parsed = z.safeParse(errorBody, json);
      const [first, ...rest] = parsed.success ? parsed.data._data : [];
      if (first) {
        const item = (d: typeof first, more: ApiError[] = []) =>
          new ApiError({
            code: d._code,
            status,
            context: d._context ?? null,
            description: d._description ?? null,
            extra: d._extra,
            more,
          });
        const error = item(
          first,
          rest.map((d) => item(d)),
        );
        if (isLoggedCode(error.code)) void logUnknownCode(method, path, error, body);
        throw error;
      }
    }
    throw unexpectedError(status);
  }

  return async function request(method, path, options = {}) {
    const { signal, body } = options;
    if (signal?.aborted) throw signal.reason;
    const url = buildUrl(settings, method, path, options);
    const headers: Record<string, string> = { Accept: 'application/json', 'Tix-App': 'ecomm' };
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const tries = method === 'GET' ? GET_TRIES : 1;
    for (let tryNumber = 1; ; tryNumber++) {
      const outcome = await attempt(url, init, signal);
      const retryable = outcome.kind !== 'response' || outcome.status === 502;
      if (retryable && tryNumber < tries) {
        await wait(FIRST_RETRY_DELAY_MS * 2 ** (tryNumber - 1), signal);
        continue;
      }
      try {
        return toResult(method, path, outcome, body);
      } catch (error) {
        settings.onError?.(error as ApiError, { method, path });
        throw error;
      }
    }
  };
}
