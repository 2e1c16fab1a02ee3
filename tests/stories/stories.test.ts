/**
 * The story viewer's model of stepping and walking: every registered machine has a story, its paths come
 * from xstate/graph and replay on a real actor with the story's fakes to the state they promise, and the
 * deep link (machine, input, path, step, events) round-trips through the URL.
 */
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines';
import { valueLabel } from '../../machines/shared/value-label';
import { componentStories } from '../../stories/components';
import { T0 } from '../../stories/fixtures/cart';
import { createStoryRunner } from '../../stories/fixtures/story';
import { storyPaths } from '../../stories/paths';
import { formatQuery, parseQuery } from '../../stories/query';
import { flush } from '../../stories/replay';
import { stories } from '../../stories/stories';

describe('stories', () => {
  it('has a story for every registered machine, in the registry order', () => {
    expect(Object.keys(stories)).toEqual(Object.keys(machines));
    for (const [id, story] of Object.entries(stories)) {
      expect(story.machine.id).toBe(id);
      expect(story.inputs.length).toBeGreaterThan(0);
    }
  });

  it('lists the shortest paths and the cart simple paths to the expiry modal, and each replays to its end', async () => {
    const story = stories.cart;
    if (!story) throw new Error('no cart story');
    const paths = storyPaths(story, 0);
    const simple = paths.filter((p) => p.id.startsWith('p0.'));
    expect(simple.length).toBeGreaterThanOrEqual(3);
    for (const path of simple) expect(path.label).toBe('expired');
    const shortest = paths.filter((p) => p.id.startsWith('s'));
    expect(new Set(shortest.map((p) => p.label))).toContain('active.idle');
    for (const path of [...simple, ...shortest.slice(0, 5)]) {
      const runner = createStoryRunner(story, 0);
      for (const [i, event] of path.events.entries()) {
        await runner.execute(event);
        expect(valueLabel(runner.actor.getSnapshot().value), `${path.id} step ${i + 1}`).toBe(
          valueLabel(path.values[i + 1]),
        );
      }
      runner.actor.stop();
    }
  });

  it('steps the cart on the simulated clock: a time event sets the clock, the real watcher expires the cart', async () => {
    const story = stories.cart;
    if (!story) throw new Error('no cart story');
    const path = storyPaths(story, 0).find((p) => p.id.startsWith('p0.'));
    if (!path) throw new Error('no path to the expiry modal');
    const runner = createStoryRunner(story, 0);
    expect(runner.clock.now()).toBe(T0);
    for (const event of path.events) await runner.execute(event);
    const snapshot = runner.actor.getSnapshot();
    expect(snapshot.value).toBe('expired');
    expect(runner.clock.now()).toBe(snapshot.context.localExpiresAt);
    runner.actor.stop();
  });

  it('starts every story on a real actor; the app root runs its children (the cart loads c1 and is armed)', async () => {
    for (const [id, story] of Object.entries(stories)) {
      for (const index of story.inputs.keys()) {
        const runner = createStoryRunner(story, index);
        await flush();
        expect(runner.actor.getSnapshot().status, `${id} input ${index}`).toBe('active');
        runner.actor.stop();
      }
    }
    const app = stories.app;
    if (!app) throw new Error('no app story');
    const runner = createStoryRunner(app, 0);
    await flush();
    const children = runner.actor.getSnapshot().children as Record<
      string,
      { getSnapshot(): { value: unknown; context: Record<string, unknown> } }
    >;
    expect(Object.keys(children).sort()).toEqual(['cart', 'modals', 'session']);
    const cart = children.cart?.getSnapshot();
    expect(cart?.value).toEqual({ active: 'idle' });
    expect(cart?.context.localExpiresAt).toBe(T0 + 900_000 - 5_000);
    expect(children.session?.getSnapshot().value).toBe('guest');
    expect(children.modals?.getSnapshot().value).toBe('closed');
    runner.actor.stop();
  });

  it('has component stories with unique ids', () => {
    const ids = componentStories.map((story) => story.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const name of ['CartWidget', 'DateFirstReserve', 'EventList', 'CheckoutView', 'NotFound']) {
      expect(ids.some((id) => id.startsWith(`${name}/`))).toBe(true);
    }
  });

  it('reads its state value as dotted paths', () => {
    expect(valueLabel('closed')).toBe('closed');
    expect(valueLabel({ active: 'idle' })).toBe('active.idle');
    expect(valueLabel({ picking: { session: { loaded: 'choosing' } } })).toBe(
      'picking.session.loaded.choosing',
    );
  });

  it('round-trips the deep link', () => {
    const query = {
      machine: 'cart',
      component: null,
      input: 1,
      path: 'p0.2',
      step: 3,
      events: [{ type: 'cart.remove', ticketIds: ['t1'] }],
    };
    expect(parseQuery(formatQuery(query))).toEqual(query);
    expect(parseQuery('machine=modals&events=not-json')).toEqual({
      machine: 'modals',
      component: null,
      input: 0,
      path: null,
      step: 0,
      events: [],
    });
  });
});
