/**
 * The promo code rules and view (machines/promoCode/rules.ts, shown.ts, view.ts; spec 2 §2, §5, §8, spec 1 §8),
 * written from the spec: trimmed, 2 to 35 characters (fast-check over typed codes), the refusals' messages, the
 * duplicate_code rule, when the box and the blocked form show, and what the view offers in each state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CartModLine } from '../../api/models';
import { promoCodeMachine } from '../../machines/promoCode/promoCode.machine';
import {
  applyErrorMessage,
  blockingRules,
  canApply,
  codeFieldError,
  isCodeError,
  keptCode,
  PROMO_CODE_MAX,
  PROMO_CODE_MIN,
  promoBoxShown,
  settledApplyError,
  trimmedCode,
} from '../../machines/promoCode/rules';
import type { PromoCodeContext, PromoCodeKind } from '../../machines/promoCode/types';
import { promoCodeCallbacks, selectPromoCodeView } from '../../machines/promoCode/view';
import { fieldRefusal, refusalMessage, SHOWN } from './promoCode.table';
import { stateValueOf } from './transition-table';

/** Spec 2 §5: whitespace at either end does not count. */
const spaced = fc.tuple(
  fc.stringMatching(/^[ \t]{0,3}$/),
  fc.stringMatching(/^[A-Z0-9][A-Z0-9 ]{0,40}[A-Z0-9]$|^[A-Z0-9]?$/),
  fc.stringMatching(/^[ \t]{0,3}$/),
);

describe('the code (spec 2 §5, §9)', () => {
  it('is 2 to 35 characters once trimmed; the field keeps 35', () => {
    expect([PROMO_CODE_MIN, PROMO_CODE_MAX]).toEqual([2, 35]);
    expect(canApply('W')).toBe(false);
    expect(canApply(' W ')).toBe(false);
    expect(canApply('AB')).toBe(true);
    expect(canApply(`  ${'C'.repeat(35)}  `)).toBe(true);
    expect(canApply('C'.repeat(36))).toBe(false);
    expect(trimmedCode('\t WELCOME20 \n')).toBe('WELCOME20');
    expect(keptCode('L'.repeat(36))).toBe('L'.repeat(35));
    expect(codeFieldError(' AB ')).toBeNull();
    expect(codeFieldError('C'.repeat(35))).toBeNull();
    expect(codeFieldError(' W ')).toEqual({ key: 'promoCodeTooShort', params: { min: 2 } });
    expect(codeFieldError('L'.repeat(36))).toEqual({ key: 'promoCodeTooLong', params: { max: 35 } });
    expect(codeFieldError(' \t ')).toEqual({ key: 'inputEmpty' });
    fc.assert(
      fc.property(spaced, ([before, code, after]) => {
        const typed = `${before}${code}${after}`;
        expect(trimmedCode(typed)).toBe(code);
        expect(canApply(typed)).toBe(code.length >= 2 && code.length <= 35);
        expect(codeFieldError(typed) === null).toBe(canApply(typed));
        if (!canApply(typed)) expect(codeFieldError(typed)).toEqual(fieldRefusal(typed));
        expect(keptCode(typed)).toBe(typed.slice(0, 35));
      }),
    );
  });
});

describe('the refusals (spec 2 §8, spec 1 §8)', () => {
  it('a shown promo error: its description, or "{code}" is not a valid promo code; others the unknown text', () => {
    for (const code of SHOWN) {
      expect(isCodeError({ code })).toBe(true);
      expect(applyErrorMessage({ code, description: 'Said so.' }, 'X1')).toEqual(
        refusalMessage({ code, description: 'Said so.' }, 'X1'),
      );
      expect(applyErrorMessage({ code, description: null }, 'X1')).toEqual({
        key: 'promoInvalid',
        params: { code: 'X1' },
      });
    }
    for (const code of ['unexpected', 'duplicate_code', 'rule_blocks_reserve', 'not_found']) {
      expect(isCodeError({ code })).toBe(false);
      expect(applyErrorMessage({ code, description: 'Said so.' }, 'X1')).toEqual({ key: 'promoUnknown' });
    }
  });

  it('duplicate_code alone stands; with a second error that one is the refusal; any other is its own', () => {
    const second = { code: 'code_not_found', description: 'No.' };
    expect(settledApplyError({ code: 'duplicate_code' })).toBeNull();
    expect(settledApplyError({ code: 'duplicate_code', more: [] })).toBeNull();
    expect(settledApplyError({ code: 'duplicate_code', more: [second, { code: 'x' }] })).toBe(second);
    const other = { code: 'code_exhausted', more: [second] };
    expect(settledApplyError(other)).toBe(other);
  });
});

