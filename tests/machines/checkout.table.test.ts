/**
 * The checkout machine held to its independent transition table (issue 29, ./checkout.table.ts, written from
 * spec 2 §4): every stable state × world × event sample, and the start from an input.
 */
import { describe, expect, it } from 'vitest';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { card, cart, context, EMPTY, events, msg, strip, table, worlds } from './checkout.table';
import { actualInitial, atomicStates, type Call, expectedInitial, expectTable } from './transition-table';

describe('checkout held to its transition table (spec 2 §4)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(checkoutMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    const compared = expectTable({ machine: checkoutMachine, table, worlds, events, strip });
    expect(compared).toBeGreaterThan(1000);
  });

  it('starts from its input: follows the app cart, applies a zip code first, the form prefilled', () => {
    const input = {
      cart: cart(4999),
      identityFormShown: true,
      termsShown: false,
      prefill: { firstName: 'Ada' },
      gift: true,
      zipCode: '10024',
      paymentFailed: true,
      giftCards: [card('7000000000000010', 1000, 0)],
      captcha: true,
    };
    const start = context({
      termsShown: false,
      values: { ...EMPTY, firstName: 'Ada' },
      termsAccepted: false,
      gift: true,
      zipCode: '10024',
      formError: msg('cardErrorGeneric'),
      giftCards: input.giftCards,
      captchaRequired: true,
    });
    const follow: Call = { invoke: 'followCart', input: { actor: null } };
    expect(actualInitial(checkoutMachine, input)).toEqual(expectedInitial(table, start, [follow]));
    const plain = { cart: cart(0), identityFormShown: false, termsShown: true };
    expect(actualInitial(checkoutMachine, plain)).toEqual(
      expectedInitial(
        table,
        context({ cart: cart(0), identityFormShown: false, values: EMPTY, termsAccepted: false }),
        [follow],
      ),
    );
  });
});
