/**
 * Issue 29's proof that the transition tables catch a wrong machine: hand-made mutants of the checkout, cart
 * and seat map configs (a retargeted transition, a dropped guard, swapped or dropped actions, reordered
 * candidates, a deleted or an added transition) each fail the table test. Not part of the mutation run
 * (vitest.mutation.config.ts leaves this file out: it tests the tests, and Stryker's mutants would only slow it).
 */
import { describe, expect, it } from 'vitest';
import { cartMachine } from '../../machines/cart/cart.machine';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { provideSeatMap, seatMapMachine } from '../../machines/seatmap/seatMap.machine';
import type { SeatMapContext } from '../../machines/seatmap/types';
import * as cart from './cart.table';
import * as checkout from './checkout.table';
import * as seatmap from './seatmap.table';
import { expectTable, mutantOf } from './transition-table';

// biome-ignore lint/suspicious/noExplicitAny: a machine config edited by hand, whatever its shape
type Node = Record<string, any>;
type Config = { states: Node };

describe('hand-made checkout mutants fail the table (spec 2 §4)', () => {
  const submitting = (c: Config): Node => c.states.submitting?.states;
  it.each<[string, (config: Config) => void]>([
    [
      'a retargeted transition: a confirmed card skips the purchaser',
      (c) => {
        submitting(c).confirmingCard.invoke.onDone[0].target = 'payingGiftCards';
      },
    ],
    [
      'a dropped guard: a wallet pays without its purchaser check',
      (c) => {
        delete submitting(c).choosingPayment.always[0].guard;
      },
    ],
    [
      'swapped actions: the card leaves the pending payments before it is told spent',
      (c) => {
        submitting(c).payingGiftCards.states.posting.invoke.onDone[1].actions = [
          'giftCardPaid',
          'notifySpent',
        ];
      },
    ],
    [
      'candidates reordered: the catch-all before the 402 confirmation',
      (c) => {
        const onError = submitting(c).paying.invoke.onError;
        onError.unshift(onError.pop());
      },
    ],
    [
      'a deleted transition: a cancelled wallet says nothing',
      (c) => {
        delete c.states.editing?.on['wallet.cancel'];
      },
    ],
    [
      'an added transition: submit while submitting goes back to the form',
      (c) => {
        (c.states.submitting as Node).on = { submit: { target: '#checkout.editing' } };
      },
    ],
    [
      'a dropped action: a declined card does not refresh the cart',
      (c) => {
        submitting(c).confirmingCard.invoke.onError[1].actions = ['showCardError'];
      },
    ],
    [
      'the submit steps reordered: the purchaser stored before the card',
      (c) => {
        submitting(c).choosingPayment.always[2].target = 'storingPurchaser';
      },
    ],
  ])('%s', (_, edit) => {
    const { table, worlds, events, strip } = checkout;
    const mutant = mutantOf(checkoutMachine, edit as (config: never) => void);
    expect(() => expectTable({ machine: mutant, table, worlds, events, strip })).toThrow();
  });
});

describe('hand-made cart mutants fail the table (spec 1 §4, spec 2 §4)', () => {
  const active = (c: Config): Node => c.states.active?.states;
  it.each<[string, (config: Config) => void]>([
    [
      "a retargeted transition: a removal's answer skips the checks",
      (c) => {
        active(c).removing.invoke.onDone.target = '#cart.active.idle';
      },
    ],
    [
      "a dropped guard: a clear of another tab's cart clears this one",
      (c) => {
        delete c.states.expired?.on['cart.clear'].guard;
      },
    ],
    [
      'swapped actions: the tracking step reads the cart after it was accepted',
      (c) => {
        c.states.checking?.always[5].actions.reverse();
      },
    ],
    [
      'a dropped action: the deadline does not clear the upsell chain',
      (c) => {
        c.states.active?.on.tick[1].actions.pop();
      },
    ],
    [
      'candidates reordered: a cart with too little time left is accepted when it holds no ticket',
      (c) => {
        const always = c.states.checking?.always;
        [always[3], always[4]] = [always[4], always[3]];
      },
    ],
    [
      'a deleted transition: Start over does nothing',
      (c) => {
        delete c.states.expired?.on['expiry.confirm'];
      },
    ],
    [
      'an added transition: a refresh while removing',
      (c) => {
        active(c).removing.on = { 'cart.refresh': { target: 'refreshing' } };
      },
    ],
  ])('%s', (_, edit) => {
    const { table, worlds, events, MODAL_MARKERS } = cart;
    const mutant = mutantOf(cartMachine, edit as (config: never) => void).provide(MODAL_MARKERS);
    expect(() => expectTable({ machine: mutant, table, worlds, events })).toThrow();
  });
});

describe('hand-made seat map mutants fail the table (spec 1 §4, §9)', () => {
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  const strip = (c: SeatMapContext) => ({
    ...c,
    zoom: round(c.zoom),
    panX: round(c.panX),
    panY: round(c.panY),
  });
  it.each<[string, (config: Config) => void]>([
    [
      'a retargeted transition: back while rendering stays',
      (c) => {
        c.states.rendering.on.back.target = 'rendering';
      },
    ],
    [
      'a dropped guard: confirm without every seat',
      (c) => {
        delete c.states.open.on.confirm.guard;
      },
    ],
    [
      'swapped actions: zoom in zooms out',
      (c) => {
        c.states.open.on['zoom.in'].actions = 'zoomOut';
      },
    ],
    [
      'candidates reordered: a chosen seat is chosen again instead of deselected',
      (c) => {
        c.states.open.on['seat.toggle'].reverse();
      },
    ],
    [
      'a deleted transition: the map never opens after rendering',
      (c) => {
        delete c.states.rendering.after;
      },
    ],
    [
      'a dropped provided action: confirm does not tell the route',
      (c) => {
        delete c.states.open.on.confirm.actions;
      },
    ],
    [
      'an added transition: a resize only while open',
      (c) => {
        const c2 = c as Config & { on: Node };
        c2.states.open.on['viewport.resize'] = c2.on['viewport.resize'];
        delete c2.on['viewport.resize'];
      },
    ],
  ])('%s', (_, edit) => {
    const { table, worlds, events, MAP } = seatmap;
    // The edited config with the loaded map's guards and actions.
    const edited = mutantOf(seatMapMachine, edit as (config: never) => void);
    const machine = edited.provide(provideSeatMap(MAP).implementations as never);
    expect(() => expectTable({ machine, table, worlds, events, strip })).toThrow();
  });
});
