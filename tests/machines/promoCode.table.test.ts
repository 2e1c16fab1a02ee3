/**
 * The promo code box and the blocked-cart form held to their independent transition table (issue 29,
 * ./promoCode.table.ts, written from spec 2 §2, §5, §7, §8 and spec 1 §8): every state × world × event sample,
 * the start of each kind, and the messages' texts.
 */
import { describe, expect, it } from 'vitest';
import { promoCodeMachine } from '../../machines/promoCode/promoCode.machine';
import '../../ui/checkout/promo-strings';
import '../../ui/form-strings';
import { createStrings, resolveMessage } from '../../ui/strings';
import { events, fieldRefusal, refusalMessage, table, worlds } from './promoCode.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('promo code held to its transition table (spec 2 §2, §5, §7, §8; spec 1 §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(promoCodeMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: promoCodeMachine, table, worlds, events })).toBeGreaterThan(250);
  });

  it('starts editing with nothing typed, nothing refused and nothing applied, for either kind', () => {
    for (const kind of ['promo', 'blocked'] as const)
      expect(actualInitial(promoCodeMachine, { kind })).toEqual(
        expectedInitial(table, {
          kind,
          code: '',
          fieldError: null,
          error: null,
          codeRefused: false,
          applied: null,
          refusals: 0,
        }),
      );
  });

  it('its messages read as the spec writes them (spec 2 §8; the field texts ours)', () => {
    const T = createStrings();
    const text = (message: ReturnType<typeof fieldRefusal>) => resolveMessage(T, message as never);
    expect(text(refusalMessage({ code: 'unexpected' }, 'NOPE'))).toBe('Sorry. Please try again later.');
    expect(text(refusalMessage({ code: 'code_not_found' }, 'NOPE'))).toBe(
      '"NOPE" is not a valid promo code.',
    );
    expect(text(refusalMessage({ code: 'code_exhausted', description: 'Used up.' }, 'X'))).toBe('Used up.');
    expect(text(fieldRefusal(' '))).toBe('Input must not be empty');
    expect(text(fieldRefusal('W'))).toBe('A code has at least 2 characters.');
    expect(text(fieldRefusal('L'.repeat(36)))).toBe('A code has at most 35 characters.');
  });
});
