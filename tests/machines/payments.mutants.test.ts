/**
 * Issue 29's proof for the gift card field, the promo code box and the scheduled payments panel (spec 2 §4, §5,
 * §8): hand-made mutants of their configs (a retargeted transition, a dropped guard, swapped or dropped actions) each fail the machine's table test. Not part of the mutation run (vitest.mutation.config.ts
 * leaves *.mutants.test.ts out: it tests the tests).
 */
import { describe, expect, it } from 'vitest';
import { giftCardMachine } from '../../machines/giftCard/giftCard.machine';
import { promoCodeMachine } from '../../machines/promoCode/promoCode.machine';
import { scheduledPaymentsMachine } from '../../machines/scheduledPayments/scheduledPayments.machine';
import * as giftCard from './giftCard.table';
import * as promoCode from './promoCode.table';
import * as scheduledPayments from './scheduledPayments.table';
import { expectTable, mutantOf } from './transition-table';

// biome-ignore lint/suspicious/noExplicitAny: a machine config edited by hand, whatever its shape
type Node = Record<string, any>;
type Config = Node & { states: Node };
type Edit = [string, (config: Config) => void];

describe('hand-made gift card mutants fail the table (spec 2 §4, §5, §8)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: a $0 card keeps looking up',
      (c) => {
        c.states.lookingUp.invoke.onDone[1].target = 'lookingUp';
      },
    ],
    [
      'a dropped guard: Apply looks up an empty or duplicate number',
      (c) => {
        delete c.states.editing.on.apply[0].guard;
      },
    ],
    [
      'swapped actions: the payments handed on before the card is added',
      (c) => {
        c.states.lookingUp.invoke.onDone[0].actions = ['notifyCards', 'addCard'];
      },
    ],
  ])('%s', (_, edit) => {
    const mutant = mutantOf(giftCardMachine, edit as (config: never) => void);
    expect(() => expectTable({ machine: mutant, ...giftCard })).toThrow();
  });
});

describe('hand-made promo code mutants fail the table (spec 2 §5, §8; spec 1 §8)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: a refusal ends as applied',
      (c) => {
        c.states.applying.invoke.onError[1].target = 'applied';
      },
    ],
    [
      'a dropped guard: every refusal taken for duplicate_code alone',
      (c) => {
        delete c.states.applying.invoke.onError[0].guard;
      },
    ],
    [
      'a dropped action: the fresh cart is not handed to the app cart',
      (c) => {
        c.states.applying.invoke.onDone.actions = ['markApplied'];
      },
    ],
  ])('%s', (_, edit) => {
    const mutant = mutantOf(promoCodeMachine, edit as (config: never) => void);
    expect(() => expectTable({ machine: mutant, ...promoCode })).toThrow();
  });
});

describe('hand-made scheduled payments mutants fail the table (spec 2 §4, §5)', () => {
  it.each<Edit>([
    [
      'a retargeted transition: choosing outstanding from due goes to other',
      (c) => {
        c.states.due.on['option.choose'][0].target = 'other';
      },
    ],
    [
      'a dropped guard: the panel always starts with only outstanding',
      (c) => {
        delete c.states.deciding.always[0].guard;
      },
    ],
    [
      'a swapped action: other tells the due amount',
      (c) => {
        c.states.other.entry = 'notifyDue';
      },
    ],
  ])('%s', (_, edit) => {
    const mutant = mutantOf(scheduledPaymentsMachine, edit as (config: never) => void);
    expect(() => expectTable({ machine: mutant, ...scheduledPayments })).toThrow();
  });
});
