/**
 * The address lookup (`addressLookup`; spec 1 §4 "Address input", §5, §7, §8, §9; issue 23): every path of its
 * story replayed on a real actor with a simulated clock, an oracle written from the spec checked at each step:
 * a Find is called only with the field focused, at least 4 characters (trimmed) other than the address selected,
 * and never sooner than 300 ms after the last keystroke; it carries the country and the trimmed text (and the
 * container picked); a Retrieve carries the id of the address picked, which goes to the form whole; 'No addresses
 * found' when nothing matches; a failed lookup leaves manual entry for good and says so; at most one call on its
 * way. Then the edge-coverage check.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { addressLookupMachine } from '../../machines/addressLookup/addressLookup.machine';
import type { AddressSuggestion, RetrievedAddress } from '../../machines/addressLookup/types';
import { selectAddressLookupView } from '../../machines/addressLookup/view';
import '../../ui/checkout/address-strings';
import { type AddressLookupSnap, inputs, pathEvents, RETRIEVED } from '../../stories/fixtures/addressLookup';
import { createStrings, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import {
  assertFullCoverage,
  createReplayRunner,
  flush,
  type ReplayRunner,
  walkMachinePaths,
} from './graph-helpers';

type Runner = ReplayRunner<typeof addressLookupMachine>;
const T = createStrings();
const SPEC = { minChars: 4, debounceMs: 300 };

interface Oracle {
  country: string;
  text: string;
  picked: string | null;
  focused: boolean;
  /** Simulated time of the last keystroke (or the focus that made a Find due). */
  typedAt: number;
  container: string | null;
  shown: AddressSuggestion[];
  manual: boolean;
  finds: number;
  retrieves: number;
}
const oracles = new WeakMap<Runner, Oracle>();
const pickedBy = new WeakMap<object, RetrievedAddress[]>();
const provide = (clock: object) => {
  const picked: RetrievedAddress[] = [];
  pickedBy.set(clock, picked);
  return {
    actions: {
      addressPicked: (_: unknown, params: { address: RetrievedAddress }) => {
        picked.push(params.address);
      },
    },
  };
};
const due = (o: Oracle, text: string, focused: boolean) =>
  focused && text.trim().length >= SPEC.minChars && text !== o.picked;

function onStep(runner: Runner, _expected: AddressLookupSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const now = runner.clock.now();
  const o: Oracle = oracles.get(runner) ?? {
    country: snapshot.context.country,
    text: snapshot.context.picked ?? '',
    picked: snapshot.context.picked,
    focused: false,
    typedAt: 0,
    container: null,
    shown: [],
    manual: false,
    finds: 0,
    retrieves: 0,
  };
  oracles.set(runner, o);
  const ev = event as EventObject & { value?: string; index?: number; output?: unknown };
  const view = selectAddressLookupView(snapshot);
  const calls = runner.controls.calls;
  const finds = calls.filter((c) => c.src === 'find');
  const retrieves = calls.filter((c) => c.src === 'retrieve');

  if (o.manual) {
    // Manual entry is for good: nothing more is looked up.
    expect(view.manual).toBe(true);
    expect(finds.length).toBe(o.finds);
    expect(retrieves.length).toBe(o.retrieves);
    return;
  }
  if (event.type === 'text.change' && !o.manual) {
    o.text = ev.value ?? '';
    o.container = null;
    if (due(o, o.text, o.focused)) o.typedAt = now;
  }
  if (event.type === 'focus' && !o.focused) {
    o.focused = true;
    if (due(o, o.text, true)) o.typedAt = now;
  }
  if (event.type === 'pick') {
    const s = o.shown[ev.index ?? -1];
    if (s && s.type !== 'Address') {
      o.container = s.id;
      expect(finds.length, 'a container is found into at once').toBe(o.finds + 1);
    }
    if (s && s.type === 'Address') {
      expect(retrieves.length).toBe(o.retrieves + 1);
      expect(retrieves.at(-1)?.input).toEqual({ id: s.id });
      o.retrieves++;
    }
  }
  // Each new Find: due, after the pause (or a container picked), with the country, the trimmed text, the container.
  if (finds.length > o.finds) {
    expect(finds.length).toBe(o.finds + 1);
    if (event.type !== 'pick') {
      expect(due(o, o.text, o.focused), 'a Find only when due').toBe(true);
      expect(
        now - o.typedAt,
        'a Find never sooner than 300 ms after the last keystroke',
      ).toBeGreaterThanOrEqual(SPEC.debounceMs);
    }
    expect(finds.at(-1)?.input).toEqual({
      country: o.country,
      text: o.text.trim(),
      ...(o.container ? { container: o.container } : {}),
    });
    o.finds++;
  }
  expect(finds.length).toBe(o.finds);
  expect(retrieves.length).toBe(o.retrieves);
  // At most one call on its way.
  expect(
    Number(runner.controls.isPending('find')) + Number(runner.controls.isPending('retrieve')),
  ).toBeLessThanOrEqual(1);

  if (event.type === 'xstate.done.actor.find') {
    o.shown = ev.output as AddressSuggestion[];
    const text = view.notice && resolveMessage(T, view.notice);
    expect(text).toBe(
      o.shown.length === 0
        ? 'No addresses found'
        : `${o.shown.length} addresses found. Use the arrow keys to choose one.`,
    );
    expect(view.expanded).toBe(o.shown.length > 0);
  }
  if (event.type === 'xstate.done.actor.retrieve') {
    const address = ev.output as RetrievedAddress;
    expect(pickedBy.get(runner.clock)?.at(-1)).toEqual(address);
    o.picked = address.line1;
    o.text = address.line1;
    o.container = null;
    o.shown = [];
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    expect(view.manual).toBe(true);
    expect(view.notice && resolveMessage(T, view.notice)).toBe(
      'We could not look up addresses just now. Please enter your address yourself.',
    );
    o.manual = true;
    o.shown = [];
  }
  if (event.type === 'manual') {
    expect(view.manual).toBe(true);
    expect(view.notice).toBeNull();
    o.manual = true;
    o.shown = [];
  }
  if (event.type === 'text.change' && !due(o, o.text, o.focused)) o.shown = [];
  // The view at every step.
  expect(view.busy).toBe(runner.controls.isPending('find') || runner.controls.isPending('retrieve'));
  expect(view.suggestions.map((s) => s.id)).toEqual(o.shown.map((s) => s.id));
  expect(view.suggestions.map((s) => s.container)).toEqual(o.shown.map((s) => s.type !== 'Address'));
  if (!view.suggestions.length) expect(view.expanded).toBe(false);
}

