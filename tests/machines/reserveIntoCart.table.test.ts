/**
 * The reserve core's child held to its independent transition table (issue 29, ./reserveIntoCart.table.ts,
 * written from spec 1 §4 "Reserve with promo code required", §8 and DESIGN.md "Reserve core"): every state ×
 * world × event sample, the start, the output and the prompt's view.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  reserveIntoCartMachine,
  reserveIntoCartOutput,
} from '../../machines/reserve/core/reserveIntoCart.machine';
import type { ReserveIntoCartContext } from '../../machines/reserve/core/types';
import { selectCodePrompt } from '../../machines/reserve/core/view';
import { cart, soldOutError } from '../../stories/fixtures/dateFirstReserve';
import { membershipInput, ticketsInput } from '../../stories/fixtures/reserveIntoCart';
import { events, table, worlds } from './reserveIntoCart.table';
import { actualInitial, atomicStates, expectedInitial, expectTable, stateValueOf } from './transition-table';

const fresh = (input: typeof ticketsInput): ReserveIntoCartContext => ({
  request: input.request,
  newCart: false,
  cart: null,
  refusal: null,
  code: '',
  codeError: null,
});

describe('reserveIntoCart held to its transition table (spec 1 §4, §8; DESIGN.md "Reserve core")', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(reserveIntoCartMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: reserveIntoCartMachine, table, worlds, events })).toBeGreaterThan(300);
  });

  it.each([
    ['tickets', ticketsInput],
    ['a membership', membershipInput],
  ])('starts posting %s to the cart, no new cart, no code', (_name, input) => {
    expect(actualInitial(reserveIntoCartMachine, input)).toEqual(expectedInitial(table, fresh(input)));
  });

  it('ends with the cart, or the refusal (none kept: unexpected)', () => {
    const base = fresh(ticketsInput);
    const refusal = { kind: 'sessionSoldOut' as const, error: { ...soldOutError, context: null } };
    expect(reserveIntoCartOutput({ context: { ...base, cart, refusal } })).toEqual({
      status: 'reserved',
      cart,
    });
    expect(reserveIntoCartOutput({ context: { ...base, refusal } })).toEqual({ status: 'refused', refusal });
    expect(reserveIntoCartOutput({ context: base })).toEqual({
      status: 'refused',
      refusal: { kind: 'other', error: { code: 'unexpected', description: null, context: null } },
    });
  });

  it('the prompt shows while asking, waits while retrying, offers Apply with something typed', () => {
    const at = (state: string, context: Partial<ReserveIntoCartContext>) =>
      reserveIntoCartMachine.resolveState({
        value: stateValueOf(state) as never,
        context: { ...fresh(ticketsInput), ...context },
      });
    const error = { key: 'promoInvalid' as const, params: { code: 'X' } };
    expect(selectCodePrompt(undefined)).toEqual({
      asking: false,
      code: '',
      message: { key: 'codeRequired' },
      error: null,
      submitting: false,
      canSubmit: false,
    });
    expect(selectCodePrompt(at('askingForCode.editing', { code: ' X ', codeError: error }))).toEqual({
      asking: true,
      code: ' X ',
      message: { key: 'codeRequired' },
      error,
      submitting: false,
      canSubmit: true,
    });
    expect(selectCodePrompt(at('askingForCode.editing', { code: '  ' })).canSubmit).toBe(false);
    expect(selectCodePrompt(at('askingForCode.retrying', { code: 'X' }))).toMatchObject({
      asking: true,
      submitting: true,
      canSubmit: false,
    });
    expect(selectCodePrompt(at('posting', { code: 'X' }))).toMatchObject({ asking: false, canSubmit: false });
    // A running actor's snapshot reads the same way.
    const actor = createActor(reserveIntoCartMachine, { input: ticketsInput });
    expect(selectCodePrompt(actor.getSnapshot()).asking).toBe(false);
  });
});
