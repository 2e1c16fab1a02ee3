/**
 * The upsell chain's independent transition table (issue 29; upsell.table.test.ts holds the machine to it),
 * written from spec 1 §2, §4, §9 and spec 3 §2, not read from the machine: the seller's configuration loads
 * (a stored chain is kept only when its step is still one of the configuration's); meanwhile a reserve goes to
 * checkout. Idle, a reserve of an anchor event (any event when the configuration names none) with a dated visit
 * starts the chain at its first step, its window by the configuration's visit time, unless skipped (the flow's
 * option, or express checkout); any other reserve goes to checkout. On a step, a reserve or the skip add-on
 * button goes to the next step, after the last to checkout; a skip request, an empty add-on listing go to
 * checkout; leaving the event routes or the cart's expiry clear the chain. Every chain change is persisted.
 */
import type { CartItem, CartModel, UpsellConfig } from '../../api/models';
import type { UpsellContext, UpsellEvent } from '../../machines/upsell/types';
import { makeCart } from '../../stories/fixtures/cart';
import {
  ADDON,
  ANCHOR,
  anchorCart,
  CONFIG,
  item,
  TZ,
  undatedCart,
  VISIT,
} from '../../stories/fixtures/upsell';
import type { Call, EventSample, Table, World } from './transition-table';

type C = UpsellContext;
type E =
  | UpsellEvent
  | { type: 'xstate.done.actor.loadConfig'; output: UpsellConfig | null }
  | { type: 'xstate.error.actor.loadConfig'; error: unknown };
type S = 'loading' | 'idle' | 'chain';

const persist: Call = { action: 'persist' };
const toCheckout: Call = { action: 'navigate', params: { to: '/checkout' } };
const toStep: Call = { action: 'navigate', params: { to: '/events' } };
/** Going to checkout ends the chain, and the cleared chain is stored. */
const ends = { target: 'idle', effect: () => ({ chain: null }), calls: () => [persist, toCheckout] } as const;

/** The anchor's dated item in the cart (the last one when several); undated ones are no visit. */
function datedVisit(cart: CartModel, eventId: string): CartItem | null {
  let found: CartItem | null = null;
  for (const i of cart.items) if (i.eventId === eventId && i.start) found = i;
  return found;
}

/** Spec 1 §9, the visit time modes this table's configurations use (the rules' own tests cover every mode). */
function windowOf(config: UpsellConfig, visit: CartItem) {
  const start = visit.start as string;
  if (config.visitTime === 'same_start')
    return { start, end: new Date(Date.parse(start) + 60_000).toISOString(), timezone: visit.timezone };
  return { start, end: visit.end as string, timezone: visit.timezone };
}

const startsChain = (c: C, e: Extract<E, { type: 'reserved' }>) =>
  c.config !== null &&
  e.skipUpsells !== true &&
  !c.expressCheckout &&
  (c.config.anchorEventIds.length === 0 || c.config.anchorEventIds.includes(e.eventId)) &&
  datedVisit(e.cart, e.eventId) !== null;
/** Another step follows the current one. */
const another = (c: C) => c.config !== null && c.chain !== null && c.chain.step < c.config.steps.length - 1;
const next = (c: C) => ({ chain: c.chain && { ...c.chain, step: c.chain.step + 1 } });

export const table: Table<C, E, S> = {
  initial: 'loading',
  states: {
    loading: { entry: { calls: () => [{ invoke: 'loadConfig', input: undefined }] } },
    idle: {},
    chain: {},
  },
  on: {
    'xstate.done.actor.loadConfig': {
      loading: [
        {
          label: 'the stored chain fits the configuration',
          when: (c, e) => c.chain !== null && e.output !== null && c.chain.step < e.output.steps.length,
          target: 'chain',
          effect: (_c, e) => ({ config: e.output }),
        },
        { target: 'idle', effect: (_c, e) => ({ config: e.output, chain: null }), calls: () => [persist] },
      ],
    },
    'xstate.error.actor.loadConfig': {
      loading: [{ target: 'idle', effect: () => ({ chain: null }), calls: () => [persist] }],
    },
    reserved: {
      loading: [{ target: null, calls: () => [toCheckout] }],
      idle: [
        {
          label: 'an anchor reserve with a dated visit',
          when: startsChain,
          target: 'chain',
          effect: (c, e) => ({
            chain: {
              step: 0,
              anchorEventId: e.eventId,
              window: windowOf(c.config as UpsellConfig, datedVisit(e.cart, e.eventId) as CartItem),
            },
          }),
          calls: () => [persist, toStep],
        },
        { target: null, calls: () => [toCheckout] },
      ],
      chain: [
        { label: 'skipped', when: (c, e) => c.expressCheckout || e.skipUpsells === true, ...ends },
        {
          label: 'another step',
          when: another,
          target: 'chain',
          effect: next,
          calls: () => [persist, toStep],
        },
        ends,
      ],
    },
    'addon.skip': {
      chain: [{ when: another, target: 'chain', effect: next, calls: () => [persist, toStep] }, ends],
    },
    'addons.none': { chain: [ends] },
    'route.left': {
      '*': [{ target: null, effect: () => ({ chain: null }), calls: () => [persist] }],
      chain: [{ target: 'idle', effect: () => ({ chain: null }), calls: () => [persist] }],
    },
    'chain.clear': {
      '*': [{ target: null, effect: () => ({ chain: null }), calls: () => [persist] }],
      chain: [{ target: 'idle', effect: () => ({ chain: null }), calls: () => [persist] }],
    },
    'expresscheckout.set': {
      '*': [{ target: null, effect: (_c, e) => ({ expressCheckout: e.on }), calls: () => [persist] }],
    },
  },
};

