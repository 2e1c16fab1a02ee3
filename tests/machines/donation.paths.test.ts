/**
 * Checkout's donation form (`donation`; spec 2 §2, §4 "Donations"; spec 1 §5 flexible price; issue 23): every
 * path of the model replayed on a real actor with a fake cart server, with invariants from the spec checked at
 * each step by an oracle written here: the cart never holds two donations; a change removes exactly the ticket
 * ids of the donation the cart held when it was made and adds the one chosen ticket (a preset's type, or the own
 * amount's with its face value); a refusal keeps the amount chosen and leaves the cart as it was; an own amount
 * that does not fit (spec 1 §5) is refused without a call, with 'Value entered is outside min/max.'.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject, SimulatedClock } from 'xstate';
import type { CartModel } from '../../api/models';
import { donationMachine } from '../../machines/donation/donation.machine';
import type { ChangeDonationInput } from '../../machines/donation/types';
import { selectDonationView } from '../../machines/donation/view';
import {
  type DonationSnap,
  FRIEND,
  FRIEND_DONATION,
  GROUP,
  heldDonations,
  inputs,
  NO_DONATION,
  OWN,
  PATRON,
  pathEvents,
  serializeState,
} from '../../stories/fixtures/donation';
import { createStrings, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof donationMachine>;
const T = createStrings();
const text = (m: { key: string } | null) =>
  m ? resolveMessage(T, m as Parameters<typeof resolveMessage>[1]) : null;

/** Spec 1 §5: an optional plus sign, digits, up to 2 decimals; between the own amount's bounds ($5 to $1,000). */
function oracleOwnCents(typed: string): number | null {
  const m = /^\+?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(typed.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents >= 500 && cents <= 100000 ? cents : null;
}
const PRESETS: Record<string, number> = { [FRIEND.id]: 1000, [PATRON.id]: 5000 };
const SPEC = {
  outside: 'Value entered is outside min/max.',
  generic: 'Sorry! Something unexpected happened. Please try again.',
};

const changeCalls = (runner: Runner) => runner.controls.calls.filter((call) => call.src === 'changeDonation');

interface Seen {
  choice: string | null;
  typed: string;
  cart: CartModel | null;
  calls: number;
  /** The cart's donation ids when the pending change was made. */
  pendingRemove: string[] | null;
}
const seen = new WeakMap<Runner, Seen>();
const handedOn = new WeakMap<SimulatedClock, CartModel[]>();
const provide = (clock: SimulatedClock) => {
  const out: CartModel[] = [];
  handedOn.set(clock, out);
  return { actions: { cartApplied: (_: unknown, params: { cart: CartModel }) => out.push(params.cart) } };
};

function onStep(runner: Runner, _expected: DonationSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const entry = seen.get(runner) ?? {
    choice: null,
    typed: '',
    cart: context.cart,
    calls: 0,
    pendingRemove: null,
  };
  const ev = event as unknown as {
    ticketTypeId?: string;
    value?: string;
    cart?: CartModel;
    output?: CartModel;
  };
  const ready = snapshot.matches('ready');
  if (event.type === 'xstate.done.actor.loadGroup' && ready) {
    // The form opens with the cart's donation chosen (its own amount as typed text), else none.
    const [held] = heldDonations(entry.cart);
    entry.choice = held?.ticketTypeId ?? null;
    entry.typed = held && held.ticketTypeId === OWN.id ? (held.cents / 100).toFixed(2) : '';
  }
  if (event.type === 'amount.choose' && ready && GROUP.types.some((t) => t.id === ev.ticketTypeId))
    entry.choice = ev.ticketTypeId ?? null;
  if (event.type === 'amount.change' && ready) {
    entry.typed = ev.value ?? '';
    entry.choice = OWN.id;
  }
  if (event.type === 'cart.change') entry.cart = ev.cart ?? null;
  // A change made: exactly the ids the cart held out, the one chosen ticket in (or nothing: remove).
  if (changeCalls(runner).length > entry.calls) {
    entry.calls = changeCalls(runner).length;
    const input = changeCalls(runner).at(-1)?.input as ChangeDonationInput;
    const ids = heldDonations(entry.cart).map((d) => d.id);
    expect(input.remove).toEqual(ids);
    if (event.type === 'remove') expect(input.add).toBeNull();
    else {
      expect(event.type).toBe('submit');
      const own = entry.choice === OWN.id ? oracleOwnCents(entry.typed) : null;
      expect(input.add).toEqual(
        entry.choice === OWN.id
          ? { ticketTypeId: OWN.id, faceValue: ((own ?? 0) / 100).toFixed(2) }
          : { ticketTypeId: entry.choice, faceValue: null },
      );
      if (entry.choice !== OWN.id) expect(PRESETS[entry.choice ?? '']).toBeDefined();
    }
    entry.pendingRemove = ids;
  }
  if (event.type === 'submit' && ready && entry.choice === OWN.id && oracleOwnCents(entry.typed) === null)
    expect(text(selectDonationView(snapshot).ownAmount?.error ?? null)).toBe(SPEC.outside);
  if (event.type.startsWith('xstate.done.actor.') && event.type !== 'xstate.done.actor.loadGroup') {
    // The fresh cart is handed to the app cart, and is the form's cart.
    expect(handedOn.get(runner.clock)?.at(-1)).toBe(ev.output);
    entry.cart = ev.output ?? null;
    for (const id of entry.pendingRemove ?? [])
      expect(heldDonations(entry.cart).some((d) => d.id === id)).toBe(false);
    if (event.type === 'xstate.done.actor.removeDonation') {
      entry.choice = null;
      entry.typed = '';
    }
    entry.pendingRemove = null;
  }
  if (event.type.startsWith('xstate.error.actor.') && event.type !== 'xstate.error.actor.loadGroup') {
    const error = (event as unknown as { error: { description?: string; status?: number } }).error;
    expect(text(context.error)).toBe(error.status === 500 ? SPEC.generic : error.description);
    entry.pendingRemove = null;
  }
  // At every step: never two donations in the cart; the choice and what was typed are kept; the cart is the
  // app cart's as last seen.
  expect(heldDonations(context.cart).length).toBeLessThanOrEqual(1);
  expect(context.cart).toEqual(entry.cart);
  if (!snapshot.matches('loading') && !snapshot.matches('unavailable')) {
    expect(context.choice).toBe(entry.choice);
    expect(context.amount).toBe(entry.typed);
  }
  seen.set(runner, entry);
}

describe('donation: examples from the spec', () => {
  const start = (cart: CartModel) =>
    createReplayRunner(donationMachine, { input: { groupId: GROUP.id, cart }, provide });

  it('loads the group the seller offers, GET ticket_group/{id}; a group without amounts, or a failure, shows no form', async () => {
    const runner = start(NO_DONATION);
    expect(runner.controls.calls.filter((c) => c.src === 'loadGroup')).toEqual([
      { src: 'loadGroup', input: { groupId: GROUP.id } },
    ]);
    await runner.controls.resolve('loadGroup', { ...GROUP, types: [] });
    expect(runner.actor.getSnapshot().value).toBe('unavailable');
    expect(selectDonationView(runner.actor.getSnapshot()).shown).toBe(false);
    const failing = start(NO_DONATION);
    await failing.controls.reject('loadGroup', { code: 'not_found', status: 404 });
    expect(failing.actor.getSnapshot().value).toBe('unavailable');
  });

  it('a change of $10 to $42.50 of your own: one modification, the $10 ticket out, the own ticket in', async () => {
    const runner = start(FRIEND_DONATION);
    await runner.controls.resolve('loadGroup', GROUP);
    expect(selectDonationView(runner.actor.getSnapshot())).toMatchObject({
      inCartCents: 1000,
      submitKind: 'update',
      canSubmit: false,
      canRemove: true,
    });
    runner.actor.send({ type: 'amount.change', value: '42.5' });
    runner.actor.send({ type: 'submit' });
    runner.actor.send({ type: 'submit' });
    expect(changeCalls(runner)).toEqual([
      {
        src: 'changeDonation',
        input: { remove: ['d-old'], add: { ticketTypeId: OWN.id, faceValue: '42.50' } },
      },
    ]);
    runner.actor.stop();
  });

  it('an own amount below $5 is refused without a call, and kept as typed', async () => {
    const runner = start(NO_DONATION);
    await runner.controls.resolve('loadGroup', GROUP);
    runner.actor.send({ type: 'amount.change', value: '4' });
    runner.actor.send({ type: 'submit' });
    const view = selectDonationView(runner.actor.getSnapshot());
    expect(text(view.ownAmount?.error ?? null)).toBe(SPEC.outside);
    expect(view.ownAmount?.value).toBe('4');
    expect(changeCalls(runner)).toEqual([]);
    runner.actor.stop();
  });
});

describe('donation paths', () => {
  it('walks every transition, the invariants holding at each step', async () => {
    const report = await walkMachinePaths({
      machine: donationMachine,
      // One input: a cart with a $10 donation (the cart without one is a removal or a cart change away).
      inputs: [inputs[1] as (typeof inputs)[number]],
      events: pathEvents,
      serializeState,
      provide,
      onStep,
    });
    assertFullCoverage(report);
    recordCoverage('donation', report);
    expect(report.paths).toBeGreaterThan(0);
  });
});
