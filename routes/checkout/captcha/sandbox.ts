/**
 * The sandbox captcha (issue 23): the reference server's stand-in for hCaptcha. `solve` opens a challenge dialog
 * (ui/checkout/SandboxCaptchaDialog.tsx, rendered by ./CaptchaHost.tsx); answering it asks the server for a token
 * (`POST sandbox/captcha`), its close button is a closed challenge (the captcha error), Escape dismisses it
 * (ignored). A small store the host subscribes to (`useSyncExternalStore`).
 */
import type { Api } from '../../../api';
import type { CallOptions } from '../../../api/events';
import type { ApiRequest } from '../../../api/request';
import { ErrorCode } from '../../../domain/codes';
import { type CaptchaFailure, type CaptchaPort, captchaFailure } from './port';

/**
 * POST sandbox/captcha (the reference server's sandbox captcha, issue 23): a token for one payment, once the
 * visitor answered the sandbox challenge.
 */
async function issueSandboxCaptcha(request: ApiRequest, { signal }: CallOptions = {}): Promise<string> {
  const raw = (await request('POST', 'sandbox/captcha', { signal })) as {
    captcha?: { _data?: { token?: unknown }[] };
  };
  const token = raw?.captcha?._data?.[0]?.token;
  if (typeof token !== 'string' || token === '') throw new Error('no captcha token');
  return token;
}

export interface SandboxCaptcha extends CaptchaPort {
  provider: 'sandbox';
  /** The challenge is open. */
  isOpen(): boolean;
  subscribe(listener: () => void): () => void;
  /** The visitor answered: the server issues the token. */
  answer(): void;
  /** The visitor closed (captcha_closed) or dismissed (captcha_dismissed) the challenge. */
  refuse(code: CaptchaFailure): void;
}

export function createSandboxCaptcha(api: Pick<Api, 'request'>): SandboxCaptcha {
  const listeners = new Set<() => void>();
  let pending: {
    resolve: (token: string) => void;
    reject: (e: unknown) => void;
    signal: AbortSignal;
  } | null = null;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const settle = (how: (p: NonNullable<typeof pending>) => void) => {
    const p = pending;
    pending = null;
    notify();
    if (p) how(p);
  };
  return {
    provider: 'sandbox',
    solve(signal) {
      return new Promise<string>((resolve, reject) => {
        pending?.reject(captchaFailure(ErrorCode.captcha_dismissed));
        pending = { resolve, reject, signal };
        signal.addEventListener('abort', () => {
          if (pending?.signal === signal)
            settle((p) => p.reject(captchaFailure(ErrorCode.captcha_dismissed)));
        });
        notify();
      });
    },
    isOpen: () => pending !== null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answer() {
      settle((p) => {
        issueSandboxCaptcha(api.request, { signal: p.signal }).then(p.resolve, () =>
          p.reject(captchaFailure(ErrorCode.captcha_unavailable)),
        );
      });
    },
    refuse(code) {
      settle((p) => p.reject(captchaFailure(code)));
    },
  };
}
