/**
 * Path tests of the upsell chain: every path xstate/graph builds from the story's events, replayed on a real
 * actor, checked at each step against an oracle written here from the spec (spec 1 §2, §4, §9; spec 3 §2):
 * where the visitor goes (the injected navigate), the step, the visit window of the anchor reserve, what is
 * persisted. An edge-coverage check proves every transition was walked. Unit tests of the rules follow.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import type { CartModel, UpsellConfig } from '../../api/models';
import { toUpsellConfig } from '../../api/upsells';
import {
  anchorVisit,
  expressCheckoutFrom,
  isEventRoute,
  SAME_START_WINDOW_MS,
  visitWindow,
} from '../../machines/upsell/rules';
import type { UpsellStored } from '../../machines/upsell/types';
import { upsellMachine } from '../../machines/upsell/upsell.machine';
import { selectUpsellView } from '../../machines/upsell/view';
import {
  ANCHOR,
  anchorCart,
  CONFIG,
  inputs,
  pathEvents,
  TZ,
  type UpsellSnap,
  undatedCart,
  VISIT,
} from '../../stories/fixtures/upsell';
import { recordCoverage } from './coverage';
import {
  createReplayRunner,
  flush,
  type ReplayRunner,
  transitionDefinitions,
  walkMachinePaths,
} from './graph-helpers';

type Runner = ReplayRunner<typeof upsellMachine>;

// ---- the oracle ------------------------------------------------------------------------------------------

interface Oracle {
  loaded: boolean;
  config: UpsellConfig | null;
  step: number | null;
  window: { start: string; end: string } | null;
  express: boolean;
}

/** Where the oracle expects the visitor to be sent by an event, and the state after it. */
function oracleStep(
  o: Oracle,
  e: EventObject & Record<string, unknown>,
): { next: Oracle; go: string | null } {
  const clear = { ...o, step: null, window: null };
  const checkout = (next: Oracle) => ({ next, go: '/checkout' });
  if (e.type === 'xstate.done.actor.loadConfig' || e.type === 'xstate.error.actor.loadConfig') {
    const config = e.type === 'xstate.done.actor.loadConfig' ? (e.output as UpsellConfig | null) : null;
    const keep = o.step !== null && config !== null && o.step < config.steps.length;
    return { next: { ...(keep ? o : clear), loaded: true, config }, go: null };
  }
  switch (e.type) {
    case 'expresscheckout.set':
      return { next: { ...o, express: e.on as boolean }, go: null };
    case 'route.left':
    case 'chain.clear':
      return { next: clear, go: null };
    case 'reserved': {
      if (!o.loaded) return { next: o, go: '/checkout' };
      const cart = e.cart as CartModel;
      if (o.step === null) {
        // Spec: a reserve of an anchor with a dated visit starts the chain, unless skipped or express.
        const dated = cart.items.some((i) => i.eventId === e.eventId && i.start !== null);
        const anchor = o.config?.anchorEventIds.includes(e.eventId as string) ?? false;
        if (o.config && anchor && dated && !e.skipUpsells && !o.express) {
          return { next: { ...o, step: 0, window: { start: VISIT.start, end: VISIT.end } }, go: '/events' };
        }
        return { next: o, go: '/checkout' };
      }
      if (e.skipUpsells || o.express) return checkout(clear);
      return advance(o);
    }
    case 'addon.skip':
      return advance(o);
    case 'addons.none':
      return checkout(clear);
  }
  return { next: o, go: null };
}

function advance(o: Oracle): { next: Oracle; go: string | null } {
  const last = (o.config?.steps.length ?? 0) - 1;
  if (o.step !== null && o.step < last) return { next: { ...o, step: o.step + 1 }, go: '/events' };
  return { next: { ...o, step: null, window: null }, go: '/checkout' };
}

// ---- replay with the oracle ---------------------------------------------------------------------------------

function oracleFor(input: (typeof inputs)[number]['input']): Oracle {
  const chain = input.stored?.chain ?? null;
  return {
    loaded: false,
    config: null,
    step: chain?.step ?? null,
    window: chain ? { start: chain.window.start, end: chain.window.end } : null,
    express: input.stored?.expressCheckout ?? false,
  };
}

function check(snap: UpsellSnap, o: Oracle, go: string | null, sent: string[], stored: UpsellStored[]) {
  const { chain, expressCheckout } = snap.context;
  expect(chain?.step ?? null).toBe(o.step);
  expect(chain ? { start: chain.window.start, end: chain.window.end } : null).toEqual(o.window);
  expect(expressCheckout).toBe(o.express);
  // The state follows the chain once the configuration is known.
  expect(snap.value).toBe(!o.loaded ? 'loading' : o.step === null ? 'idle' : 'chain');
  // Exactly the navigation the oracle expects: none, or one.
  expect(sent).toEqual(go ? [go] : []);
  // What was stored last in this step is the context (chain and express flag).
  const last = stored.at(-1);
  if (last) expect(last).toEqual({ chain, expressCheckout });
  // A chain change is always persisted.
  const view = selectUpsellView(snap);
  expect(view.position).toEqual(
    o.step === null || !o.config ? null : { current: o.step + 1, total: o.config.steps.length },
  );
  expect(view.step?.filter).toEqual(o.step === null || !o.config ? undefined : o.config.steps[o.step]);
  expect(view.expressCheckout).toBe(o.express);
  expect(JSON.parse(JSON.stringify(snap.context))).toEqual(snap.context);
}

