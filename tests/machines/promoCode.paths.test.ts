/**
 * The promo code box and the blocked-cart form (`promoCode`; spec 2 §2, §5, §8; issue 21), held to a table
 * written from the spec, not read from the machine: a code is trimmed and applied only with 2 to 35 characters
 * (the box's Apply is disabled below 2; the blocked form's code is required and at least 2); at most 35 are
 * kept; an applied code hands the fresh cart to the app cart and clears the field; a refusal shows the spec's
 * message and keeps what was typed ('"{code}" is not a valid promo code.' when the server gives no
 * description, 'Sorry. Please try again later.' for an unknown error), and the blocked form adds "Please try
 * another one." after a code error. duplicate_code (spec 1 §8 "the first error is returned, or the second if
 * present is thrown"): alone, the code is on the cart already and the apply stands; with a second error, the
 * second is the refusal. Then every path of the model on a simulated clock,
 * with the table checked at each step and every field the view reads, and an edge-coverage check.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject, SimulatedClock } from 'xstate';
import type { CartModel } from '../../api/models';
import { promoCodeMachine } from '../../machines/promoCode/promoCode.machine';
import type { PromoCodeKind } from '../../machines/promoCode/types';
import { selectPromoCodeView } from '../../machines/promoCode/view';
import {
  discountedCart,
  duplicateAlone,
  GOOD_CODE,
  inputs,
  LONG_CODE,
  MAX_CODE,
  type PromoCodeSnap,
  pathEvents,
  refusals,
  serializeState,
} from '../../stories/fixtures/promoCode';
import { createStrings, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import {
  assertFullCoverage,
  createReplayRunner,
  flush,
  type ReplayRunner,
  walkMachinePaths,
} from './graph-helpers';

type Runner = ReplayRunner<typeof promoCodeMachine>;
const T = createStrings();

/** Spec 2 §5, §9: 2 to 35 characters, trimmed. */
const oracleKept = (typed: string) => typed.slice(0, 35);
const oracleApplies = (typed: string) => {
  const code = oracleKept(typed).trim();
  return code.length >= 2 && code.length <= 35;
};
/** The blocked-cart code's field message (required, minimum 2): its catalogue key. */
const oracleFieldKey = (typed: string) => (typed.trim() === '' ? 'inputEmpty' : 'promoCodeTooShort');

/** Spec 2 §8: the text a refusal shows, and whether it is a code error (the blocked form asks for another). */
const SPEC_CODE_ERRORS = [
  'code_exhausted',
  'code_not_found',
  'additional_info_validation_failed',
  'validation_failed',
  'invalid_citypass',
  'citypass_failure',
  'no_code_benefit',
];
interface OracleError {
  code: string;
  description?: string | null;
  more?: OracleError[];
}
/** Spec 1 §8: duplicate_code alone is no refusal (null); with a second error, the second is. */
const oracleSettled = (error: OracleError): OracleError | null =>
  error.code === 'duplicate_code' ? (error.more?.[0] ?? null) : error;
function oracleRefusal(raw: OracleError, code: string) {
  const error = oracleSettled(raw) ?? raw;
  if (!SPEC_CODE_ERRORS.includes(error.code))
    return { text: 'Sorry. Please try again later.', codeError: false };
  return { text: error.description ?? `"${code}" is not a valid promo code.`, codeError: true };
}

interface Seen {
  typed: string;
  calls: number;
  applied: CartModel[];
}
const seen = new WeakMap<Runner, Seen>();
const appliedByClock = new WeakMap<SimulatedClock, CartModel[]>();
const provide = (clock: SimulatedClock) => {
  const applied: CartModel[] = [];
  appliedByClock.set(clock, applied);
  return { actions: { cartApplied: (_: unknown, params: { cart: CartModel }) => applied.push(params.cart) } };
};

