/**
 * Path tests of the listing machine: paths from the story's events replayed on a real actor, checked at each
 * step against the pure rules as the oracle (the request a query asks for, reload only when it changes, the
 * upsell step with no events ending in `noAddOns`), plus the view model; an edge-coverage check proves every
 * transition was walked.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { listingMachine } from '../../machines/listing/listing.machine';
import { listingRequest, parseListingQuery } from '../../machines/listing/rules';
import type { LoadListingInput } from '../../machines/listing/types';
import { selectListingView } from '../../machines/listing/view';
import { inputs, loads, pathEvents, serializeListing } from '../../stories/fixtures/listing';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof listingMachine>;

describe('listing paths', () => {
  it('walks every transition on a real actor, checking the oracle at every step (edge coverage)', async () => {
    // Calls of the injected action since the last step (paths replay one at a time).
    const noAddOns: number[] = [];
    const loadsSeen = new WeakMap<Runner, number>();
    const report = await walkMachinePaths({
      machine: listingMachine,
      inputs: inputs.map((i) => i.input),
      events: pathEvents,
      serializeState: serializeListing,
      provide: { actions: { noAddOns: () => noAddOns.push(1) } },
      onStep: (runner, _expected, event) => {
        const fired = noAddOns.splice(0).length;
        const snap = runner.actor.getSnapshot();
        const { context } = snap;
        const e = event as EventObject & { search?: string };
        // The request always follows the query (an upsell step's own filters win).
        expect(context.request).toEqual(listingRequest(parseListingQuery(context.search), context.scope));
        if (e.type === 'query.changed') expect(context.search).toBe(e.search);
        // A new load starts exactly when the request changed, or on retry.
        const calls = runner.controls.calls.filter((c) => c.src === 'loadListing');
        const before = loadsSeen.get(runner) ?? 1;
        loadsSeen.set(runner, calls.length);
        const last = calls.at(-1)?.input as LoadListingInput | undefined;
        if (calls.length > before) {
          expect(snap.value).toBe('loading');
          expect(last?.request).toEqual(context.request);
          expect(last?.categoriesToo).toBe(
            context.scope.chain === null &&
              (context.request.categories ?? context.request.meta ?? context.request.sessionsFrom) !==
                undefined,
          );
        }
        if (e.type === 'retry') expect(calls.length).toBe(before + 1);
        // An upsell step with no events goes on (to checkout); a plain listing shows the empty state.
        const view = selectListingView(snap);
        expect(fired).toBe(snap.value === 'noAddOns' && e.type === 'xstate.done.actor.loadListing' ? 1 : 0);
        if (snap.value === 'noAddOns') {
          expect(context.scope.chain).not.toBeNull();
          expect(view.status).toBe('redirecting');
        }
        if (snap.value === 'ready') {
          expect(view.status).toBe('ready');
          if (view.events.length === 0) {
            expect(view.empty).not.toBeNull();
          }
          expect(view.upsellStep).toBe(context.scope.chain !== null);
          expect(view.dates === null).toBe(context.scope.chain !== null);
        }
        expect(JSON.parse(JSON.stringify(context))).toEqual(context);
      },
    });
    assertFullCoverage(report);
    recordCoverage('listing', report);
  });
});

describe('listing examples', () => {
  const guest = inputs[0]?.input;
  const step = inputs[1]?.input;
  if (!guest || !step) throw new Error('fixtures');

  it('a category filter also loads the categories; a time-only change narrows without a new call', async () => {
    const runner = createReplayRunner(listingMachine, {
      input: { ...guest, search: 'category=Guided+Tours' },
    });
    expect(runner.controls.calls.at(-1)?.input).toEqual({
      request: { categories: ['Guided Tours'] },
      categoriesToo: true,
    });
    await runner.controls.resolve('loadListing', {
      ...loads.some,
      categories: ['Admission', 'Guided Tours'],
    });
    runner.actor.send({ type: 'query.changed', search: 'date=tomorrow' });
    await runner.controls.resolve('loadListing', loads.some);
    const calls = runner.controls.calls.length;
    runner.actor.send({ type: 'query.changed', search: 'date=tomorrow&time.start=11:30&time.end=12:00' });
    expect(runner.controls.calls.length).toBe(calls);
    const view = selectListingView(runner.actor.getSnapshot());
    // 11:30 to 12:00 in New York: only the tour's 11:30 session.
    expect(view.events.map((e) => e.id)).toEqual(['tour']);
    expect(view.time?.steps).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00', '12:30']);
    expect(view.categories).toEqual({ options: ['Admission', 'Guided Tours'], selected: null });
    runner.actor.stop();
  });

  it('metadata filters with nothing listed read See all and clear to the unfiltered listing', async () => {
    const runner = createReplayRunner(listingMachine, {
      input: { ...guest, search: 'audience=nobody&inspect=1' },
    });
    await runner.controls.resolve('loadListing', loads.none);
    const view = selectListingView(runner.actor.getSnapshot());
    expect(view.empty).toEqual({ clearSearch: 'inspect=1', seeAll: true });
    runner.actor.stop();
  });

  it('an upsell step links events to the visit day and hides the time filter for same_start', async () => {
    const runner = createReplayRunner(listingMachine, { input: { ...step, visitTime: 'same_start' } });
    await runner.controls.resolve('loadListing', loads.some);
    const view = selectListingView(runner.actor.getSnapshot());
    expect(view.eventQuery).toBe('date=2026-11-22');
    expect(view.time).toBeNull();
    expect(view.categories).toBeNull();
    runner.actor.stop();
  });
});
