/**
 * Holds the app's upsell chain actor, which loads on demand (`upsell-actor.ts`, its own chunk) right after
 * start-up: screens read it when it is there, events sent before are delivered once it is, and a failed load
 * leaves the visitor without upsells (a reserve then goes straight to checkout).
 */
import type { UpsellEvent } from '../../machines/upsell/types';
import type { UpsellActorRef } from './upsell-actor';

export interface UpsellHost {
  /** The actor once loaded, else null. */
  get(): UpsellActorRef | null;
  /** Resolves with the actor (rejects when its code could not load). */
  ready: Promise<UpsellActorRef>;
  /** Sends now, or once loaded. */
  send(event: UpsellEvent): void;
  /** Calls `listener` when the actor arrives and on each of its snapshots; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createUpsellHost(load: () => Promise<UpsellActorRef>): UpsellHost {
  let actor: UpsellActorRef | null = null;
  const ready = load().then((loaded) => {
    actor = loaded;
    return loaded;
  });
  ready.catch(() => {});
  return {
    get: () => actor,
    ready,
    send(event) {
      if (actor) actor.send(event);
      else
        ready.then(
          (a) => a.send(event),
          () => {},
        );
    },
    subscribe(listener) {
      let live = true;
      let unsubscribe = () => {};
      ready.then(
        (a) => {
          if (!live) return;
          unsubscribe = a.subscribe(listener).unsubscribe;
          listener();
        },
        () => {},
      );
      return () => {
        live = false;
        unsubscribe();
      };
    },
  };
}
