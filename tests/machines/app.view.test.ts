/**
 * The app root's view model (machines/app/view.ts): the story viewer's only reading of the app. Each app-wide
 * child in order, with the system id it is looked up by and its state as dotted paths, read from the running
 * app (children stubbed with known states, then the real children the story starts).
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, SimulatedClock, setup, waitFor } from 'xstate';
import { appMachine } from '../../machines/app/app.machine';
import { selectAppView } from '../../machines/app/view';
import { provideAppChildren } from '../../stories/fixtures/app';

const nested = setup({}).createMachine({
  initial: 'loaded',
  states: { loaded: { initial: 'active', states: { active: {} } } },
});
const flat = setup({}).createMachine({ initial: 'loggedOut', states: { loggedOut: {} } });
const noState = fromCallback(() => undefined);

describe('the app view', () => {
  it('lists the cart, the session and the modal stack in order, each with its system id and state', () => {
    const app = createActor(
      appMachine.provide({ actors: { cart: nested, session: flat, modals: noState } as never }),
      { input: { storedCartId: null } },
    ).start();
    expect(selectAppView(app.getSnapshot())).toEqual({
      children: [
        { name: 'cart', systemId: 'cart', state: 'loaded.active' },
        { name: 'session', systemId: 'session', state: 'loggedOut' },
        { name: 'modals', systemId: 'modals', state: '' },
      ],
    });
    app.stop();
  });

  it('reads the real children as they run: the stored cart loads, no member, no modal', async () => {
    const app = createActor(appMachine.provide(provideAppChildren(new SimulatedClock()) as never), {
      input: { storedCartId: 'c1' },
    }).start();
    const before = selectAppView(app.getSnapshot()).children.map((c) => c.state);
    expect(before[0]).toMatch(/^loading/);
    await waitFor(
      app.system.get('cart') as AnyActorRef,
      () => !selectAppView(app.getSnapshot()).children[0]?.state.startsWith('loading'),
    );
    const after = selectAppView(app.getSnapshot()).children;
    expect(after.map((c) => c.name)).toEqual(['cart', 'session', 'modals']);
    expect(after[0]?.state).not.toMatch(/^loading/);
    // No stored member: a guest; no modal open: the stack is closed.
    expect(after[1]?.state).toBe('guest');
    expect(after[2]?.state).toBe('closed');
    app.stop();
  });
});
