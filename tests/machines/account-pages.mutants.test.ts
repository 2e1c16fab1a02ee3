/**
 * Issue 29's proof for the reset-password, email-submit and app tables: hand-made mutants of each config (a
 * retargeted transition, a dropped guard, swapped, dropped or added actions, reordered candidates, a deleted
 * transition) each fail the table test. Not part of the mutation run (vitest.mutation.config.ts leaves
 * `*.mutants.test.ts` out).
 */

import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { appMachine } from '../../machines/app/app.machine';
import { emailSubmitMachine } from '../../machines/emailSubmit/emailSubmit.machine';
import { passwordResetMachine } from '../../machines/passwordReset/passwordReset.machine';
import * as app from './app.table';
import * as emailSubmit from './emailSubmit.table';
import * as passwordReset from './passwordReset.table';
import {
  actualInitial,
  expectedInitial,
  expectTable,
  mutantOf,
  type Table,
  type World,
} from './transition-table';

// biome-ignore lint/suspicious/noExplicitAny: a machine config edited by hand, whatever its shape
type Node = Record<string, any>;
type Config = { states: Node };
type Edit = [string, (config: Config) => void];

/**
 * What the table tests hold a machine to: every start (the initial state's chain) and every state × world ×
 * event. True when the mutant breaks either.
 */
function failsTable<C, E extends EventObject, S extends string>(
  mutant: AnyStateMachine,
  module: {
    table: Table<C, E, S>;
    worlds: World<C>[];
    events: { name: string; event: E }[];
    starts: { input: unknown; context: C }[];
  },
): boolean {
  const { table, worlds, events, starts } = module;
  if (
    starts.some((s) => !isDeepStrictEqual(actualInitial(mutant, s.input), expectedInitial(table, s.context)))
  )
    return true;
  try {
    expectTable({ machine: mutant, table, worlds, events });
    return false;
  } catch {
    return true;
  }
}

describe('hand-made reset-password mutants fail the table (spec 3 §2, §4, §5, §8)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: a used link on reset goes back to the form',
      (c) => {
        c.states.resetting.invoke.onError[0].target = 'editing';
      },
    ],
    [
      'a retargeted transition: a link without a token is validated',
      (c) => {
        c.states.checkingLink.always[1].target = 'validating';
      },
    ],
    [
      'a dropped guard: a form that breaks the rules is reset',
      (c) => {
        delete c.states.editing.on.submit[0].guard;
      },
    ],
    [
      'a dropped guard: every failed validation is the invalid link',
      (c) => {
        delete c.states.validating.invoke.onError[0].guard;
      },
    ],
    [
      'swapped actions: a refused submit clears the errors, a valid one counts a refusal',
      (c) => {
        c.states.editing.on.submit[0].actions = 'refuseForm';
        c.states.editing.on.submit[1].actions = 'startReset';
      },
    ],
    [
      'a dropped action: the validated email is not kept',
      (c) => {
        delete c.states.validating.invoke.onDone.actions;
      },
    ],
    [
      'a dropped action: a retry keeps the failure’s message',
      (c) => {
        delete c.states.validationFailed.on.retry.actions;
      },
    ],
    [
      'candidates reordered: a used link on reset shows a message with the form',
      (c) => {
        const onError = c.states.resetting.invoke.onError;
        onError.push(onError.shift());
      },
    ],
    [
      'a deleted transition: blur says nothing',
      (c) => {
        delete c.states.editing.on['password.blur'];
      },
    ],
    [
      'an added transition: submit while resetting goes back to the form',
      (c) => {
        c.states.resetting.on = { submit: { target: 'editing' } };
      },
    ],
  ])('%s', (_, edit) => {
    expect(failsTable(mutantOf(passwordResetMachine, edit as (config: never) => void), passwordReset)).toBe(
      true,
    );
  });
});

