/**
 * Path tests of redeem a gift membership (spec 3 §2 "Redeem membership page", §4 "Redeem", §5 "Gift code",
 * §8 "Redeem", §9): paths from xstate/graph replayed on a real actor with controlled fakes; at every step an
 * oracle written here from the spec checks the snapshot: the lookup is called only with a code of exactly 10
 * characters; refusals read 'You must enter a valid code', 'This code has expired', 'This code has already
 * been redeemed'; a valid code shows at most 3 levels, the highest-rank discounted ones by discounted amount
 * ascending then amount descending (one level: selected); the reserve is called only with an offered level and
 * after the cart was found free of a membership or discarded; a cart with a membership opens the dialog; after
 * reserving the visitor goes to /events with upsells, else /checkout. Edge coverage proves every transition.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { giftRedeemMachine } from '../../machines/membership/giftRedeem.machine';
import { isExpired, redeemLevels } from '../../machines/membership/giftRedeem.rules';
import type { LookupCodeOutput } from '../../machines/membership/giftRedeem.types';
import { selectGiftRedeemView } from '../../machines/membership/giftRedeem.view';
import { refusalOfEvent, reservedCartOf } from '../../machines/reserve/core/rules';
import type { ReserveIntoCartInput } from '../../machines/reserve/core/types';
import {
  type GiftRedeemSnap,
  inputs,
  LEVELS,
  pathEvents,
  serializeState,
  VALID_CODE,
} from '../../stories/fixtures/giftRedeem';
import { defaultStrings, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof giftRedeemMachine>;

const gone = { events: 0, checkout: 0 };
let seen = { ...gone };
/** Whether each path's actor has the cart dialog on the modal stack (its injected open/close). */
const dialogShown = new WeakMap<object, boolean>();

const provide = {
  actions: {
    goToEvents: () => {
      gone.events++;
    },
    goToCheckout: () => {
      gone.checkout++;
    },
    openCartDialog: ({ self }: { self: object }) => {
      dialogShown.set(self, true);
    },
    closeCartDialog: ({ self }: { self: object }) => {
      dialogShown.set(self, false);
    },
  },
};

const text = (m: unknown) => (m ? resolveMessage(defaultStrings, m as never) : null);

/** The spec's lookup rules restated for the fixture's answers. */
function oracleLookup(lookup: LookupCodeOutput): { message: string } | { levels: string[] } {
  if (lookup.exhausted) return { message: 'This code has already been redeemed' };
  const now = lookup.checkedAt;
  if (
    (lookup.validFrom !== null && now < lookup.validFrom) ||
    (lookup.validTo !== null && now > lookup.validTo)
  )
    return { message: 'This code has expired' };
  if (lookup.levels === LEVELS) return { levels: ['Dual', 'Patron', 'Family'] };
  if (lookup.levels.length === 1 && lookup.levels[0]?.discountedAmount === 0)
    return { levels: ['Individual'] };
  return { message: 'Memberships are not available at this time.' };
}

