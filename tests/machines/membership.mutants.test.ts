/**
 * Issue 29's proof that the membership tables catch a wrong machine: hand-made mutants of the membership
 * purchase and the gift redeem configs (a retargeted transition, a dropped guard, a swapped, dropped or removed
 * action, reordered candidates, a deleted or an added transition) each fail their table test. The purchase's are
 * few: each walks the whole table (about a second). Not part of the
 * mutation run (vitest.mutation.config.ts leaves *.mutants.test.ts out: it tests the tests).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { giftRedeemMachine } from '../../machines/membership/giftRedeem.machine';
import type { GiftRedeemContext } from '../../machines/membership/giftRedeem.types';
import { membershipPurchaseMachine } from '../../machines/membership/membershipPurchase.machine';
import type { MembershipOffer } from '../../machines/membership/types';
import { NOW, OFFER, SETTINGS } from '../../stories/fixtures/membershipPurchase';
import * as redeem from './giftRedeem.table';
import { expectMembershipTable } from './membershipPurchase.table';
import { actualInitial, expectedInitial, expectTable, mutantOf } from './transition-table';

// biome-ignore lint/suspicious/noExplicitAny: a machine config edited by hand, whatever its shape
type Node = Record<string, any>;
type Config = { states: Node; on: Node };

describe('hand-made membership purchase mutants fail the table (spec 3 §2, §5, §8)', () => {
  it.each<[string, (config: Config) => void]>([
    [
      'a dropped guard: a level the offer does not have is selected',
      (c) => {
        delete c.states.editing.on['level.select'].guard;
      },
    ],
    [
      'a removed action: the reserve is not announced to the app cart',
      (c) => {
        c.states.reserving.invoke.onDone[0].actions = ['assignCart'];
      },
    ],
    [
      'a swapped action: a refused reserve is rethrown as code_not_found would be',
      (c) => {
        c.states.reserving.invoke.onDone[2].actions = 'noteThrown';
      },
    ],
    [
      'candidates reordered: code_not_found shown in the form instead of rethrown',
      (c) => {
        const onDone = c.states.reserving.invoke.onDone;
        onDone.splice(1, 1);
      },
    ],
    [
      'a retargeted transition: logging in from the dialog goes straight to the reserve',
      (c) => {
        c.states.askingLoginOrGuest.on['member.changed'][0].target = 'reserving';
      },
    ],
  ])('%s', (_, edit) => {
    const mutant = mutantOf(membershipPurchaseMachine, edit as (config: never) => void);
    expect(() => expectMembershipTable(mutant)).toThrow();
  });
});

describe('a mutant the table cannot see: the skipped rules logged before the offer is read', () => {
  it('is caught by the logging example of membershipPurchase.table.test.ts (the rules the action reads)', () => {
    const logged = (machine: typeof membershipPurchaseMachine) => {
      const out: unknown[] = [];
      const actor = createActor(
        machine.provide({
          actors: { loadOffer: fromPromise(() => new Promise<MembershipOffer>(() => {})) },
          actions: { logSkippedRules: ({ context }) => out.push(context.skippedRules.length) },
        }),
        {
          input: {
            event: { id: 'e', name: 'M' },
            mode: 'buy',
            settings: SETTINGS,
            member: null,
            cartTicketCount: 0,
            now: NOW,
          },
        },
      );
      actor.start();
      actor.send({ type: 'xstate.done.actor.loadOffer', output: OFFER, actorId: 'loadOffer' });
      actor.stop();
      return out;
    };
    const mutant = mutantOf(membershipPurchaseMachine, ((c: Config) => {
      c.states.loading.invoke.onDone[1].actions = ['logSkippedRules', 'assignOffer'];
    }) as (config: never) => void);
    expect(() => expectMembershipTable(mutant)).not.toThrow();
    expect(logged(membershipPurchaseMachine)).toEqual([1]);
    expect(logged(mutant)).toEqual([0]);
  });
});

describe('hand-made gift redeem mutants fail the table (spec 3 §2, §4, §5, §8)', () => {
  it.each<[string, (config: Config) => void]>([
    [
      'a retargeted transition: a cart holding a membership is reserved into anyway',
      (c) => {
        c.states.checkingCart.invoke.onDone[0].target = 'reserving';
      },
    ],
    [
      'a dropped guard: Submit looks up a code of any length',
      (c) => {
        delete c.states.editing.on.submit[0].guard;
      },
    ],
    [
      'a dropped guard: redeem without a chosen level',
      (c) => {
        delete c.states.choosing.on.redeem.guard;
      },
    ],
    [
      'swapped actions: upsells on goes to checkout',
      (c) => {
        c.states.checkingUpsells.invoke.onDone[0].actions = 'goToCheckout';
      },
    ],
    [
      'a removed action: the reserve not handed to the app cart',
      (c) => {
        c.states.reserving.invoke.onDone[0].actions = ['assignCart'];
      },
    ],
    [
      'a removed action: the dialog not closed when the visitor closes it',
      (c) => {
        c.states.cartConflict.on['cart.dismiss'].actions = [];
      },
    ],
    [
      'a deleted transition: Checkout in the dialog does nothing',
      (c) => {
        delete c.states.cartConflict.on['cart.checkout'];
      },
    ],
    [
      'an added transition: a failed discard goes on to the reserve',
      (c) => {
        c.states.discarding.invoke.onError = { target: 'reserving' };
      },
    ],
  ])('%s', (_, edit) => {
    const { table, worlds, events } = redeem;
    const mutant = mutantOf(giftRedeemMachine, edit as (config: never) => void);
    expect(() => expectTable({ machine: mutant, table, worlds, events })).toThrow();
  });

  it('a retargeted start (a 10-character gift_code waits for Submit) fails the table’s start', () => {
    const mutant = mutantOf(giftRedeemMachine, ((c: Config) => {
      c.states.start.always[0].target = 'editing';
    }) as (config: never) => void);
    const context = { ...redeem.worlds[0]?.context, code: redeem.CODE } as GiftRedeemContext;
    expect(actualInitial(giftRedeemMachine, { giftCode: redeem.CODE })).toEqual(
      expectedInitial(redeem.table, context),
    );
    expect(actualInitial(mutant, { giftCode: redeem.CODE })).not.toEqual(
      expectedInitial(redeem.table, context),
    );
  });
});