function onStep(runner: Runner, _expected: PromoCodeSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const kind: PromoCodeKind = context.kind;
  const entry = seen.get(runner) ?? { typed: '', calls: 0, applied: [] };
  const applied = appliedByClock.get(runner.clock) ?? [];
  const view = selectPromoCodeView(snapshot);
  const ev = event as unknown as {
    value?: string;
    output?: CartModel;
    error?: OracleError;
  };

  if (event.type === 'code.change') entry.typed = oracleKept(ev.value ?? '');
  if (event.type === 'apply') {
    if (oracleApplies(entry.typed)) {
      expect(snapshot.value).toBe('applying');
      entry.calls++;
      expect(runner.controls.calls.at(-1)).toEqual({
        src: 'applyCode',
        input: { codes: [entry.typed.trim()], requireBenefit: true },
      });
    } else {
      // Refused without a call: the box never gets here (Apply disabled); the blocked form says why.
      expect(snapshot.value).toBe('editing');
      expect(context.fieldError?.key).toBe(oracleFieldKey(entry.typed));
      expect(context.error).toBeNull();
    }
  }
  if (event.type === 'xstate.done.actor.applyCode') {
    expect(snapshot.value).toBe('applied');
    expect(applied.at(-1)).toBe(ev.output);
    expect(view.applied).toBe(entry.typed.trim());
    expect(resolveMessage(T, { key: 'promoApplied', params: { code: view.applied ?? '' } })).toBe(
      `Promo code ${entry.typed.trim()} applied.`,
    );
    entry.typed = '';
  }
  if (event.type === 'xstate.error.actor.applyCode' && ev.error && oracleSettled(ev.error) === null) {
    // The code is on the cart already: applied, the field cleared, no cart handed on (it did not change).
    expect(snapshot.value).toBe('applied');
    expect(view.applied).toBe(entry.typed.trim());
    expect(view.error).toBeNull();
    entry.typed = '';
  } else if (event.type === 'xstate.error.actor.applyCode' && ev.error) {
    const want = oracleRefusal(ev.error, entry.typed.trim());
    expect(snapshot.value).toBe('editing');
    expect(view.error && resolveMessage(T, view.error)).toBe(want.text);
    expect(view.tryAnother).toBe(kind === 'blocked' && want.codeError);
  }
  if (event.type.startsWith('xstate.after.')) {
    expect(snapshot.value).toBe('editing');
    expect(view.applied).toBeNull();
  }
  // At every step: what was typed is kept (cleared only by a success), one call per accepted apply, the
  // fresh cart handed on once per success, and the view's fields agree.
  expect(view.code).toBe(entry.typed);
  expect(runner.controls.calls.length).toBe(entry.calls);
  expect(applied.length).toBeLessThanOrEqual(entry.calls);
  expect(view.kind).toBe(kind);
  expect(view.maxLength).toBe(35);
  expect(view.applying).toBe(snapshot.matches('applying'));
  expect(view.canApply).toBe(
    !snapshot.matches('applying') && (kind === 'blocked' || oracleApplies(entry.typed)),
  );
  expect(view.fieldError).toBe(context.fieldError);
  if (!snapshot.matches('applied')) expect(view.applied).toBeNull();
  if (view.tryAnother) expect(resolveMessage(T, { key: 'promoTryAnother' })).toBe('Please try another one.');
  seen.set(runner, entry);
}

