/**
 * The upsell chain's actor with its real implementations: the seller's `upsells` configuration, the chain
 * kept in local storage (shared across tabs) and the navigation where the chain says next (the app's
 * `navigate`, as the session's `goHome`). Loaded on demand (its own chunk) right after start-up, so the chain
 * adds nothing to a page's first load; `upsell-host.ts` holds it for the app.
 */
import { type ActorRefFrom, createActor } from 'xstate';
import type { Api } from '../../api';
import { loadUpsells } from '../../api/upsells';
import type { UpsellStored } from '../../machines/upsell/types';
import { upsellMachine } from '../../machines/upsell/upsell.machine';
import { fromPromise } from '../actors';
import type { Inspect } from '../inspect';
import { type Storage, upsellKey } from '../storage';

export type UpsellActorRef = ActorRefFrom<typeof upsellMachine>;

export interface UpsellDeps {
  api: Partial<Pick<Api, 'request'>>;
  sellerId: string;
  storage: Storage;
  inspect?: Inspect;
  /** Navigates within the storefront (path without the seller slug); absent: the chain goes nowhere. */
  navigate?: (path: string) => void;
}

export function provideUpsell(deps: UpsellDeps) {
  const { api, sellerId, storage } = deps;
  const key = upsellKey(sellerId);
  return upsellMachine.provide({
    actors: {
      loadConfig: fromPromise(({ signal }) =>
        api.request ? loadUpsells(api.request, sellerId, { signal }) : Promise.resolve(null),
      ),
    },
    actions: {
      persist: ({ context }) => {
        const stored: UpsellStored = { chain: context.chain, expressCheckout: context.expressCheckout };
        storage.set(key, stored.chain === null && !stored.expressCheckout ? null : JSON.stringify(stored));
      },
      navigate: (_, params) => deps.navigate?.(params.to),
    },
  });
}

/** The stored chain, if it reads as one (anything else is dropped). */
export function readStoredUpsell(storage: Storage, sellerId: string): UpsellStored | null {
  const text = storage.get(upsellKey(sellerId));
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<UpsellStored> | null;
    if (typeof value !== 'object' || value === null) return null;
    const chain = value.chain;
    const validChain =
      chain !== null &&
      typeof chain === 'object' &&
      typeof chain?.step === 'number' &&
      typeof chain.anchorEventId === 'string' &&
      typeof chain.window?.start === 'string' &&
      typeof chain.window.end === 'string' &&
      typeof chain.window.timezone === 'string';
    return { chain: validChain ? chain : null, expressCheckout: value.expressCheckout === true };
  } catch {
    return null;
  }
}

/** Creates and starts the upsell actor (systemId `upsell` in its own system), restored from storage. */
export function startUpsellActor(deps: UpsellDeps): UpsellActorRef {
  const actor = createActor(provideUpsell(deps), {
    systemId: 'upsell',
    input: { stored: readStoredUpsell(deps.storage, deps.sellerId) },
    ...(deps.inspect ? { inspect: deps.inspect } : {}),
  });
  actor.start();
  return actor;
}