const WINDOW = { ...VISIT, timezone: TZ };
const chainAt = (step: number) => ({ step, anchorEventId: ANCHOR, window: WINDOW });
/** Any event anchors; visits of one minute from their start. */
export const OPEN_CONFIG: UpsellConfig = { ...CONFIG, visitTime: 'same_start', anchorEventIds: [] };
const ONE_STEP: UpsellConfig = { ...CONFIG, steps: [CONFIG.steps[0] as UpsellConfig['steps'][number]] };

export const worlds: World<C>[] = [
  { name: 'configured, no chain', context: { config: CONFIG, chain: null, expressCheckout: false } },
  {
    name: 'on the first of two steps',
    context: { config: CONFIG, chain: chainAt(0), expressCheckout: false },
  },
  { name: 'on the last step', context: { config: CONFIG, chain: chainAt(1), expressCheckout: false } },
  { name: 'express checkout', context: { config: CONFIG, chain: null, expressCheckout: true } },
  {
    name: 'express checkout on a step',
    context: { config: CONFIG, chain: chainAt(0), expressCheckout: true },
  },
  { name: 'no configuration', context: { config: null, chain: null, expressCheckout: false } },
  {
    name: 'a stored chain, not loaded',
    context: { config: null, chain: chainAt(1), expressCheckout: false },
  },
  { name: 'a stored third step', context: { config: null, chain: chainAt(2), expressCheckout: false } },
  { name: 'every event anchors', context: { config: OPEN_CONFIG, chain: null, expressCheckout: false } },
];

/** The anchor dated, then again undated (a flexible ticket added later): the dated one is the visit. */
const mixedCart = makeCart({ items: [item(ANCHOR, VISIT.start, VISIT.end), item(ANCHOR, null, null)] });
const addonOnly = makeCart({ items: [item(ADDON, VISIT.start, VISIT.end)] });

export const events: EventSample<E>[] = [
  { name: 'config loaded', event: { type: 'xstate.done.actor.loadConfig', output: CONFIG } },
  { name: 'one-step config loaded', event: { type: 'xstate.done.actor.loadConfig', output: ONE_STEP } },
  { name: 'no config', event: { type: 'xstate.done.actor.loadConfig', output: null } },
  { name: 'config failed', event: { type: 'xstate.error.actor.loadConfig', error: { code: 'offline' } } },
  { name: 'anchor reserved', event: { type: 'reserved', cart: anchorCart, eventId: ANCHOR } },
  {
    name: 'anchor reserved, skip upsells',
    event: { type: 'reserved', cart: anchorCart, eventId: ANCHOR, skipUpsells: true },
  },
  {
    name: 'anchor reserved, skip false',
    event: { type: 'reserved', cart: anchorCart, eventId: ANCHOR, skipUpsells: false },
  },
  { name: 'anchor undated', event: { type: 'reserved', cart: undatedCart, eventId: ANCHOR } },
  { name: 'anchor dated then undated', event: { type: 'reserved', cart: mixedCart, eventId: ANCHOR } },
  { name: 'another event reserved', event: { type: 'reserved', cart: addonOnly, eventId: ADDON } },
  { name: 'skip add-on', event: { type: 'addon.skip' } },
  { name: 'no add-ons', event: { type: 'addons.none' } },
  { name: 'route left', event: { type: 'route.left' } },
  { name: 'chain cleared', event: { type: 'chain.clear' } },
  { name: 'express on', event: { type: 'expresscheckout.set', on: true } },
  { name: 'express off', event: { type: 'expresscheckout.set', on: false } },
];
