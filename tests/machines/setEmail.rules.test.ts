/**
 * Set email address held from the spec (spec 3 §5, §9) beside the path walk: addresses are checked and sent
 * trimmed, the 254 limit is named, the re-entry matches whatever spaces surround it, a 409 names the trimmed
 * address, a submit that goes through clears the errors of the last try, and every refusal counts up the
 * version the view refocuses on.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ErrorCode } from '../../domain/codes';
import { saveErrorMessage, setEmailErrors } from '../../machines/setEmail/rules';
import { setEmailMachine } from '../../machines/setEmail/setEmail.machine';
import type { SaveEmailInput, SaveEmailOutput } from '../../machines/setEmail/types';
import { selectSetEmailView } from '../../machines/setEmail/view';
import { flush } from './graph-helpers';

describe('set email address rules (spec 3 §5, §9)', () => {
  it('checks both addresses trimmed: spaces around the re-entry are no mismatch; over 254 names the limit', () => {
    expect(setEmailErrors('  ada@example.com ', ' ADA@example.com  ')).toEqual({});
    const long = `${'a'.repeat(243)}@example.com`;
    expect(long.length).toBe(255);
    expect(setEmailErrors(long, long)).toEqual({ email: { key: 'emailTooLong', params: { max: 254 } } });
    const longest = long.slice(1);
    expect(setEmailErrors(longest, longest)).toEqual({});
  });

  it('a 409 names the address as typed, without its spaces', () => {
    expect(saveErrorMessage({ code: ErrorCode.email_in_use, status: 409 }, '  ada@example.com ')).toEqual({
      key: 'emailInUse',
      params: { email: 'ada@example.com' },
    });
  });
});

describe('set email address machine, by example', () => {
  function start(answer: (input: SaveEmailInput) => Promise<SaveEmailOutput>) {
    const sent: SaveEmailInput[] = [];
    const actor = createActor(
      setEmailMachine.provide({
        actors: {
          saveEmail: fromPromise<SaveEmailOutput, SaveEmailInput>(({ input }) => {
            sent.push(input);
            return answer(input);
          }),
        },
      }),
    ).start();
    const view = () => selectSetEmailView(actor.getSnapshot());
    const type = (name: 'email' | 'confirm', value: string) =>
      actor.send({ type: 'field.change', name, value });
    return { actor, sent, view, type };
  }

  it('starts empty; a try that goes through clears the last errors; the address is sent trimmed', async () => {
    let fail = true;
    const { actor, sent, view, type } = start(async (input) => {
      if (fail) throw { code: 'unexpected', status: 500 };
      return { email: input.email };
    });
    expect(view()).toMatchObject({
      email: '',
      confirm: '',
      fieldErrors: {},
      formError: null,
      errorVersion: 0,
    });

    type('email', 'ada@example.com');
    type('confirm', 'bob@example.com');
    actor.send({ type: 'submit' });
    expect(view().fieldErrors).toEqual({ confirm: { key: 'emailsMustMatch' } });
    expect(view().errorVersion).toBe(1);
    // The email field is changed to match: the re-entry's old error is still in context until a submit clears it.
    type('email', ' bob@example.com ');
    actor.send({ type: 'submit' });
    expect(view()).toMatchObject({ submitting: true, fieldErrors: {}, formError: null });
    await flush();
    expect(sent).toEqual([{ email: 'bob@example.com' }]);
    expect(view().formError).not.toBeNull();
    expect(view().errorVersion).toBe(2);

    fail = false;
    actor.send({ type: 'submit' });
    expect(view()).toMatchObject({ submitting: true, formError: null });
    await flush();
    expect(sent.at(-1)).toEqual({ email: 'bob@example.com' });
    // The account's email is the typed one already (case and spaces aside): saved at once.
    expect(view().saved).toBe(true);
    actor.stop();
  });

  it('an address the account does not have yet waits for its link, named trimmed', async () => {
    const { actor, view, type } = start(async () => ({ email: 'old@example.com' }));
    type('email', '  New@Example.com ');
    type('confirm', 'new@example.com');
    actor.send({ type: 'submit' });
    await flush();
    expect(view()).toMatchObject({ sentTo: 'New@Example.com', saved: false });
    actor.send({ type: 'continue' });
    expect(view().saved).toBe(true);
    actor.stop();
  });
});