function onStep(runner: Runner, _expected: GiftRedeemSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const view = selectGiftRedeemView(snapshot);
  const delta = { events: gone.events - seen.events, checkout: gone.checkout - seen.checkout };
  seen = { ...gone };
  const calls = runner.controls.calls;
  for (const call of calls.filter((c) => c.src === 'lookupCode'))
    expect((call.input as { code: string }).code).toHaveLength(10);
  for (const [i, call] of calls.entries()) {
    if (call.src !== 'reserveIntoCart') continue;
    const { request } = call.input as ReserveIntoCartInput;
    if (request.kind !== 'membership') throw new Error(`the redeem reserved ${request.kind}`);
    expect(request.membership.giftCode).toBe(VALID_CODE);
    expect(request.membership.levelId).not.toBe('');
    // Reserved only after the cart was found free of a membership, or discarded.
    expect(['checkCart', 'discardCart']).toContain(calls[i - 1]?.src);
  }
  if (event.type === 'submit' && snapshot.matches('editing'))
    expect(text(context.codeError)).toBe('You must enter a valid code');
  if (event.type === 'submit' && snapshot.matches('lookingUp')) {
    expect(context.code.trim()).toHaveLength(10);
    expect(calls.at(-1)).toEqual({ src: 'lookupCode', input: { code: context.code.trim() } });
  }
  if (event.type === 'xstate.done.actor.lookupCode') {
    const expected = oracleLookup((event as unknown as { output: LookupCodeOutput }).output);
    if ('message' in expected) {
      expect(snapshot.value).toBe('editing');
      expect(text(context.codeError)).toBe(expected.message);
    } else {
      expect(snapshot.value).toBe('choosing');
      expect(view.levels.map((l) => l.id)).toEqual(expected.levels);
      expect(view.levelId).toBe(expected.levels.length === 1 ? expected.levels[0] : null);
    }
  }
  if (event.type === 'xstate.error.actor.lookupCode') {
    const code = (event as unknown as { error: { code: string } }).error.code;
    expect(text(context.codeError)).toBe(
      code === 'not_found'
        ? 'You must enter a valid code'
        : 'Sorry, something unexpected happened. Please try again later.',
    );
  }
  expect(view.levels.length).toBeLessThanOrEqual(3);
  if (event.type === 'redeem')
    expect(snapshot.matches('checkingCart')).toBe(context.levels.some((l) => l.id === context.levelId));
  if (event.type === 'xstate.done.actor.checkCart') {
    const holds = (event as unknown as { output: { holdsMembership: boolean } }).output.holdsMembership;
    expect(snapshot.value).toBe(holds ? 'cartConflict' : 'reserving');
    expect(view.cartConflict).toBe(holds);
  }
  if (event.type === 'cart.dismiss')
    expect(text(context.formError)).toBe(
      'You need to take action on your current cart before you can redeem a membership.',
    );
  if (event.type === 'xstate.done.actor.checkUpsells') {
    const upsells = (event as unknown as { output: { upsells: boolean } }).output.upsells;
    expect(snapshot.status).toBe('done');
    expect(delta).toEqual(upsells ? { events: 1, checkout: 0 } : { events: 0, checkout: 1 });
  } else if (event.type === 'cart.checkout' || event.type === 'xstate.error.actor.checkUpsells')
    expect(delta).toEqual({ events: 0, checkout: 1 });
  else expect(delta).toEqual({ events: 0, checkout: 0 });
  // Reserved: the cart is handed on (and marked) once, then upsells decide where to go.
  if (reservedCartOf(event) !== null) {
    expect(snapshot.value).toBe('checkingUpsells');
    expect(context.cart).toBe(reservedCartOf(event));
  }
  const refusal = event.type.endsWith('.reserveIntoCart') ? refusalOfEvent(event) : null;
  if (refusal) {
    const { code } = refusal.error;
    const expected = {
      code_exhausted: 'This code has already been redeemed',
      code_expired: 'This code has expired',
      rule_blocks_reserve: null,
      internal_error: 'Sorry, something unexpected happened. Please try again later.',
      unexpected: 'Sorry, something unexpected happened. Please try again later.',
    }[code];
    expect(snapshot.value).toBe('choosing');
    expect(text(context.formError)).toBe(expected);
  }
  expect(view.canRedeem).toBe(snapshot.matches('choosing') && view.levels.some((l) => l.id === view.levelId));
  // the cart dialog (Discard / Checkout) is on the modal stack exactly while the flow waits for a choice
  expect(dialogShown.get(runner.actor) ?? false).toBe(snapshot.matches('cartConflict'));
}

describe('redeem a gift membership paths', () => {
  it('walks every transition, matching the oracle at every step (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: giftRedeemMachine,
      inputs,
      events: pathEvents,
      serializeState,
      onStep,
      provide,
    });
    assertFullCoverage(report);
    recordCoverage('giftRedeem', report);
    expect(gone.events).toBeGreaterThan(0);
    expect(gone.checkout).toBeGreaterThan(0);
  });

  it('a 10-character gift_code is looked up at once; a shorter one is not', () => {
    const a = createReplayRunner(giftRedeemMachine, { input: { giftCode: ` ${VALID_CODE} ` } });
    expect(a.controls.calls).toEqual([{ src: 'lookupCode', input: { code: VALID_CODE } }]);
    a.actor.stop();
    const b = createReplayRunner(giftRedeemMachine, { input: { giftCode: 'GIFT' } });
    expect(b.controls.calls).toEqual([]);
    expect(b.actor.getSnapshot().context.code).toBe('');
    b.actor.stop();
  });

  it('offers at most 3 levels: highest-rank discounted, discounted amount ascending then amount descending', () => {
    expect(redeemLevels(LEVELS).map((l) => l.id)).toEqual(['Dual', 'Patron', 'Family']);
    expect(
      isExpired({
        validFrom: null,
        validTo: Date.parse('2026-01-01T00:00:00Z'),
        checkedAt: Date.parse('2026-01-02'),
      }),
    ).toBe(true);
    expect(isExpired({ validFrom: null, validTo: null, checkedAt: 0 })).toBe(false);
  });
});
