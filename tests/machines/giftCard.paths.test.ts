/**
 * The gift card field (`giftCard`; spec 2 §3, §4 "Gift cards", §5, §8; issue 22), held to a table written from
 * the spec, not read from the machine: a number is required and at most 70 characters are kept; a card applied
 * already shows "Oops! You already applied this gift card" without a lookup; a card with balance 0 or less or not
 * active shows "Gift Card balance is $0"; 404 shows "Gift card not found."; any other failure "We are having
 * trouble with that sorry. Please try again later."; a usable card becomes a pending gift card payment (card
 * number, payment amount, remaining balance), each card paying what it can of what the earlier ones left, over
 * what is due now (the app cart's outstanding balance, followed) and never over more than the checkout pays now
 * (a payment plan's chosen amount, followed: spec 2 §4), and a card checkout spent leaves them. Then every path of
 * the model, the table checked at each step, and an edge-coverage check.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject, SimulatedClock } from 'xstate';
import type { GiftCardPayment } from '../../api/models';
import { giftCardMachine } from '../../machines/giftCard/giftCard.machine';
import {
  CARD_A,
  CARD_B,
  CHOSEN,
  DUE,
  failures,
  type GiftCardSnap,
  inputs,
  LONG_NUMBER,
  lookups,
  pathEvents,
  serializeState,
} from '../../stories/fixtures/giftCard';
import { createStrings, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof giftCardMachine>;
/** The lookups made (the app cart's follower, invoked from the start, is not one). */
const lookupCalls = (runner: Runner) => runner.controls.calls.filter((call) => call.src === 'lookupCard');
const T = createStrings();

/** Spec 2 §5: required, at most 70 kept; the number compared without spaces. */
const oracleKept = (typed: string) => typed.slice(0, 70);
const bare = (typed: string) => typed.replace(/[\s-]/g, '');
const SPEC = {
  required: 'Please enter a gift card number.', // ours: the spec says "required" without a text
  duplicate: 'Oops! You already applied this gift card',
  empty: 'Gift Card balance is $0',
  notFound: 'Gift card not found.',
  generic: 'We are having trouble with that sorry. Please try again later.',
};
/**
 * Spec 2 §3: each applied card pays what it can of what the earlier ones left; spec 2 §4: of the amount the
 * checkout pays now (a payment plan's choice, `limit`) when that is less than what is due.
 */
function oraclePayments(
  applied: Array<[string, number]>,
  due: number,
  limit: number | null = null,
): GiftCardPayment[] {
  let left = limit === null ? due : Math.min(due, limit);
  return applied.map(([cardNumber, balance]) => {
    const paymentCents = Math.min(balance, left);
    left -= paymentCents;
    return { cardNumber, paymentCents, remainingBalanceCents: balance - paymentCents };
  });
}

interface Seen {
  typed: string;
  due: number;
  limit: number | null;
  applied: Array<[string, number]>;
  calls: number;
  pendingNumber: string;
}
const seen = new WeakMap<Runner, Seen>();
const handedOn = new WeakMap<SimulatedClock, GiftCardPayment[][]>();
/** The amount the cards were spread over at most, as handed on with them (the widget's lines use it). */
const limitsHandedOn = new WeakMap<SimulatedClock, Array<number | null>>();
const provide = (clock: SimulatedClock) => {
  const out: GiftCardPayment[][] = [];
  const limits: Array<number | null> = [];
  handedOn.set(clock, out);
  limitsHandedOn.set(clock, limits);
  return {
    actions: {
      cardsChanged: (_: unknown, params: { cards: GiftCardPayment[]; limitCents: number | null }) => {
        out.push(params.cards);
        limits.push(params.limitCents);
      },
    },
  };
};
const text = (m: { key: string } | null) =>
  m ? resolveMessage(T, m as Parameters<typeof resolveMessage>[1]) : null;

