/**
 * The email-submit pages' rules and counters held from the spec (spec 3 §2, §8, §9), beside the path walk:
 * the length message names its limit, the forgot pages map their own errors (a flood of requests has its own
 * text there), and every refused submit counts up the version the view refocuses on.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ErrorCode } from '../../domain/codes';
import { emailSubmitMachine } from '../../machines/emailSubmit/emailSubmit.machine';
import { emailFieldError, submitErrorMessage } from '../../machines/emailSubmit/rules';
import type { EmailSubmitKind } from '../../machines/emailSubmit/types';
import { selectEmailSubmitView } from '../../machines/emailSubmit/view';
import { flush } from './graph-helpers';

describe('email-submit rules (spec 3 §8, §9)', () => {
  it('an address over 254 characters is refused with the limit named', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(emailFieldError(long)).toEqual({ key: 'emailTooLong', params: { max: 254 } });
  });

  it('the forgot pages say "too many attempts" for a flood of requests; resend keeps its own mapping', () => {
    const flood = { code: ErrorCode.too_many_attempts, status: 429 };
    for (const kind of ['forgotPassword', 'forgotMembership'] as const)
      expect(submitErrorMessage(kind, flood), kind).toMatchObject({ key: 'tooManyAttempts' });
    const missing = { code: ErrorCode.not_found, status: 404 };
    expect(submitErrorMessage('resend', missing)).toMatchObject({ key: 'resendNotFound' });
    expect(submitErrorMessage('forgotPassword', missing)).not.toMatchObject({ key: 'resendNotFound' });
  });

  it('every refused submit, by the field or by the server, counts up the version the view refocuses on', async () => {
    const kind: EmailSubmitKind = 'resend';
    const actor = createActor(
      emailSubmitMachine.provide({
        actors: { submitEmail: fromPromise(() => Promise.reject({ code: 'unexpected', status: 500 })) },
      }),
      { input: { kind } },
    ).start();
    const version = () => selectEmailSubmitView(actor.getSnapshot()).errorVersion;
    expect(actor.getSnapshot().value).toBe('editing');
    expect(version()).toBe(0);
    actor.send({ type: 'submit' });
    expect(version()).toBe(1);
    actor.send({ type: 'email.change', value: 'visitor@example.com' });
    actor.send({ type: 'submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(version()).toBe(2);
    actor.stop();
  });
});
