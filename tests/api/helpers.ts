/** Test doubles for the API client: a scripted fetch that records calls, and a sleep that records delays. */

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
}

export type Reply = Response | Error | 'hang' | (() => Response | Promise<Response>);

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiErrorBody = (
  code: string,
  extra?: unknown,
  context: string | null = null,
  description = 'Nope.',
) => ({
  _data: [{ _code: code, _context: context, _description: description, _extra: extra }],
});

/**
 * A fetch that answers from a list of replies (the last one repeats). 'hang' never answers but rejects when the
 * request's signal aborts, like a real fetch.
 */
export function fakeFetch(...replies: Reply[]) {
  const calls: RecordedCall[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init?.signal ?? undefined,
    });
    const reply = replies[Math.min(calls.length - 1, replies.length - 1)];
    if (reply === undefined) throw new Error('fakeFetch: no reply scripted');
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
      });
    }
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'function') return reply();
    return reply.clone();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** A sleep that resolves at once and records the delays asked for. */
export function recordingSleep() {
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  return { sleep, delays };
}

export const SETTINGS = {
  apiPrefix: '/api/',
  cachedApiPrefix: '/cached/api/',
  sellerId: 'seller-1',
} as const;

/** Query parameters of a recorded URL as a plain object (decoded). */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}

export const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;