function onStep(runner: Runner, _expected: GiftCardSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const entry = seen.get(runner) ?? {
    typed: '',
    due: DUE,
    limit: null,
    applied: [],
    calls: 0,
    pendingNumber: '',
  };
  const ev = event as unknown as {
    value?: string;
    dueCents?: number;
    limitCents?: number | null;
    output?: { state: string; balanceCents: number };
    error?: { status?: number };
  };
  if (event.type === 'number.change') entry.typed = oracleKept(ev.value ?? '');
  if (event.type === 'due.change') entry.due = ev.dueCents ?? DUE;
  if (event.type === 'limit.change') {
    entry.limit = ev.limitCents ?? null;
    // Handed on at once, with the amount they are spread over at most.
    expect(handedOn.get(runner.clock)?.at(-1)).toEqual(oraclePayments(entry.applied, entry.due, entry.limit));
    expect(limitsHandedOn.get(runner.clock)?.at(-1)).toBe(entry.limit);
  }
  // A spent card leaves the applied cards; the others are spread again over what is due.
  if (event.type === 'card.spent')
    entry.applied = entry.applied.filter(
      ([n]) => n !== (event as unknown as { cardNumber: string }).cardNumber,
    );
  if (event.type === 'apply' && snapshot.matches('lookingUp') && lookupCalls(runner).length > entry.calls) {
    entry.calls++;
    entry.pendingNumber = bare(entry.typed);
    expect(lookupCalls(runner).at(-1)).toEqual({
      src: 'lookupCard',
      input: { ledgerType: 'gift_card', number: bare(entry.typed) },
    });
  } else if (event.type === 'apply' && snapshot.matches('editing')) {
    const number = bare(entry.typed);
    expect(text(context.fieldError)).toBe(
      number === '' ? SPEC.required : entry.applied.some(([n]) => n === number) ? SPEC.duplicate : null,
    );
  }
  if (event.type === 'xstate.done.actor.lookupCard' && ev.output) {
    expect(snapshot.value).toBe('editing');
    if (ev.output.balanceCents > 0 && ev.output.state === 'active') {
      entry.applied.push([entry.pendingNumber, ev.output.balanceCents]);
      entry.typed = '';
      expect(context.error).toBeNull();
      expect(handedOn.get(runner.clock)?.at(-1)).toEqual(
        oraclePayments(entry.applied, entry.due, entry.limit),
      );
    } else expect(text(context.error)).toBe(SPEC.empty);
  }
  if (event.type === 'xstate.error.actor.lookupCard')
    expect(text(context.error)).toBe(ev.error?.status === 404 ? SPEC.notFound : SPEC.generic);
  // At every step: what was typed is kept, one lookup per accepted apply, the pending payments follow the table,
  // and no card pays more than its balance nor all of them more than is due.
  expect(context.number).toBe(entry.typed);
  expect(lookupCalls(runner).length).toBe(entry.calls);
  expect(context.cards).toEqual(oraclePayments(entry.applied, entry.due, entry.limit));
  const paid = context.cards.reduce((a, c) => a + c.paymentCents, 0);
  expect(paid).toBeLessThanOrEqual(entry.due);
  if (entry.limit !== null) expect(paid).toBeLessThanOrEqual(entry.limit);
  for (const c of context.cards) expect(c.paymentCents).toBeGreaterThanOrEqual(0);
  seen.set(runner, entry);
}