describe('when the box and the blocked form show (spec 2 §2)', () => {
  const mod = (id: string, blocking: boolean): CartModLine => ({
    id,
    name: id,
    description: null,
    amountCents: 0,
    automatic: false,
    blocking,
  });
  it('the promo box: the cart modifiable, the setting on and the card amount above 0', () => {
    expect(promoBoxShown(true, true, 1)).toBe(true);
    expect(promoBoxShown(false, true, 1)).toBe(false);
    expect(promoBoxShown(true, false, 1)).toBe(false);
    expect(promoBoxShown(true, true, 0)).toBe(false);
    expect(promoBoxShown(true, true, -1)).toBe(false);
  });
  it('the blocked form: the cart’s blocking rules, in order', () => {
    expect(blockingRules(null)).toEqual([]);
    expect(blockingRules({})).toEqual([]);
    const a = mod('a', true);
    const c = mod('c', true);
    expect(blockingRules({ cartMods: [a, mod('b', false), c] })).toEqual([a, c]);
  });
});

describe('the view (spec 2 §2, §5)', () => {
  const snap = (state: string, context: Partial<PromoCodeContext> & { kind: PromoCodeKind }) =>
    promoCodeMachine.resolveState({
      value: stateValueOf(state) as never,
      context: {
        code: '',
        fieldError: null,
        error: null,
        codeRefused: false,
        applied: null,
        refusals: 0,
        ...context,
      },
    });
  it('Apply: the promo box’s with 2 to 35 characters, the blocked form’s always; neither while applying', () => {
    for (const state of ['editing', 'applied', 'applying'])
      for (const kind of ['promo', 'blocked'] as const)
        for (const code of ['', 'W', ' AB ', 'C'.repeat(35), 'L'.repeat(36)]) {
          const view = selectPromoCodeView(snap(state, { kind, code }));
          const expected = state !== 'applying' && (kind === 'blocked' || canApply(code));
          expect(view.canApply, `${state} ${kind} '${code}'`).toBe(expected);
          expect(view.applying).toBe(state === 'applying');
          expect(view.code).toBe(code);
          expect(view.kind).toBe(kind);
          expect(view.maxLength).toBe(35);
        }
  });
  it('"Please try another one." only on the blocked form after a code error; the rest as the context says', () => {
    const error = { key: 'promoUnknown' } as const;
    const fieldError = { key: 'inputEmpty' } as const;
    const shared = { error, fieldError, applied: 'WELCOME20', refusals: 4 };
    expect(selectPromoCodeView(snap('editing', { kind: 'blocked', codeRefused: true, ...shared }))).toEqual({
      kind: 'blocked',
      code: '',
      maxLength: 35,
      canApply: true,
      applying: false,
      fieldError,
      error,
      tryAnother: true,
      applied: 'WELCOME20',
      errorVersion: 4,
    });
    expect(selectPromoCodeView(snap('editing', { kind: 'promo', codeRefused: true })).tryAnother).toBe(false);
    expect(selectPromoCodeView(snap('editing', { kind: 'blocked', codeRefused: false })).tryAnother).toBe(
      false,
    );
  });
  it('its callbacks send what the visitor did', () => {
    const sent: unknown[] = [];
    const callbacks = promoCodeCallbacks((event) => sent.push(event));
    callbacks.onCodeChange('SAVE5');
    callbacks.onApply();
    expect(sent).toEqual([{ type: 'code.change', value: 'SAVE5' }, { type: 'apply' }]);
  });
  it('an actor without a provided applyCode fails the call: the refusal is shown', async () => {
    const actor = createActor(promoCodeMachine, { input: { kind: 'promo' } }).start();
    actor.send({ type: 'code.change', value: 'SAVE5' });
    actor.send({ type: 'apply' });
    expect(actor.getSnapshot().value).toBe('applying');
    const after = await waitFor(actor, (s) => s.matches('editing'));
    expect(after.context.error).toEqual({ key: 'promoUnknown' });
  });
});
