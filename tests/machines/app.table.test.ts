/**
 * The app root actor held to its independent table (issue 29, ./app.table.ts, from DESIGN "App-wide actors" and
 * spec 3 §3): for every input, its start (its context, and the children it invokes in order with their ids,
 * system ids and inputs, and nothing else); for every input and event, nothing changes and nothing is called.
 */
import { describe, expect, it } from 'vitest';
import { appMachine } from '../../machines/app/app.machine';
import { actualStart, actualStep, events, expectedStart, inputs } from './app.table';

describe('the app root actor held to its table (DESIGN "App-wide actors", spec 3 §3)', () => {
  it('has no states and no final state: it lives as long as the page', () => {
    expect(Object.keys(appMachine.root.states)).toEqual([]);
    expect(appMachine.root.type).toBe('atomic');
  });

  it.each(inputs)(
    'starts ($name): its context, and the cart, the session and the modals in order',
    ({ input }) => {
      const steps = actualStart(appMachine, input);
      const expected = expectedStart(input);
      expect(steps.map((s) => s.value)).toEqual([{}]);
      expect(steps.at(-1)?.context).toEqual(expected.context);
      expect(steps.flatMap((s) => s.calls)).toEqual(expected.calls);
    },
  );

  it('ignores every event: nothing changes, nothing is called', () => {
    for (const { name, input } of inputs) {
      const { context } = expectedStart(input);
      for (const event of events)
        for (const s of actualStep(appMachine, context, event)) {
          expect(s.value, `${event.type} in ${name}`).toEqual({});
          expect(s.context, `${event.type} in ${name}`).toEqual(context);
          expect(s.calls, `${event.type} in ${name}`).toEqual([]);
        }
    }
  });
});
