/**
 * Set email address held to its independent transition table (issue 29, ./setEmail.table.ts, written from spec 3
 * §2, §5, §9 and issue 18): every state × world × event sample, the start, and the spec's texts for the keys the
 * table expects.
 */
import { describe, expect, it } from 'vitest';
import { setEmailMachine } from '../../machines/setEmail/setEmail.machine';
import type { SetEmailEvent } from '../../machines/setEmail/types';
import { selectSetEmailView, setEmailCallbacks } from '../../machines/setEmail/view';
import '../../ui/account/strings';
import { defaultStrings, resolveMessage } from '../../ui/strings';
import { errorsOf, events, saveMessage, table, worlds } from './setEmail.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('set email address held to its transition table (spec 3 §2, §5; issue 18)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(setEmailMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: setEmailMachine, table, worlds, events })).toBeGreaterThan(200);
  });

  it('starts on the form, nothing typed, no error, no link sent', () => {
    expect(actualInitial(setEmailMachine, undefined)).toEqual(
      expectedInitial(table, {
        email: '',
        confirm: '',
        fieldErrors: {},
        formError: null,
        refusals: 0,
        sentTo: null,
      }),
    );
  });

  it('the keys the table expects read as the spec’s texts (spec 3 §5)', () => {
    const text = (message: unknown) => resolveMessage(defaultStrings, message as never);
    const refused = errorsOf({
      email: 'ada@localhost',
      confirm: 'bob@localhost',
      fieldErrors: {},
      formError: null,
      refusals: 0,
      sentTo: null,
    });
    expect(text(refused.email)).toBe('Email address is not valid.');
    expect(text(refused.confirm)).toBe('Email addresses must match.');
    expect(text(saveMessage({ code: 'email_in_use', status: 409 }, ' ada@example.com '))).toBe(
      'Another user account is using ada@example.com. Please contact us if you need to merge multiple user accounts.',
    );
    expect(text(saveMessage({ code: 'unexpected', status: 500 }, 'ada@example.com'))).toBe(
      'Sorry, something unexpected happened. Please try again later.',
    );
  });
});

describe('the set email page’s view over every state of the table (spec 3 §2, §5, §9; issue 18)', () => {
  it.each(Object.keys(table.states))(
    '%s: what was typed, the errors, 254 at most, the link’s address only when sent',
    (state) => {
      for (const { context } of worlds) {
        const snapshot = setEmailMachine.resolveState({ value: state as never, context });
        expect(selectSetEmailView(snapshot)).toEqual({
          email: context.email,
          confirm: context.confirm,
          maxLength: 254,
          fieldErrors: context.fieldErrors,
          formError: context.formError,
          errorVersion: context.refusals,
          submitting: state === 'saving',
          saved: state === 'saved',
          sentTo: state === 'sent' ? context.sentTo : null,
        });
      }
    },
  );

  it('its callbacks send the page’s events: each field typed, Update & Continue, Continue', () => {
    const sent: SetEmailEvent[] = [];
    const on = setEmailCallbacks((event) => sent.push(event));
    on.onEmailChange('ada@example.com');
    on.onConfirmChange('ADA@example.com');
    on.onSubmit();
    on.onContinue();
    expect(sent).toEqual([
      { type: 'field.change', name: 'email', value: 'ada@example.com' },
      { type: 'field.change', name: 'confirm', value: 'ADA@example.com' },
      { type: 'submit' },
      { type: 'continue' },
    ]);
  });
});
