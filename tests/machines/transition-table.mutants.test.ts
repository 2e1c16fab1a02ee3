/**
 * Issue 29's proof that the transition tables catch a wrong machine: hand-made mutants of each machine's real
 * config (a retargeted transition, a dropped guard, swapped or dropped actions, reordered candidates, a
 * deleted or an added transition) each fail the table test. Not part of the mutation run
 * (vitest.mutation.config.ts leaves this file out: it tests the tests, and Stryker's mutants would only slow it).
 */
import { describe, expect, it } from 'vitest';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import * as checkout from './checkout.table';
import { expectTable, mutantOf } from './transition-table';

// biome-ignore lint/suspicious/noExplicitAny: a machine config edited by hand, whatever its shape
type Node = Record<string, any>;
type Config = { states: Record<string, Node> };

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