describe('gift card: the table', () => {
  const start = () =>
    createReplayRunner(giftCardMachine, { input: inputs[0] as { dueCents: number }, provide });

  it('config is clean data, every state described', () => {
    const parsed = JSON.parse(JSON.stringify(giftCardMachine.config));
    expect(parsed.id).toBe('giftCard');
    for (const state of Object.values(parsed.states) as { description?: string }[])
      expect(state.description).toBeTruthy();
  });

  it('a number is required and at most 70 characters are kept', () => {
    const runner = start();
    runner.actor.send({ type: 'apply' });
    expect(text(runner.actor.getSnapshot().context.fieldError)).toBe(SPEC.required);
    runner.actor.send({ type: 'number.change', value: LONG_NUMBER });
    expect(runner.actor.getSnapshot().context.number).toHaveLength(70);
    expect(lookupCalls(runner)).toHaveLength(0);
    runner.actor.stop();
  });

  it('a $10 card then a $200 card for 26.50: 10.00 and 16.50, the second keeps 183.50; a third apply of A is a duplicate', async () => {
    const runner = start();
    const out = handedOn.get(runner.clock) ?? [];
    runner.actor.send({ type: 'number.change', value: CARD_A });
    runner.actor.send({ type: 'apply' });
    runner.actor.send({ type: 'apply' });
    expect(lookupCalls(runner)).toHaveLength(1);
    await runner.controls.resolve('lookupCard', lookups.ten);
    runner.actor.send({ type: 'number.change', value: CARD_B });
    runner.actor.send({ type: 'apply' });
    await runner.controls.resolve('lookupCard', lookups.twoHundred);
    expect(runner.actor.getSnapshot().context.cards).toEqual([
      { cardNumber: '7000000000000010', paymentCents: 1000, remainingBalanceCents: 0 },
      { cardNumber: '7000000000000200', paymentCents: 1650, remainingBalanceCents: 18350 },
    ]);
    expect(out.at(-1)).toEqual(runner.actor.getSnapshot().context.cards);
    runner.actor.send({ type: 'number.change', value: '7000000000000010' });
    runner.actor.send({ type: 'apply' });
    expect(text(runner.actor.getSnapshot().context.fieldError)).toBe(SPEC.duplicate);
    expect(lookupCalls(runner)).toHaveLength(2);
    // A lower amount due spreads them again.
    runner.actor.send({ type: 'due.change', dueCents: 500 });
    expect(runner.actor.getSnapshot().context.cards.map((c) => c.paymentCents)).toEqual([500, 0]);
    runner.actor.stop();
  });

  it('a card checkout spent leaves the applied cards: the next is spread over what is due, and handed on', async () => {
    const runner = start();
    const out = handedOn.get(runner.clock) ?? [];
    runner.actor.send({ type: 'number.change', value: CARD_A });
    runner.actor.send({ type: 'apply' });
    await runner.controls.resolve('lookupCard', lookups.ten);
    runner.actor.send({ type: 'number.change', value: CARD_B });
    runner.actor.send({ type: 'apply' });
    await runner.controls.resolve('lookupCard', lookups.twoHundred);
    runner.actor.send({ type: 'card.spent', cardNumber: '7000000000000010' });
    const want = [{ cardNumber: '7000000000000200', paymentCents: 2650, remainingBalanceCents: 17350 }];
    expect(runner.actor.getSnapshot().context.cards).toEqual(want);
    expect(out.at(-1)).toEqual(want);
    runner.actor.stop();
  });

  it('cards applied before (the app cart keeps them) are spread over what is due now, and count as applied', () => {
    const runner = createReplayRunner(giftCardMachine, {
      input: {
        dueCents: 500,
        // Spread when the cart owed 26.50: 10.00 then 16.50 (183.50 left).
        cards: [
          { cardNumber: '7000000000000010', paymentCents: 1000, remainingBalanceCents: 0 },
          { cardNumber: '7000000000000200', paymentCents: 1650, remainingBalanceCents: 18350 },
        ],
      },
      provide,
    });
    expect(runner.actor.getSnapshot().context.cards).toEqual(
      oraclePayments(
        [
          ['7000000000000010', 1000],
          ['7000000000000200', 20000],
        ],
        500,
      ),
    );
    runner.actor.send({ type: 'number.change', value: CARD_B });
    runner.actor.send({ type: 'apply' });
    expect(text(runner.actor.getSnapshot().context.fieldError)).toBe(SPEC.duplicate);
    runner.actor.stop();
  });

  it('a payment plan: the cards pay at most the amount chosen, and follow the panel when it chooses again', async () => {
    // Spec 2 §4: $200.00 owed, $50.00 due now (the default choice); a $100.00 card pays the $50.00, keeps $50.00.
    const runner = createReplayRunner(giftCardMachine, {
      input: { dueCents: 20000, limitCents: 5000 },
      provide,
    });
    const out = handedOn.get(runner.clock) ?? [];
    const limits = limitsHandedOn.get(runner.clock) ?? [];
    runner.actor.send({ type: 'number.change', value: CARD_B });
    runner.actor.send({ type: 'apply' });
    await runner.controls.resolve('lookupCard', { ...lookups.twoHundred, balanceCents: 10000 });
    const card = (paymentCents: number) => [
      { cardNumber: '7000000000000200', paymentCents, remainingBalanceCents: 10000 - paymentCents },
    ];
    expect(runner.actor.getSnapshot().context.cards).toEqual(card(5000));
    expect([out.at(-1), limits.at(-1)]).toEqual([card(5000), 5000]);
    // The panel chooses the outstanding balance: the whole card pays.
    runner.actor.send({ type: 'limit.change', limitCents: 20000 });
    expect([out.at(-1), limits.at(-1)]).toEqual([card(10000), 20000]);
    // Another amount, $75.00: the card pays $75.00.
    runner.actor.send({ type: 'limit.change', limitCents: 7500 });
    expect(runner.actor.getSnapshot().context.cards).toEqual(card(7500));
    // The cart owes less than chosen (a removal): what it owes wins.
    runner.actor.send({ type: 'due.change', dueCents: 6000 });
    expect(runner.actor.getSnapshot().context.cards).toEqual(card(6000));
    // No plan any more: what the cart owes.
    runner.actor.send({ type: 'limit.change', limitCents: null });
    expect([out.at(-1), limits.at(-1)]).toEqual([card(6000), null]);
    runner.actor.stop();
  });

  it.each([
    ['a $0 card', lookups.empty, SPEC.empty],
    ['an inactive card', lookups.inactive, SPEC.empty],
  ])('%s: refused as a card without balance, nothing applied', async (_label, output, want) => {
    const runner = start();
    runner.actor.send({ type: 'number.change', value: output.number });
    runner.actor.send({ type: 'apply' });
    await runner.controls.resolve('lookupCard', output);
    expect(text(runner.actor.getSnapshot().context.error)).toBe(want);
    expect(runner.actor.getSnapshot().context.cards).toEqual([]);
    expect(runner.actor.getSnapshot().context.number).toBe(output.number);
    runner.actor.stop();
  });

  it.each([
    ['not found', failures.notFound, SPEC.notFound],
    ['a server failure', failures.server, SPEC.generic],
  ])('%s shows the spec message', async (_label, error, want) => {
    const runner = start();
    runner.actor.send({ type: 'number.change', value: CARD_B });
    runner.actor.send({ type: 'apply' });
    await runner.controls.reject('lookupCard', error);
    expect(text(runner.actor.getSnapshot().context.error)).toBe(want);
    runner.actor.stop();
  });
});

describe('gift card paths', () => {
  it('walks every transition, the table holding at each step', async () => {
    const report = await walkMachinePaths({
      machine: giftCardMachine,
      inputs,
      events: pathEvents,
      serializeState,
      provide,
      onStep,
    });
    assertFullCoverage(report);
    recordCoverage('giftCard', report);
    expect(report.paths).toBeGreaterThan(0);
  });
});
