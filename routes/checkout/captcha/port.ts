/**
 * The captcha port of checkout (issue 23; spec 2 §4, §5, §8): a challenge that answers a token for one payment, or
 * rejects with why there is none (captcha_dismissed: ignored; captcha_closed, captcha_expired,
 * captcha_unavailable: the captcha error). Two adapters: hCaptcha (./hcaptcha.tsx, invisible, loaded on demand
 * with its script only when a seller configures a site key) and the reference server's sandbox (./sandbox.ts).
 */
import { ErrorCode } from '../../../domain/codes';

export interface CaptchaPort {
  /** The provider the server verifies the token with (the payment payload's `captcha.provider`). */
  provider: 'hcaptcha' | 'sandbox';
  /** Runs the challenge: a fresh token, or a rejection `{ code }`; an aborted challenge closes. */
  solve(signal: AbortSignal): Promise<string>;
}

export type CaptchaFailure =
  | typeof ErrorCode.captcha_dismissed
  | typeof ErrorCode.captcha_closed
  | typeof ErrorCode.captcha_expired
  | typeof ErrorCode.captcha_unavailable;

export const captchaFailure = (code: CaptchaFailure) => ({ code });

/** hCaptcha's rejections (execute async): closed and expired are the spec's captcha errors, others unavailable. */
export function hcaptchaFailure(error: unknown): { code: CaptchaFailure } {
  if (error === 'challenge-closed') return captchaFailure(ErrorCode.captcha_closed);
  if (error === 'challenge-expired') return captchaFailure(ErrorCode.captcha_expired);
  return captchaFailure(ErrorCode.captcha_unavailable);
}
