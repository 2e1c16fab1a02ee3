/**
 * The captcha port's adapters (issue 23; spec 2 §8): the sandbox challenge answers with the token the server
 * issues (POST sandbox/captcha), closed is captcha_closed, dismissed (or aborted with the submit) is
 * captcha_dismissed; hCaptcha's rejections map closed and expired to the captcha error, anything else to
 * unavailable.
 */
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../domain/codes';
import { hcaptchaFailure } from '../../routes/checkout/captcha/port';
import { createSandboxCaptcha } from '../../routes/checkout/captcha/sandbox';

const issued = () => ({ captcha: { _count: 1, _data: [{ provider: 'sandbox', token: 'sandbox_tok' }] } });

describe('sandbox captcha', () => {
  it('opens on solve; answered: the server’s token; the store tells its host', async () => {
    const request = vi.fn(async () => issued());
    const sandbox = createSandboxCaptcha({ request } as never);
    const seen = vi.fn();
    sandbox.subscribe(seen);
    expect(sandbox.isOpen()).toBe(false);
    const token = sandbox.solve(new AbortController().signal);
    expect(sandbox.isOpen()).toBe(true);
    sandbox.answer();
    await expect(token).resolves.toBe('sandbox_tok');
    expect(sandbox.isOpen()).toBe(false);
    expect(request).toHaveBeenCalledWith('POST', 'sandbox/captcha', expect.anything());
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('closed, dismissed, aborted, and a server that issues none', async () => {
    const sandbox = createSandboxCaptcha({ request: vi.fn(async () => ({})) } as never);
    const closed = sandbox.solve(new AbortController().signal);
    sandbox.refuse(ErrorCode.captcha_closed);
    await expect(closed).rejects.toEqual({ code: ErrorCode.captcha_closed });
    const dismissed = sandbox.solve(new AbortController().signal);
    sandbox.refuse(ErrorCode.captcha_dismissed);
    await expect(dismissed).rejects.toEqual({ code: ErrorCode.captcha_dismissed });
    const abort = new AbortController();
    const aborted = sandbox.solve(abort.signal);
    abort.abort();
    await expect(aborted).rejects.toEqual({ code: ErrorCode.captcha_dismissed });
    expect(sandbox.isOpen()).toBe(false);
    const none = sandbox.solve(new AbortController().signal);
    sandbox.answer();
    await expect(none).rejects.toEqual({ code: ErrorCode.captcha_unavailable });
  });
});

describe('hCaptcha rejections', () => {
  it('closed and expired are the captcha error (spec 2 §8); the rest unavailable', () => {
    expect(hcaptchaFailure('challenge-closed')).toEqual({ code: ErrorCode.captcha_closed });
    expect(hcaptchaFailure('challenge-expired')).toEqual({ code: ErrorCode.captcha_expired });
    expect(hcaptchaFailure('network-error')).toEqual({ code: ErrorCode.captcha_unavailable });
  });
});
