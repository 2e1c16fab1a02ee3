/**
 * Reset password held from the spec (spec 3 §5, §8, §9) beside the path walk: the requirements at their edges
 * (8 to 254 characters, an empty password meets none), every reading of an invalid link, and by example the
 * trimmed token from the link, a failed load's message and its retry, refusals counting up, and a reset that goes
 * through clearing the last errors.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ErrorCode } from '../../domain/codes';
import { passwordResetMachine } from '../../machines/passwordReset/passwordReset.machine';
import { isInvalidLink, meetsRequirement } from '../../machines/passwordReset/rules';
import type { ResetPasswordInput, ValidateTokenInput } from '../../machines/passwordReset/types';
import { flush } from './graph-helpers';

describe('password rules at their edges (spec 3 §9)', () => {
  it('8 to 254 characters; an empty password has no edge space and no printable character to count', () => {
    const of = (n: number) => `Aa1${'b'.repeat(n - 3)}`;
    expect(meetsRequirement(of(254), 'length')).toBe(true);
    expect(meetsRequirement(of(255), 'length')).toBe(false);
    expect(meetsRequirement(of(8), 'length')).toBe(true);
    expect(meetsRequirement(of(7), 'length')).toBe(false);
    expect(meetsRequirement('', 'noEdgeSpace')).toBe(false);
    expect(meetsRequirement('', 'printableAscii')).toBe(false);
  });

  it('a link is invalid on not_found, on validate_failed and on any 404; not on other failures', () => {
    expect(isInvalidLink({ code: ErrorCode.not_found })).toBe(true);
    expect(isInvalidLink({ code: ErrorCode.validate_failed, status: 400 })).toBe(true);
    expect(isInvalidLink({ code: 'gone_elsewhere', status: 404 })).toBe(true);
    expect(isInvalidLink({ code: 'unexpected', status: 500 })).toBe(false);
  });
});

describe('reset password machine, by example', () => {
  function start(
    token: string | null,
    validate: () => Promise<{ email: string | null }>,
    reset: () => Promise<unknown>,
  ) {
    const validated: ValidateTokenInput[] = [];
    const resets: ResetPasswordInput[] = [];
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          validateToken: fromPromise<{ email: string | null }, ValidateTokenInput>(({ input }) => {
            validated.push(input);
            return validate();
          }),
          resetPassword: fromPromise<unknown, ResetPasswordInput>(({ input }) => {
            resets.push(input);
            return reset();
          }),
        },
      }),
      { input: { token } },
    ).start();
    return { actor, validated, resets, context: () => actor.getSnapshot().context };
  }

  it('validates the link’s token trimmed; a failed load shows its message, a retry clears it', async () => {
    let fail = true;
    const { actor, validated, context } = start(
      '  tok-1  ',
      async () => {
        if (fail) throw { code: 'unexpected', status: 500 };
        return { email: 'ada@example.com' };
      },
      async () => ({}),
    );
    expect(context()).toMatchObject({
      token: 'tok-1',
      password: '',
      confirm: '',
      fieldErrors: {},
      refusals: 0,
    });
    await flush();
    expect(validated).toEqual([{ token: 'tok-1' }]);
    expect(actor.getSnapshot().value).toBe('validationFailed');
    expect(context().formError).not.toBeNull();
    fail = false;
    actor.send({ type: 'retry' });
    expect(context().formError).toBeNull();
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().email).toBe('ada@example.com');
    actor.stop();
  });

  it('refusals count up; a reset that goes through clears the last errors; an invalid link on reset ends there', async () => {
    let answer: () => Promise<unknown> = async () => {
      throw { code: 'unexpected', status: 500 };
    };
    const { actor, resets, context } = start(
      'tok-2',
      async () => ({ email: null }),
      () => answer(),
    );
    await flush();
    actor.send({ type: 'field.change', name: 'password', value: 'Museum-Pass1' });
    actor.send({ type: 'field.change', name: 'confirm', value: 'Museum-Pass2' });
    actor.send({ type: 'submit' });
    expect(context().fieldErrors).toEqual({ confirm: { key: 'passwordsMustMatch' } });
    expect(context().refusals).toBe(1);
    // The password changed to match: the re-entry's old error is still there until a submit clears it.
    actor.send({ type: 'field.change', name: 'password', value: 'Museum-Pass2' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('resetting');
    expect(context()).toMatchObject({ fieldErrors: {}, formError: null });
    await flush();
    expect(resets).toEqual([{ token: 'tok-2', password: 'Museum-Pass2' }]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().formError).not.toBeNull();
    expect(context().refusals).toBe(2);
    actor.send({ type: 'submit' });
    expect(context().formError).toBeNull();
    answer = async () => {
      throw { code: ErrorCode.not_found, status: 404 };
    };
    await flush();
    actor.send({ type: 'submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('invalidLink');
    actor.stop();
  });
});
