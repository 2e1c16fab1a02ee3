/**
 * The email-submit pages held to their independent transition table (issue 29, ./emailSubmit.table.ts, written
 * from spec 3 §2, §7, §8, §9): every state × world × event sample, the start of every page, and the page's view
 * model in every state and world (the form or the sent text with its address, the refocus version).
 */
import { describe, expect, it } from 'vitest';
import { emailSubmitMachine } from '../../machines/emailSubmit/emailSubmit.machine';
import type { EmailSubmitEvent } from '../../machines/emailSubmit/types';
import { emailSubmitCallbacks, selectEmailSubmitView } from '../../machines/emailSubmit/view';
import { events, starts, table, worlds } from './emailSubmit.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('the email-submit pages held to their transition table (spec 3 §2, §8, §9)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(emailSubmitMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: emailSubmitMachine, table, worlds, events })).toBeGreaterThan(100);
  });

  it.each(starts)('starts $name with nothing typed', ({ input, context }) => {
    expect(actualInitial(emailSubmitMachine, input)).toEqual(expectedInitial(table, context));
  });
});

describe('the email-submit page’s view in every state and world (spec 3 §2)', () => {
  it('the form until sent, then the sent text naming the address the call went out for', () => {
    for (const state of ['editing', 'submitting', 'sent'])
      for (const { name, context } of worlds) {
        const sentContext = { ...context, sentTo: 'sent@example.com' };
        for (const c of [context, sentContext]) {
          const snapshot = emailSubmitMachine.resolveState({ value: state, context: c });
          expect(selectEmailSubmitView(snapshot), `${state} in ${name}`).toEqual({
            kind: c.kind,
            email: c.email,
            maxLength: 254,
            fieldError: c.fieldError,
            formError: c.formError,
            errorVersion: c.refusals,
            submitting: state === 'submitting',
            showForm: state !== 'sent',
            sentTo: state === 'sent' ? c.sentTo : null,
          });
        }
      }
  });
});

describe('the email-submit page’s callbacks send the table’s events', () => {
  it('typing and submitting', () => {
    const sent: EmailSubmitEvent[] = [];
    const on = emailSubmitCallbacks((event) => sent.push(event));
    on.onEmailChange(' ada@example.com');
    on.onSubmit();
    expect(sent).toEqual([{ type: 'email.change', value: ' ada@example.com' }, { type: 'submit' }]);
  });
});