describe('address lookup: the debounce on the simulated clock', () => {
  it('a Find 300 ms after the last keystroke, not at 299; a keystroke meanwhile waits again', async () => {
    const runner = createReplayRunner(addressLookupMachine, { input: inputs[0] as never, provide });
    runner.actor.send({ type: 'focus' });
    runner.actor.send({ type: 'text.change', value: '12 Ma' });
    runner.clock.increment(299);
    await flush();
    runner.actor.send({ type: 'text.change', value: '12 Mai' });
    runner.clock.increment(299);
    await flush();
    expect(runner.controls.calls).toEqual([]);
    runner.clock.increment(1);
    await flush();
    expect(runner.controls.calls).toEqual([{ src: 'find', input: { country: 'USA', text: '12 Mai' } }]);
    // Typing while it is on its way drops it; three characters find nothing.
    runner.actor.send({ type: 'text.change', value: '12 ' });
    expect(runner.controls.isPending('find')).toBe(false);
    runner.clock.increment(1000);
    await flush();
    expect(runner.controls.calls).toHaveLength(1);
    runner.actor.stop();
  });

  it('the address picked fills the form and is not looked up again', async () => {
    const runner = createReplayRunner(addressLookupMachine, { input: inputs[0] as never, provide });
    runner.actor.send({ type: 'focus' });
    runner.actor.send({ type: 'text.change', value: '12 Main' });
    runner.clock.increment(300);
    await flush();
    await runner.controls.resolve('find', [
      { id: 'a-12', type: 'Address', text: RETRIEVED.line1, description: 'Springfield' },
    ]);
    runner.actor.send({ type: 'pick', index: 0 });
    await runner.controls.resolve('retrieve', RETRIEVED);
    expect(pickedBy.get(runner.clock)).toEqual([RETRIEVED]);
    runner.actor.send({ type: 'text.change', value: RETRIEVED.line1 });
    runner.clock.increment(1000);
    await flush();
    expect(runner.controls.calls.map((c) => c.src)).toEqual(['find', 'retrieve']);
    runner.actor.stop();
  });
});

describe('address lookup paths', () => {
  it('walks every transition for both inputs on a simulated clock, the oracle holding at each step', async () => {
    const report = await walkMachinePaths({
      machine: addressLookupMachine,
      inputs,
      events: pathEvents,
      provide,
      onStep,
    });
    assertFullCoverage(report);
    recordCoverage('addressLookup', report);
    expect(report.paths).toBeGreaterThan(0);
  });
});