describe('upsell chain paths', () => {
  it('config is clean data and every state is described', () => {
    const parsed = JSON.parse(JSON.stringify(upsellMachine.config)) as {
      states: Record<string, { description?: string }>;
    };
    expect(Object.keys(parsed.states).sort()).toEqual(['chain', 'idle', 'loading']);
    for (const state of Object.values(parsed.states)) expect(state.description).toBeTruthy();
  });

  it('walks every transition on a real actor, matching the oracle at every step (edge coverage)', async () => {
    const taken = new Set<string>();
    let paths = 0;
    for (const { input } of inputs) {
      // Navigations and persisted values since the last step (paths replay one at a time).
      const sent: string[] = [];
      const stored: UpsellStored[] = [];
      const oracles = new WeakMap<Runner, Oracle>();
      const report = await walkMachinePaths({
        machine: upsellMachine,
        inputs: [input],
        events: pathEvents,
        provide: {
          actions: {
            navigate: (_, params) => sent.push(params.to),
            persist: ({ context }) =>
              stored.push({ chain: context.chain, expressCheckout: context.expressCheckout }),
          },
        },
        onStep: (runner, _expected, event) => {
          const { next, go } = oracleStep(
            oracles.get(runner) ?? oracleFor(input),
            event as EventObject & Record<string, unknown>,
          );
          check(runner.actor.getSnapshot(), next, go, sent.splice(0), stored.splice(0));
          oracles.set(runner, next);
        },
      });
      expect(report.uncoveredEdges).toEqual([]);
      for (const key of report.taken) taken.add(key);
      paths += report.paths;
    }
    const all = [...transitionDefinitions(upsellMachine).keys()];
    expect(all.filter((key) => !taken.has(key))).toEqual([]);
    recordCoverage('upsell', {
      paths,
      steps: 0,
      states: 0,
      edges: 0,
      uncoveredEdges: [],
      transitions: all.length,
      untakenTransitions: [],
      taken: [...taken].sort(),
      unusedExclusions: [],
    });
  });

  it('tells the route where to go through the injected navigate', async () => {
    const to: string[] = [];
    const runner = createReplayRunner(upsellMachine, {
      input: { stored: null },
      provide: { actions: { navigate: (_, params) => to.push(params.to) } },
    });
    await runner.controls.resolve('loadConfig', CONFIG);
    runner.actor.send({ type: 'reserved', cart: anchorCart, eventId: ANCHOR });
    runner.actor.send({ type: 'addon.skip' });
    runner.actor.send({ type: 'addon.skip' });
    await flush();
    expect(to).toEqual(['/events', '/events', '/checkout']);
    runner.actor.stop();
  });
});

describe('upsell rules', () => {
  const visit = { start: '2026-11-22T15:00:00.000Z', end: '2026-11-22T17:00:00.000Z', timezone: TZ };

  it('builds the visit window per mode (spec 1 §9)', () => {
    expect(visitWindow('timeslot', visit)).toEqual(visit);
    expect(visitWindow('same_start', visit)).toEqual({ ...visit, end: '2026-11-22T15:01:00.000Z' });
    expect(Date.parse(visitWindow('same_start', visit).end) - Date.parse(visit.start)).toBe(
      SAME_START_WINDOW_MS,
    );
    // The venue day: midnight to midnight in New York.
    expect(visitWindow('same_date', visit)).toEqual({
      start: '2026-11-22T05:00:00.000Z',
      end: '2026-11-23T05:00:00.000Z',
      timezone: TZ,
    });
    expect(visitWindow('until_close', visit)).toEqual({ ...visit, end: '2026-11-23T05:00:00.000Z' });
    // A timeslot without an end runs to the end of the day.
    expect(visitWindow('timeslot', { ...visit, end: null }).end).toBe('2026-11-23T05:00:00.000Z');
  });

  it('finds the anchor visit in the cart; none for undated tickets', () => {
    expect(anchorVisit(anchorCart, ANCHOR)).toEqual(visit);
    expect(anchorVisit(undatedCart, ANCHOR)).toBeNull();
    expect(anchorVisit(anchorCart, 'other')).toBeNull();
  });

  it('reads ?expresscheckout with the flag words, and knows the event routes', () => {
    expect(expressCheckoutFrom('expresscheckout')).toBe(true);
    expect(expressCheckoutFrom('expresscheckout=yes')).toBe(true);
    expect(expressCheckoutFrom('expresscheckout=0')).toBe(false);
    expect(expressCheckoutFrom('category=Shows')).toBeNull();
    expect(isEventRoute('/events')).toBe(true);
    expect(isEventRoute('/events/e1/gift')).toBe(true);
    expect(isEventRoute('/checkout')).toBe(false);
    expect(isEventRoute('/eventsx')).toBe(false);
  });
});

describe('upsells configuration', () => {
  it('reads the seller config, dropping malformed values', () => {
    expect(toUpsellConfig(JSON.stringify({ steps: [{ category: ['Tours'] }] }))).toEqual({
      visitTime: 'timeslot',
      anchorEventIds: [],
      steps: [{ categories: ['Tours'], meta: {} }],
    });
    expect(
      toUpsellConfig({
        visit_time: 'same_start',
        anchor_event_ids: ['a'],
        steps: [{ meta: { audience: ['family'] } }],
      }),
    ).toEqual({
      visitTime: 'same_start',
      anchorEventIds: ['a'],
      steps: [{ categories: [], meta: { audience: ['family'] } }],
    });
    for (const bad of [
      null,
      'not json',
      { steps: [] },
      { visit_time: 'whenever', steps: [{}] },
      { steps: [{ category: [''] }] },
      { steps: [{ category: 'Tours' }] },
      { steps: [{ meta: { k: [1] } }] },
      { anchor_event_ids: [7], steps: [{}] },
      { steps: Array.from({ length: 21 }, () => ({})) },
      { steps: [{ category: ['x'.repeat(201)] }] },
    ]) {
      expect(toUpsellConfig(bad)).toBeNull();
    }
  });
});
