/**
 * Reset password held to its independent transition table (issue 29, ./passwordReset.table.ts, written from
 * spec 3 §2, §4, §5, §7, §8, §9): every state × world × event sample, the start from every kind of link, and the
 * page's view model in every state and world (what the page shows, the requirements list, the refocus version).
 */
import { describe, expect, it } from 'vitest';
import { passwordResetMachine } from '../../machines/passwordReset/passwordReset.machine';
import type { PasswordResetEvent } from '../../machines/passwordReset/types';
import { passwordResetCallbacks, selectPasswordResetView } from '../../machines/passwordReset/view';
import { events, specValid, starts, table, worlds } from './passwordReset.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('reset password held to its transition table (spec 3 §2, §4, §5, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(passwordResetMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: passwordResetMachine, table, worlds, events })).toBeGreaterThan(200);
  });

  it.each(starts)('starts from $name', ({ input, context }) => {
    expect(actualInitial(passwordResetMachine, input)).toEqual(expectedInitial(table, context));
  });
});

describe('the reset page’s view in every state and world (spec 3 §2, §5)', () => {
  const stages = {
    checkingLink: 'loading',
    validating: 'loading',
    validationFailed: 'loadFailed',
    editing: 'form',
    resetting: 'form',
    updated: 'updated',
    invalidLink: 'invalidLink',
  } as const;
  /** Spec 3 §5 rule by rule, as the page lists them beside the field. */
  const meets = (p: string) => ({
    length: p.length >= 8 && p.length <= 254,
    noEdgeSpace: p !== '' && p.trim() === p,
    printableAscii: p !== '' && [...p].every((ch) => ch >= ' ' && ch <= '~'),
    // Special: a printable ASCII character not a letter or a digit (the code's reading; the spec names no set).
    threeClasses:
      [
        /[A-Z]/.test(p),
        /[a-z]/.test(p),
        /[0-9]/.test(p),
        [...p].some((ch) => ch >= ' ' && ch <= '~' && !/[A-Za-z0-9]/.test(ch)),
      ].filter(Boolean).length >= 3,
  });

  it('judges every printable character, and characters beyond them, as the rules say', () => {
    const [{ context: base }] = worlds as [(typeof worlds)[number]];
    const view = (password: string) =>
      selectPasswordResetView(
        passwordResetMachine.resolveState({ value: 'editing', context: { ...base, password } }),
      ).requirements.map((r) => r.met);
    const expected = (p: string) => Object.values(meets(p));
    const chars = [
      ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)),
      '\t',
      '\u007f',
      'é',
      '€',
    ];
    for (const ch of chars)
      for (const p of [`ab${ch}wxyz1`, `AB${ch}WXYZ1`, `Ab${ch}wxyz`, `${ch}Abwxyz1`])
        expect(view(p), JSON.stringify(p)).toEqual(expected(p));
  });

  it('shows the stage of the state, the typed values, the requirements met and the errors', () => {
    for (const [state, stage] of Object.entries(stages))
      for (const { name, context } of worlds) {
        const snapshot = passwordResetMachine.resolveState({ value: state, context });
        const met = meets(context.password);
        expect(Object.values(met).every(Boolean), name).toBe(specValid(context.password));
        expect(selectPasswordResetView(snapshot), `${state} in ${name}`).toEqual({
          stage,
          email: context.email,
          password: context.password,
          confirm: context.confirm,
          maxLength: 254,
          requirements: [
            { requirement: 'length', key: 'requirementLength', met: met.length },
            { requirement: 'noEdgeSpace', key: 'requirementNoEdgeSpace', met: met.noEdgeSpace },
            { requirement: 'printableAscii', key: 'requirementPrintableAscii', met: met.printableAscii },
            { requirement: 'threeClasses', key: 'requirementThreeClasses', met: met.threeClasses },
          ],
          fieldErrors: context.fieldErrors,
          formError: context.formError,
          errorVersion: context.refusals,
          submitting: state === 'resetting',
        });
      }
  });
});

describe('the reset page’s callbacks send the table’s events', () => {
  it('typing either field, leaving the password, submitting and retrying', () => {
    const sent: PasswordResetEvent[] = [];
    const on = passwordResetCallbacks((event) => sent.push(event));
    on.onPasswordChange('Sunflower-42');
    on.onPasswordBlur();
    on.onConfirmChange('Sunflower-4');
    on.onSubmit();
    on.onRetry();
    expect(sent).toEqual([
      { type: 'field.change', name: 'password', value: 'Sunflower-42' },
      { type: 'password.blur' },
      { type: 'field.change', name: 'confirm', value: 'Sunflower-4' },
      { type: 'submit' },
      { type: 'retry' },
    ]);
  });
});
