/**
 * The membership purchase form held to its independent transition table (issue 29, ./membershipPurchase.table.ts,
 * written from spec 3 §2 "Membership purchase form", §4, §5, §8, §9 and spec 1 §3, §4, §5, §8): every state ×
 * world × event sample, and the start of every mode (the renew notice from the start's clock).
 */
import { describe, expect, it } from 'vitest';
import { membershipPurchaseMachine } from '../../machines/membership/membershipPurchase.machine';
import type { MembershipPurchaseContext, MembershipPurchaseInput } from '../../machines/membership/types';
import { ADA, ADA_LATER, NOW, SETTINGS } from '../../stories/fixtures/membershipPurchase';
import { defaultStrings } from '../../ui/strings';
import { events, noticeOf, table, worlds } from './membershipPurchase.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

const DAY = 86_400_000;

describe('membership purchase held to its transition table (spec 3 §2, §4, §5, §8; spec 1 §3, §4, §5, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(membershipPurchaseMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    // The dialog is asked only of a valid form (with a level): shopping as a guest without a level is a state
    // the machine never reaches (its reserve throws 'membership reserve without a level'), so it is not sent.
    const leveled = (c: MembershipPurchaseContext) => c.levels.some((l) => l.id === c.levelId);
    const compared =
      expectTable({
        machine: membershipPurchaseMachine,
        table,
        worlds: worlds.filter((w) => leveled(w.context)),
        events,
      }) +
      expectTable({
        machine: membershipPurchaseMachine,
        table,
        worlds: worlds.filter((w) => !leveled(w.context)),
        events: events.filter((e) => e.event.type !== 'gift.asGuest'),
      });
    expect(compared).toBeGreaterThan(2500);
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
