/**
 * Path tests of the membership purchase form (spec 3 §2 "Membership purchase form", §4, §5, §8; spec 1 §4
 * "Membership form", §8): xstate/graph paths over every input of the story, replayed on a real actor with
 * controlled fakes and a SimulatedClock. At each step an oracle written from the spec checks the snapshot:
 * one level is selected automatically; changing the level clears auto-renew; the buy button is disabled
 * without a level; a reserve is called only with a level, every named member's first and last name, at least
 * one member, no self gift, no auto-renew when gifting, and from an empty cart when gifting; the unnamed
 * stepper stays within min and max; refusals carry the spec's texts; the membership submit's error display.
 * Edge coverage proves every transition was walked.
 */

import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { membershipPurchaseMachine } from '../../machines/membership/membershipPurchase.machine';
import { buildLevels, levelOf, renewalOpensAt, renewNoticeOf } from '../../machines/membership/rules';
import { selectMembershipFormView } from '../../machines/membership/view';
import { refusalOfEvent, reservedOutput } from '../../machines/reserve/core/rules';
import type { ReserveIntoCartInput } from '../../machines/reserve/core/types';
import {
  ADA,
  ADA_LATER,
  cart,
  INPUTS,
  type MembershipSnap,
  NOW,
  OFFER,
  ONE_LEVEL,
  pathEvents,
  serializeState,
} from '../../stories/fixtures/membershipPurchase';
import '../../ui/format';
import { defaultStrings, type MessageParam, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof membershipPurchaseMachine>;

const text = (m: { key: string; params?: Record<string, MessageParam> } | null) =>
  m ? resolveMessage(defaultStrings, m as never) : null;

let reservedCount = 0;
let loggedSkipped = 0;
let loginOpened = 0;
/** Whether each path's actor has the login-or-guest dialog on the modal stack (its injected open/close). */
const dialogShown = new WeakMap<object, boolean>();

function onStep(runner: Runner, _expected: MembershipSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const view = selectMembershipFormView(snapshot);
  const level = levelOf(context);

  // the login-or-guest dialog is on the modal stack exactly while the flow asks
  expect(dialogShown.get(runner.actor) ?? false).toBe(snapshot.matches('askingLoginOrGuest'));
  // the buy button is disabled without a selected level
  if (snapshot.matches('editing')) expect(view.submitDisabled).toBe(level === null);
  // one level: selected automatically
  if (event.type === 'xstate.done.actor.loadOffer' && context.levels.length === 1)
    expect(context.levelId).toBe(context.levels[0]?.id);
  // changing the level clears auto-renew
  if (event.type === 'level.select') expect(context.autoRenew).toBeNull();
  // the unnamed member stepper is bounded by min and max
  if (level?.unnamed) {
    expect(context.unnamedCount).toBeGreaterThanOrEqual(level.unnamed.min);
    expect(context.unnamedCount).toBeLessThanOrEqual(level.unnamed.max);
  } else expect(context.unnamedCount).toBe(0);
  // auto-renew is never offered when gifting; shipping only when gifting
  if (context.mode === 'gift') expect(view.autoRenew.shown).toBe(false);
  expect(view.shipping).toBe(context.mode === 'gift');
  expect(view.submitLabel).toBe(
    { buy: 'membershipBuy', renew: 'membershipRenew', gift: 'membershipGiftButton' }[context.mode],
  );

  for (const call of runner.controls.calls.filter((c) => c.src === 'reserveIntoCart')) {
    const { request } = call.input as ReserveIntoCartInput;
    if (request.kind !== 'membership') throw new Error(`a membership form reserved ${request.kind}`);
    const body = request.membership;
    expect(body.levelId).toBeTruthy();
    expect(body.members.length + (body.unnamedCount ?? 0)).toBeGreaterThan(0);
    for (const m of body.members) {
      expect(m.firstName).not.toBe('');
      expect(m.lastName).not.toBe('');
    }
    // the extend checkbox reaches the API only where it is shown (enabled, not gifting) and checked
    if (body.gift || !context.settings.extendEnabled || !context.extend) expect(body.extend).toBeUndefined();
    if (body.gift) {
      expect(body.autoRenew).toBeUndefined();
      expect(context.recipient.email.trim().toLowerCase()).not.toBe(context.member?.email?.toLowerCase());
    }
  }
  if (event.type === 'submit' && snapshot.matches('editing') && level) {
    const refusal = text(context.formError);
    const members = view.members.length + (view.unnamed?.value ?? 0);
    if (Object.keys(context.fieldErrors).length === 0) {
      if (members === 0) expect(refusal).toBe('At least one member is required to purchase a membership');
      else if (context.mode === 'gift' && context.recipient.email === context.member?.email)
        expect(refusal).toBe(
          'You can not gift membership to yourself. Do you want to buy or renew membership for yourself?',
        );
      else if (context.mode === 'gift' && context.cartTicketCount > 0)
        expect(context.formError?.key).toBe('giftCartNotEmpty');
      else expect(context.formError?.key).toBe('renewNotYet');
    }
    for (const m of view.members) {
      if (!m.first.trim()) expect(text(m.errors.first ?? null)).toBe(defaultStrings.firstNameRequired);
      if (!m.last.trim()) expect(text(m.errors.last ?? null)).toBe(defaultStrings.lastNameRequired);
    }
  }
  if (snapshot.matches('unavailable'))
    expect(text(view.formError)).toBe('Memberships are not available at this time.');
  const refusal = refusalOfEvent(event as EventObject);
  if (refusal && event.type.endsWith('.reserveIntoCart')) {
    const { code } = refusal.error;
    if (code === 'code_not_found') expect(view.thrown?.code).toBe('code_not_found');
    else if (code === 'rule_blocks_reserve' || code === 'validate_not_email')
      expect(view.formError).toBeNull();
    else if (code === 'member_limit_exceeded')
      expect(text(view.formError)).toBe('You have reached your limit.');
  }
  // renew: the previous level and members are prefilled (read-only while updates are prevented)
  if (
    context.mode === 'renew' &&
    context.member === ADA &&
    (event.type === 'xstate.done.actor.loadOffer' || event.type === 'member.changed')
  ) {
    expect(level?.name).toBe('Dual');
    expect(context.members[0]).toMatchObject({ first: 'Ada', last: 'Lovelace' });
    expect(context.members[0]?.disabled).toBe(context.settings.preventUpdates);
    expect(context.optionalCount).toBe(1);
  }
}

describe('membership purchase paths', () => {
  it('walks every transition, matching the oracle at every step (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: membershipPurchaseMachine,
      inputs: INPUTS.map((i) => i.input),
      events: pathEvents,
      serializeState,
      onStep,
      startTime: NOW,
      provide: {
        actions: {
          reserved: () => {
            reservedCount++;
          },
          logSkippedRules: ({ context }) => {
            if (context.skippedRules.length > 0) loggedSkipped++;
          },
          openLogin: () => {
            loginOpened++;
          },
          openLoginOrGuest: ({ self }) => {
            dialogShown.set(self, true);
          },
          closeLoginOrGuest: ({ self }) => {
            dialogShown.set(self, false);
          },
        },
      },
    });
    assertFullCoverage(report);
    recordCoverage('membershipPurchase', report);
    expect(reservedCount).toBeGreaterThan(0);
    expect(loggedSkipped).toBeGreaterThan(0);
    expect(loginOpened).toBeGreaterThan(0);
  }, 120_000);

  it('skips (and returns for the log) a second rule for one party role', () => {
    const { levels, skipped } = buildLevels(OFFER);
    expect(skipped).toEqual([
      expect.objectContaining({ ticketTypeId: 't-family', partyRole: 'member', min: 2 }),
    ]);
    const family = levels.find((l) => l.id === 't-family');
    expect(family?.slots.filter((s) => !s.optional)).toHaveLength(1);
    expect(family?.slots.filter((s) => s.optional).map((s) => s.role)).toEqual(['child', 'child', 'child']);
    expect(family?.unnamed).toEqual({ min: 0, max: 4 });
  });

  it('an unnamed-member rule with a max below 0 allows 10 (spec 1 §5); named rules are not widened', () => {
    const offer = {
      levels: OFFER.levels,
      rules: [
        {
          ticketGroupId: 'g-levels',
          ticketTypeId: 't-supporter',
          partyRole: 'guest',
          named: 'no' as const,
          min: 1,
          max: -1,
          emailRequired: 'other' as const,
        },
        {
          ticketGroupId: 'g-levels',
          ticketTypeId: 't-individual',
          partyRole: 'member',
          named: 'yes' as const,
          min: 1,
          max: -1,
          emailRequired: 'yes' as const,
        },
      ],
    };
    const { levels } = buildLevels(offer);
    expect(levels.find((l) => l.id === 't-supporter')?.unnamed).toEqual({ min: 1, max: 10 });
    expect(levels.find((l) => l.id === 't-individual')?.slots).toHaveLength(1);
  });

  it('says the renewal day in the venue time zone, written as the spec writes dates (never ISO)', () => {
    // Ada's membership ends 90 days after June 1, 2026 at 00:00 UTC; with 60 days allowed, renewing opens on
    // July 1 at 00:00 UTC, which is still June 30 in New York.
    const notice = renewNoticeOf(
      'renew',
      ADA_LATER,
      { renewalPeriodDays: 60, timezone: 'America/New_York' },
      NOW,
    );
    // The machine carries the venue's day; the view writes it in the visitor's locale (English here).
    expect(notice).toEqual({ key: 'renewNotYet', params: { date: { day: '2026-06-30' } } });
    expect(text(notice)).toBe('Your membership can be renewed from Tue, Jun 30, 2026.');
    const utc = renewNoticeOf('renew', ADA_LATER, { renewalPeriodDays: 60, timezone: 'UTC' }, NOW);
    expect(utc?.params?.date).toEqual({ day: '2026-07-01' });
    expect(text(utc ?? null)).toBe('Your membership can be renewed from Wed, Jul 1, 2026.');
  });

  it('opens renewal at expiry minus the allowed period', () => {
    const ending = ADA_LATER.memberships[0];
    expect(renewalOpensAt(ending ?? null, 30)).toBe(Date.parse(ending?.validTo ?? '') - 30 * 86_400_000);
    expect(renewalOpensAt(null, 30)).toBeNull();
  });

  it('reserves the selected level with its members into the app cart once, then announces the cart', async () => {
    let announced = 0;
    const runner = createReplayRunner(membershipPurchaseMachine, {
      input: INPUTS[0]?.input ?? (undefined as never),
      startTime: NOW,
      provide: { actions: { reserved: () => announced++ } },
    });
    await runner.controls.resolve('loadOffer', ONE_LEVEL);
    const a = runner.actor;
    a.send({ type: 'member.change', index: 0, field: 'first', value: ' Grace ' });
    a.send({ type: 'member.change', index: 0, field: 'last', value: 'Hopper' });
    a.send({ type: 'member.change', index: 0, field: 'email', value: 'grace@example.com' });
    a.send({ type: 'autoRenew.set', value: true });
    a.send({ type: 'submit' });
    expect(runner.actor.getSnapshot().matches('reserving')).toBe(true);
    expect(runner.controls.calls.at(-1)?.input).toEqual({
      request: {
        kind: 'membership',
        membership: {
          levelId: 't-individual',
          members: [
            { partyRole: 'member', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
          ],
          autoRenew: true,
        },
      },
    });
    expect(announced).toBe(0);
    await runner.controls.resolve('reserveIntoCart', reservedOutput(cart()));
    expect(announced).toBe(1);
    expect(runner.actor.getSnapshot().status).toBe('done');
    runner.actor.stop();
  });

  it("sends the checked 'extend membership' box with the reserve, also before renewing opens; never when gifting", async () => {
    const byLabel = (label: string) => {
      const found = INPUTS.find((i) => i.label === label)?.input;
      if (!found) throw new Error(label);
      return found;
    };
    /** Fills the form, checks (or not) the box, submits: whether the box showed and the reserve's membership. */
    const submitWith = async (input: (typeof INPUTS)[number]['input'], extend: boolean) => {
      const runner = createReplayRunner(membershipPurchaseMachine, { input, startTime: NOW });
      await runner.controls.resolve('loadOffer', ONE_LEVEL);
      const a = runner.actor;
      const shown = selectMembershipFormView(a.getSnapshot()).extend.shown;
      a.send({ type: 'extend.change', value: extend });
      a.send({ type: 'member.change', index: 0, field: 'first', value: 'Grace' });
      a.send({ type: 'member.change', index: 0, field: 'last', value: 'Hopper' });
      a.send({ type: 'member.change', index: 0, field: 'email', value: 'grace@example.com' });
      if (input.mode === 'gift')
        for (const [field, value] of [
          ['first', 'Alan'],
          ['last', 'Turing'],
          ['email', 'alan@example.com'],
        ] as const)
          a.send({ type: 'recipient.change', field, value });
      a.send({ type: 'submit' });
      const call = runner.controls.calls.find((c) => c.src === 'reserveIntoCart');
      const formError = selectMembershipFormView(a.getSnapshot()).formError;
      runner.actor.stop();
      const request = call ? (call.input as ReserveIntoCartInput).request : null;
      return { shown, membership: request?.kind === 'membership' ? request.membership : null, formError };
    };
    const guest = byLabel('buy, as a guest');
    expect(await submitWith(guest, true)).toMatchObject({ shown: true, membership: { extend: true } });
    expect((await submitWith(guest, false)).membership).not.toHaveProperty('extend');
    // not enabled for the event: no box, nothing sent
    const disabled = { ...guest, settings: { ...guest.settings, extendEnabled: false } };
    const off = await submitWith(disabled, true);
    expect(off.shown).toBe(false);
    expect(off.membership).not.toHaveProperty('extend');
    // Ada's membership ends in 90 days, renewing opens in 60: a renewal is refused, an extension is sent
    const early = byLabel('renew, not open yet');
    const refused = await submitWith(early, false);
    expect(refused.membership).toBeNull();
    expect(refused.formError?.key).toBe('renewNotYet');
    expect((await submitWith(early, true)).membership).toMatchObject({ renew: true, extend: true });
    // a gift is not the purchaser's membership: no box, no extend
    const gift = await submitWith(byLabel('gift, logged in'), true);
    expect(gift.shown).toBe(false);
    expect(gift.membership).toMatchObject({ gift: true });
    expect(gift.membership).not.toHaveProperty('extend');
  });

  it('hides emails when the rule says other, and does not require them when it says no', async () => {
    const base = INPUTS[0]?.input;
    if (!base) throw new Error('no input');
    const runner = createReplayRunner(membershipPurchaseMachine, { input: base, startTime: NOW });
    const [only] = ONE_LEVEL.rules;
    if (!only) throw new Error('no rule');
    await runner.controls.resolve('loadOffer', {
      ...ONE_LEVEL,
      rules: [{ ...only, emailRequired: 'other' }],
    });
    runner.actor.send({ type: 'member.change', index: 0, field: 'first', value: 'Grace' });
    runner.actor.send({ type: 'member.change', index: 0, field: 'last', value: 'Hopper' });
    expect(selectMembershipFormView(runner.actor.getSnapshot()).members[0]?.emailMode).toBe('hidden');
    runner.actor.send({ type: 'submit' });
    expect(runner.actor.getSnapshot().matches('reserving')).toBe(true);
    runner.actor.stop();
  });
});
