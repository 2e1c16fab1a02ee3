/**
 * Following an app-wide actor (the cart, the session) from inside a flow (DESIGN "Flows follow app-wide actors
 * inside their machines"): a callback actor the flow invokes with the app actor's ref as input, which turns each
 * snapshot of it into an event for the flow, sent only when what the event carries changed. No effect in a
 * route copies one actor's state into another. Without a ref (tests, stories) it does nothing.
 */
import { type AnyActorRef, type EventObject, fromCallback } from 'xstate';

export interface FollowInput {
  /** The followed actor (e.g. the app cart, systemId `cart`), or null. */
  actor: AnyActorRef | null;
}

/** Whether two events carry the same values (compared one key at a time, by identity). */
function sameEvent(a: EventObject, b: EventObject): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (key) =>
        (a as unknown as Record<string, unknown>)[key] === (b as unknown as Record<string, unknown>)[key],
    )
  );
}

/** A callback actor forwarding `toEvent(snapshot)` of the followed actor (null: nothing to say). */
export function followActor<TSnapshot, TEvent extends EventObject>(
  toEvent: (snapshot: TSnapshot) => TEvent | null,
) {
  return fromCallback<EventObject, FollowInput>(({ input, sendBack }) => {
    if (!input.actor) return;
    let last: TEvent | null = null;
    const subscription = input.actor.subscribe((snapshot: TSnapshot) => {
      const event = toEvent(snapshot);
      if (event === null || (last !== null && sameEvent(last, event))) return;
      last = event;
      sendBack(event);
    });
    return () => subscription.unsubscribe();
  });
}
