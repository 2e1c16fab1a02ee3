/**
 * The app root actor (DESIGN "App-wide actors"): it owns the cart, the member session and the modal stack as
 * children with the system ids the screens look them up by, and hands the cart and the session what the route
 * read from storage. Held to that from the outside: each child is a stub that keeps the input it was given.
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, setup } from 'xstate';
import { appMachine } from '../../machines/app/app.machine';
import { APP_ACTORS, type AppInput } from '../../machines/app/types';
import type { MemberSession } from '../../machines/session/types';

/** A child that only keeps its input, so the test reads what the app handed it. */
const keepsInput = setup({
  types: { context: {} as { input: unknown }, input: {} as unknown },
}).createMachine({
  context: ({ input }) => ({ input }),
});

function start(input: AppInput) {
  const app = createActor(
    appMachine.provide({ actors: { cart: keepsInput, session: keepsInput, modals: keepsInput } as never }),
    { input },
  ).start();
  const inputOf = (ref: AnyActorRef | undefined) =>
    (ref?.getSnapshot() as { context: { input: unknown } } | undefined)?.context.input;
  return { app, inputOf };
}

const member = { userId: 'u1', identityId: 'i1' } as unknown as MemberSession;

describe('the app root actor', () => {
  it('owns the cart, the session and the modal stack under their system ids and child ids', () => {
    const { app } = start({ storedCartId: null });
    expect(APP_ACTORS).toEqual({ cart: 'cart', session: 'session', modals: 'modals' });
    for (const name of ['cart', 'session', 'modals'] as const) {
      const bySystem = app.system.get(APP_ACTORS[name]);
      expect(bySystem, name).toBeDefined();
      expect(app.getSnapshot().children[name], name).toBe(bySystem);
    }
    expect(Object.keys(app.getSnapshot().children).sort()).toEqual(['cart', 'modals', 'session']);
    app.stop();
  });

  it('hands the cart its stored id (and more time only when the seller offers it), the session its stored member', () => {
    const plain = start({ storedCartId: 'c1', storedSession: member });
    expect(plain.app.getSnapshot().context).toEqual({ storedCartId: 'c1', storedSession: member });
    expect(plain.inputOf(plain.app.system.get('cart'))).toEqual({ storedCartId: 'c1' });
    expect(plain.inputOf(plain.app.system.get('session'))).toEqual({ stored: member });
    plain.app.stop();

    const more = start({ storedCartId: null, allowMoreTime: true });
    expect(more.app.getSnapshot().context).toEqual({
      storedCartId: null,
      storedSession: null,
      allowMoreTime: true,
    });
    expect(more.inputOf(more.app.system.get('cart'))).toEqual({ storedCartId: null, allowMoreTime: true });
    expect(more.inputOf(more.app.system.get('session'))).toEqual({ stored: null });
    more.app.stop();

    const notOffered = start({ storedCartId: 'c2', allowMoreTime: false });
    expect(notOffered.app.getSnapshot().context).toEqual({ storedCartId: 'c2', storedSession: null });
    expect(notOffered.inputOf(notOffered.app.system.get('cart'))).toEqual({ storedCartId: 'c2' });
    notOffered.app.stop();
  });
});