describe('promo code: the table', () => {
  const start = (kind: PromoCodeKind) => createReplayRunner(promoCodeMachine, { input: { kind }, provide });

  it('config is clean data, every state described', () => {
    const parsed = JSON.parse(JSON.stringify(promoCodeMachine.config));
    expect(parsed.id).toBe('promoCode');
    for (const state of Object.values(parsed.states) as { description?: string }[])
      expect(state.description).toBeTruthy();
  });

  it.each([
    ['', false],
    ['W', false],
    [' W ', false],
    ['WE', true],
    [GOOD_CODE, true],
    [MAX_CODE, true],
    [LONG_CODE, true],
  ])('the box applies %j: %s (trimmed, 2 to 35; at most 35 kept)', async (typed, applies) => {
    const runner = start('promo');
    runner.actor.send({ type: 'code.change', value: typed });
    expect(selectPromoCodeView(runner.actor.getSnapshot()).canApply).toBe(applies);
    expect(runner.actor.getSnapshot().context.code).toBe(typed.slice(0, 35));
    runner.actor.send({ type: 'apply' });
    expect(runner.controls.calls.length).toBe(applies ? 1 : 0);
    runner.actor.stop();
  });

  it.each(refusals)('a refusal ($code) shows the spec message and keeps the code', async (error) => {
    for (const kind of ['promo', 'blocked'] as const) {
      const runner = start(kind);
      runner.actor.send({ type: 'code.change', value: ' NOPE ' });
      runner.actor.send({ type: 'apply' });
      await runner.controls.reject('applyCode', error);
      const view = selectPromoCodeView(runner.actor.getSnapshot());
      const want = oracleRefusal(error, 'NOPE');
      expect(view.error && resolveMessage(T, view.error)).toBe(want.text);
      expect(view.code).toBe(' NOPE ');
      expect(view.tryAnother).toBe(kind === 'blocked' && want.codeError);
      runner.actor.stop();
    }
  });

  it('success hands the fresh cart on, clears the field, and the notice goes after its delay', async () => {
    const runner = start('promo');
    const applied = appliedByClock.get(runner.clock) ?? [];
    runner.actor.send({ type: 'code.change', value: GOOD_CODE });
    runner.actor.send({ type: 'apply' });
    runner.actor.send({ type: 'apply' });
    expect(runner.controls.calls).toHaveLength(1);
    const cart = discountedCart();
    await runner.controls.resolve('applyCode', cart);
    expect(applied).toEqual([cart]);
    let view = selectPromoCodeView(runner.actor.getSnapshot());
    expect(view.code).toBe('');
    expect(view.applied).toBe('WELCOME20');
    runner.clock.increment(7999);
    await flush();
    expect(selectPromoCodeView(runner.actor.getSnapshot()).applied).toBe('WELCOME20');
    runner.clock.increment(1);
    await flush();
    view = selectPromoCodeView(runner.actor.getSnapshot());
    expect(view.applied).toBeNull();
    expect(runner.actor.getSnapshot().value).toBe('editing');
    runner.actor.stop();
  });

  it('duplicate_code alone (spec 1 §8): the code is on the cart already, so the apply stands', async () => {
    for (const kind of ['promo', 'blocked'] as const) {
      const runner = start(kind);
      const applied = appliedByClock.get(runner.clock) ?? [];
      runner.actor.send({ type: 'code.change', value: GOOD_CODE });
      runner.actor.send({ type: 'apply' });
      await runner.controls.reject('applyCode', duplicateAlone);
      const view = selectPromoCodeView(runner.actor.getSnapshot());
      expect(runner.actor.getSnapshot().value).toBe('applied');
      expect(view.error).toBeNull();
      expect(view.tryAnother).toBe(false);
      expect(view.code).toBe('');
      expect(view.applied).toBe('WELCOME20');
      expect(applied).toEqual([]);
      runner.actor.stop();
    }
  });

  it('duplicate_code with a second error (spec 1 §8): the second is shown', async () => {
    const runner = start('blocked');
    runner.actor.send({ type: 'code.change', value: 'NOPE' });
    runner.actor.send({ type: 'apply' });
    await runner.controls.reject('applyCode', {
      ...duplicateAlone,
      more: [{ code: 'code_exhausted', status: 400, description: null }],
    });
    const view = selectPromoCodeView(runner.actor.getSnapshot());
    expect(view.error && resolveMessage(T, view.error)).toBe('"NOPE" is not a valid promo code.');
    expect(view.tryAnother).toBe(true);
    expect(resolveMessage(T, { key: 'promoTryAnother' })).toBe('Please try another one.');
    runner.actor.stop();
  });

  it('the blocked form refuses an empty or one-character code with a reason, without a call', () => {
    const runner = start('blocked');
    runner.actor.send({ type: 'apply' });
    expect(resolveMessage(T, runner.actor.getSnapshot().context.fieldError ?? { key: 'errorOops' })).toBe(
      'Input must not be empty',
    );
    runner.actor.send({ type: 'code.change', value: 'E' });
    runner.actor.send({ type: 'apply' });
    expect(resolveMessage(T, runner.actor.getSnapshot().context.fieldError ?? { key: 'errorOops' })).toBe(
      'A code has at least 2 characters.',
    );
    expect(runner.controls.calls).toHaveLength(0);
    runner.actor.stop();
  });
});

describe('promo code paths', () => {
  it('walks every transition for both forms on a simulated clock, the table holding at each step', async () => {
    const report = await walkMachinePaths({
      machine: promoCodeMachine,
      inputs,
      events: pathEvents,
      serializeState,
      provide,
      onStep,
    });
    assertFullCoverage(report);
    recordCoverage('promoCode', report);
    expect(report.paths).toBeGreaterThan(0);
  });
});
