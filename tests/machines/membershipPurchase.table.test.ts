/**
 * The membership purchase form held to its independent transition table (issue 29, ./membershipPurchase.table.ts,
 * written from spec 3 §2 "Membership purchase form", §4, §5, §8, §9 and spec 1 §3, §4, §5, §8): every state ×
 * world × event sample, and the start of every mode (the renew notice from the start's clock).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { membershipPurchaseMachine } from '../../machines/membership/membershipPurchase.machine';
import type {
  MembershipOffer,
  MembershipPurchaseContext,
  MembershipPurchaseInput,
} from '../../machines/membership/types';
import { ADA, ADA_LATER, NOW, OFFER, SETTINGS } from '../../stories/fixtures/membershipPurchase';
import { defaultStrings } from '../../ui/strings';
import { expectMembershipTable, noticeOf, table } from './membershipPurchase.table';
import { actualInitial, atomicStates, expectedInitial } from './transition-table';

const DAY = 86_400_000;
const INPUT: MembershipPurchaseInput = {
  event: { id: 'ev-1', name: 'M' },
  mode: 'buy',
  settings: SETTINGS,
  member: null,
  cartTicketCount: 0,
  now: NOW,
};

describe('membership purchase held to its transition table (spec 3 §2, §4, §5, §8; spec 1 §3, §4, §5, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(membershipPurchaseMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectMembershipTable(membershipPurchaseMachine)).toBeGreaterThan(2500);
  });

  it('starts loading the offer, following the app cart, with an empty form (the renew notice from the clock)', () => {
    const inputs: MembershipPurchaseInput[] = [
      {
        event: { id: 'ev-1', name: 'M' },
        mode: 'buy',
        settings: SETTINGS,
        member: ADA_LATER,
        cartTicketCount: 2,
        now: NOW,
      },
      {
        event: { id: 'ev-2', name: 'M' },
        mode: 'renew',
        settings: SETTINGS,
        member: ADA_LATER,
        cartTicketCount: 0,
        now: NOW,
      },
      {
        event: { id: 'ev-3', name: 'M' },
        mode: 'renew',
        settings: SETTINGS,
        member: ADA,
        cartTicketCount: 0,
        now: NOW,
      },
      {
        event: { id: 'ev-4', name: 'M' },
        mode: 'gift',
        settings: SETTINGS,
        member: null,
        cartTicketCount: 1,
        now: NOW + 61 * DAY,
      },
    ];
    for (const input of inputs) {
      const context: MembershipPurchaseContext = {
        ...input,
        cartActor: null,
        levels: [],
        skippedRules: [],
        survey: [],
        levelId: null,
        extend: false,
        members: [],
        optionalCount: 0,
        unnamedCount: 0,
        answers: {},
        autoRenew: null,
        recipient: { first: '', last: '', email: '' },
        asGuest: false,
        fieldErrors: {},
        formError: null,
        renewNotice: noticeOf(input, input.member),
        thrown: null,
        refusals: 0,
        cart: null,
      };
      expect(actualInitial(membershipPurchaseMachine, input), input.mode).toEqual(
        expectedInitial(table, context, [{ invoke: 'followCart', input: { actor: null } }]),
      );
    }
  });

  it('logs the rules skipped for a second party role once the offer is read (spec 1 §8)', () => {
    const logged: unknown[] = [];
    const machine = membershipPurchaseMachine.provide({
      actors: { loadOffer: fromPromise(() => new Promise<MembershipOffer>(() => {})) },
      actions: { logSkippedRules: ({ context }) => logged.push(context.skippedRules) },
    });
    const actor = createActor(machine, { input: INPUT });
    actor.start();
    actor.send({ type: 'xstate.done.actor.loadOffer', output: OFFER, actorId: 'loadOffer' });
    expect(logged).toEqual([
      [expect.objectContaining({ ticketTypeId: 't-family', partyRole: 'member', min: 2 })],
    ]);
    actor.stop();
  });

  it('says renewing opens at expiry minus the allowed period, on the venue’s day (spec 3 §4)', () => {
    // Ada's membership ends 90 days after June 1 at 00:00 UTC (August 30); 30 days allowed: renewing opens on
    // July 31 at 00:00 UTC, still July 30 in New York.
    const renew = { mode: 'renew' as const, settings: SETTINGS, now: NOW };
    expect(noticeOf(renew, ADA_LATER)).toEqual({
      key: 'renewNotYet',
      params: { date: { day: '2026-07-30' } },
    });
    expect(noticeOf({ ...renew, now: NOW + 60 * DAY }, ADA_LATER)).toBeNull();
    expect(noticeOf({ ...renew, now: NOW + 60 * DAY - 1 }, ADA_LATER)).not.toBeNull();
    expect(noticeOf(renew, ADA)).toBeNull();
  });

  it('names the keys whose texts are the spec’s', () => {
    expect(defaultStrings.membershipsUnavailable).toBe('Memberships are not available at this time.');
    expect(defaultStrings.membersRequired).toBe('At least one member is required to purchase a membership');
    expect(defaultStrings.giftSelf).toBe(
      'You can not gift membership to yourself. Do you want to buy or renew membership for yourself?',
    );
  });
});
