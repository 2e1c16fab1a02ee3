/**
 * The upsell chain (spec 1 §2, §4; spec 3 §2): after a reserve of an anchor event (e.g. admission) the
 * visitor goes through the seller's add-on steps, each an upsell listing of events within the visit window
 * the reserve set; a reserve or the skip add-on button moves on, the last step and a listing with no
 * matching events go to checkout. `?expresscheckout`, the skip-upsells option and a seller without
 * `upsells` go straight to checkout. Leaving the event routes and cart expiry clear the chain.
 *
 * An app-wide actor (systemId `upsell`): no I/O; `loadConfig` and local storage (`persist`) are provided by
 * the route; so is `navigate`, which takes the visitor where the chain says next (`/events` or `/checkout`).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { UpsellConfig } from '../../api/models';
import { notProvided } from '../shared/not-provided';
import { anchorVisit, isAnchor, nextStep, visitWindow } from './rules';
import type { UpsellContext, UpsellEvent, UpsellInput, UpsellNavigation } from './types';

export function initialUpsellContext({ input }: { input: UpsellInput }): UpsellContext {
  return {
    config: null,
    chain: input.stored?.chain ?? null,
    expressCheckout: input.stored?.expressCheckout ?? false,
  };
}

export const upsellMachine = setup({
  types: {
    context: {} as UpsellContext,
    events: {} as UpsellEvent,
    input: {} as UpsellInput,
  },
  actors: {
    loadConfig: fromPromise<UpsellConfig | null>(notProvided('loadConfig')),
  },
  actions: {
    /** Injected: go to the listing of the current add-on step (`/events`) or to checkout (`/checkout`). */
    navigate: (_args, _params: UpsellNavigation) => {},
    /** Injected: keep the chain and the express-checkout flag in local storage. */
    persist: () => {},
    assignConfig: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadConfig');
      return { config: event.output };
    }),
    startChain: assign({
      chain: ({ context, event }) => {
        assertEvent(event, 'reserved');
        const { cart, eventId } = event;
        const visit = anchorVisit(cart, eventId);
        if (!context.config || !visit) return null;
        return { step: 0, anchorEventId: eventId, window: visitWindow(context.config.visitTime, visit) };
      },
    }),
    advance: assign({
      chain: ({ context }) => (context.chain ? { ...context.chain, step: context.chain.step + 1 } : null),
    }),
    clearChain: assign({ chain: null }),
    setExpressCheckout: assign(({ event }) => {
      assertEvent(event, 'expresscheckout.set');
      return { expressCheckout: event.on };
    }),
  },
  guards: {
    /** The restored chain fits the loaded configuration. */
    restoredChain: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadConfig');
      const config = event.output;
      return context.chain !== null && config !== null && context.chain.step < config.steps.length;
    },
    /** A reserve of an anchor event with a dated visit, upsells on and not skipped. */
    startsChain: ({ context, event }) => {
      assertEvent(event, 'reserved');
      const { cart, eventId, skipUpsells } = event;
      const config = context.config;
      if (!config || skipUpsells || context.expressCheckout) return false;
      return isAnchor(config, eventId) && anchorVisit(cart, eventId) !== null;
    },
    skipRequested: ({ context, event }) => {
      assertEvent(event, 'reserved');
      return context.expressCheckout || event.skipUpsells === true;
    },
    hasNextStep: ({ context }) =>
      context.config !== null &&
      context.chain !== null &&
      nextStep(context.config, context.chain.step) !== null,
  },
}).createMachine({
  id: 'upsell',
  description:
    'The upsell chain: after an anchor reserve, the add-on steps within the visit window, then checkout.',
  context: initialUpsellContext,
  initial: 'loading',
  on: {
    'expresscheckout.set': { actions: ['setExpressCheckout', 'persist'] },
    'route.left': { actions: ['clearChain', 'persist'] },
    'chain.clear': { actions: ['clearChain', 'persist'] },
  },
  states: {
    loading: {
      description: "Loading the seller's upsells configuration; a reserve meanwhile goes to checkout.",
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: [
          { guard: 'restoredChain', target: 'chain', actions: 'assignConfig' },
          { target: 'idle', actions: ['assignConfig', 'clearChain', 'persist'] },
        ],
        onError: { target: 'idle', actions: ['clearChain', 'persist'] },
      },
      on: { reserved: { actions: { type: 'navigate', params: { to: '/checkout' } } } },
    },
    idle: {
      description: 'No chain: a reserve of an anchor event starts one, any other reserve goes to checkout.',
      on: {
        reserved: [
          {
            guard: 'startsChain',
            target: 'chain',
            actions: ['startChain', 'persist', { type: 'navigate', params: { to: '/events' } }],
          },
          { actions: { type: 'navigate', params: { to: '/checkout' } } },
        ],
      },
    },
    chain: {
      description: 'On an add-on step: its listing, its events, a skip add-on button.',
      on: {
        reserved: [
          {
            guard: 'skipRequested',
            target: 'idle',
            actions: ['clearChain', 'persist', { type: 'navigate', params: { to: '/checkout' } }],
          },
          {
            guard: 'hasNextStep',
            target: 'chain',
            reenter: true,
            actions: ['advance', 'persist', { type: 'navigate', params: { to: '/events' } }],
          },
          {
            target: 'idle',
            actions: ['clearChain', 'persist', { type: 'navigate', params: { to: '/checkout' } }],
          },
        ],
        'addon.skip': [
          {
            guard: 'hasNextStep',
            target: 'chain',
            reenter: true,
            actions: ['advance', 'persist', { type: 'navigate', params: { to: '/events' } }],
          },
          {
            target: 'idle',
            actions: ['clearChain', 'persist', { type: 'navigate', params: { to: '/checkout' } }],
          },
        ],
        'addons.none': {
          target: 'idle',
          actions: ['clearChain', 'persist', { type: 'navigate', params: { to: '/checkout' } }],
        },
        'route.left': { target: 'idle', actions: ['clearChain', 'persist'] },
        'chain.clear': { target: 'idle', actions: ['clearChain', 'persist'] },
      },
    },
  },
});

export type UpsellMachine = typeof upsellMachine;