describe('hand-made email-submit mutants fail the table (spec 3 §2, §8, §9)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: a failed send counts as sent',
      (c) => {
        c.states.submitting.invoke.onError[1].target = 'sent';
      },
    ],
    [
      'a retargeted transition: a page starts sending',
      (c) => {
        (c as Node).initial = 'submitting';
      },
    ],
    [
      'a dropped guard: resend’s 404 counts as sent',
      (c) => {
        delete c.states.submitting.invoke.onError[0].guard;
      },
    ],
    [
      'a dropped guard: an empty field is sent',
      (c) => {
        delete c.states.editing.on.submit[0].guard;
      },
    ],
    [
      'swapped actions: a sent page shows an error, a failure names the address',
      (c) => {
        c.states.submitting.invoke.onError[0].actions = 'showError';
        c.states.submitting.invoke.onError[1].actions = 'markSent';
      },
    ],
    [
      'a dropped action: a valid submit keeps the last try’s message',
      (c) => {
        delete c.states.editing.on.submit[0].actions;
      },
    ],
    [
      'a dropped action: sent names no address',
      (c) => {
        delete c.states.submitting.invoke.onDone.actions;
      },
    ],
    [
      'candidates reordered: a refused submit before the check',
      (c) => {
        c.states.editing.on.submit.reverse();
      },
    ],
    [
      'a deleted transition: typing does nothing',
      (c) => {
        delete c.states.editing.on['email.change'];
      },
    ],
    [
      'an added transition: typing while sending',
      (c) => {
        c.states.submitting.on = { 'email.change': { actions: 'changeEmail' } };
      },
    ],
  ])('%s', (_, edit) => {
    expect(failsTable(mutantOf(emailSubmitMachine, edit as (config: never) => void), emailSubmit)).toBe(true);
  });
});

describe('hand-made app mutants fail its table (DESIGN "App-wide actors")', () => {
  /** The app's table: its start for every input, and no change for any event. */
  const failsApp = (mutant: typeof appMachine) =>
    app.inputs.some(({ input }) => {
      const expected = app.expectedStart(input);
      const steps = app.actualStart(mutant, input);
      return (
        !isDeepStrictEqual(
          steps.map((s) => s.value),
          [{}],
        ) ||
        !isDeepStrictEqual(steps.at(-1)?.context, expected.context) ||
        !isDeepStrictEqual(
          steps.flatMap((s) => s.calls),
          expected.calls,
        ) ||
        app.events.some((event) =>
          app
            .actualStep(mutant, expected.context, event)
            .some(
              (s) =>
                !isDeepStrictEqual(s.value, {}) ||
                !isDeepStrictEqual(s.context, expected.context) ||
                s.calls.length > 0,
            ),
        )
      );
    });
  type AppEdit = [string, (config: Node) => void];
  it.each<AppEdit>([
    [
      'the children reordered: the session before the cart',
      (c) => {
        c.invoke.reverse();
      },
    ],
    [
      'a system id dropped: screens cannot find the modal stack',
      (c) => {
        delete c.invoke[2].systemId;
      },
    ],
    [
      'a child dropped: no session',
      (c) => {
        c.invoke.splice(1, 1);
      },
    ],
    [
      'inputs swapped: the cart gets the session’s input',
      (c) => {
        [c.invoke[0].input, c.invoke[1].input] = [c.invoke[1].input, c.invoke[0].input];
      },
    ],
    [
      'a child renamed: the cart under another id',
      (c) => {
        c.invoke[0].id = 'basket';
      },
    ],
    [
      'an added transition: the app handles a logout itself',
      (c) => {
        c.on = { 'session.logout': { actions: 'forget' } };
      },
    ],
    [
      'an added state: the app starts somewhere',
      (c) => {
        c.initial = 'ready';
        c.states = { ready: {} };
      },
    ],
  ])('%s', (_, edit) => {
    expect(failsApp(mutantOf(appMachine, edit as (config: never) => void))).toBe(true);
  });
});
