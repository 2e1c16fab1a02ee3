/**
 * Zip-code discount (spec 2 §4): "A zip code from the member identity is matched against a discount pattern and
 * applied as a code (US five digits; UK postcode pattern; country taken from the first two letters of the
 * default currency code)" and "Wallets are disabled if a postcode-as-discount-code option is set".
 *
 * The pure rules, example by example and as properties (fast-check draws zips, postcodes, spacing, case and
 * currencies), then the checkout machine: the code is applied before the form, once, errors ignored, and a
 * submit waits for it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CartModel } from '../../api/models';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { walletsAllowed } from '../../machines/checkout/rules';
import { selectCheckoutView } from '../../machines/checkout/view';
import { currencyCountry, zipCodeToApply, zipDiscountCode } from '../../machines/checkout/zip-code';
import { makeCart } from './checkout.fixtures';

describe('zip-code discount rules', () => {
  it('takes the country from the first two letters of the currency', () => {
    expect(currencyCountry('USD')).toBe('US');
    expect(currencyCountry('GBP')).toBe('GB');
    expect(currencyCountry('eur')).toBe('EU');
  });

  it.each([
    ['10024', 'USD', '10024'],
    [' 10024 ', 'USD', '10024'],
    ['1002', 'USD', null],
    ['100245', 'USD', null],
    ['10024-1234', 'USD', null],
    ['1OO24', 'USD', null],
    ['SW1A 1AA', 'USD', null],
    ['SW1A 1AA', 'GBP', 'SW1A 1AA'],
    ['sw1a1aa', 'GBP', 'SW1A 1AA'],
    ['  ec1a   1bb ', 'GBP', 'EC1A 1BB'],
    ['M1 1AE', 'GBP', 'M1 1AE'],
    ['B33 8TH', 'GBP', 'B33 8TH'],
    ['CR2 6XH', 'GBP', 'CR2 6XH'],
    ['DN55 1PT', 'GBP', 'DN55 1PT'],
    ['W1A 0AX', 'GBP', 'W1A 0AX'],
    ['GIR 0AA', 'GBP', 'GIR 0AA'],
    ['10024', 'GBP', null],
    ['QW1 1AA', 'GBP', null],
    ['SW1A 1AI', 'GBP', null],
    ['SW1A', 'GBP', null],
    ['10024', 'EUR', null],
    ['SW1A 1AA', 'EUR', null],
  ])('%j in %s → %j', (zip, currency, code) => {
    expect(zipDiscountCode(zip, currency)).toBe(code);
  });

  it('applies only with the option on, a zip that matches, and a cart that does not hold the code yet', () => {
    const base = { optionOn: true, zip: '10024', currency: 'USD' };
    expect(zipCodeToApply(base)).toBe('10024');
    expect(zipCodeToApply({ ...base, optionOn: false })).toBeNull();
    expect(zipCodeToApply({ ...base, zip: null })).toBeNull();
    expect(zipCodeToApply({ ...base, zip: undefined })).toBeNull();
    expect(zipCodeToApply({ ...base, zip: '' })).toBeNull();
    expect(zipCodeToApply({ ...base, zip: 'ABCDE' })).toBeNull();
    expect(zipCodeToApply({ ...base, appliedCodes: ['WELCOME20'] })).toBe('10024');
    expect(zipCodeToApply({ ...base, appliedCodes: ['WELCOME20', '10024'] })).toBeNull();
    expect(
      zipCodeToApply({ optionOn: true, zip: 'sw1a 1aa', currency: 'GBP', appliedCodes: ['SW1A 1AA'] }),
    ).toBeNull();
  });

  it('wallets are offered only without the option', () => {
    expect(walletsAllowed(false)).toBe(true);
    expect(walletsAllowed(true)).toBe(false);
  });
});

const digit = fc.constantFrom(...'0123456789');
const letters = (chars: string) => fc.constantFrom(...chars);
/** UK postcodes in every outward format (A9, A99, AA9, AA99, A9A, AA9A) with the letters each place allows. */
const ukPostcode = fc
  .tuple(
    fc.oneof(
      fc.tuple(letters('ABCDEFGHIJKLMNOPRSTUWYZ'), digit).map((p) => p.join('')),
      fc.tuple(letters('ABCDEFGHIJKLMNOPRSTUWYZ'), digit, digit).map((p) => p.join('')),
      fc
        .tuple(letters('ABCDEFGHIJKLMNOPRSTUWYZ'), letters('ABCDEFGHKLMNOPQRSTUVWXY'), digit)
        .map((p) => p.join('')),
      fc
        .tuple(letters('ABCDEFGHIJKLMNOPRSTUWYZ'), letters('ABCDEFGHKLMNOPQRSTUVWXY'), digit, digit)
        .map((p) => p.join('')),
      fc.tuple(letters('ABCDEFGHIJKLMNOPRSTUWYZ'), digit, letters('ABCDEFGHJKPSTUW')).map((p) => p.join('')),
      fc
        .tuple(
          letters('ABCDEFGHIJKLMNOPRSTUWYZ'),
          letters('ABCDEFGHKLMNOPQRSTUVWXY'),
          digit,
          letters('ABEHMNPRVWXY'),
        )
        .map((p) => p.join('')),
    ),
    fc.tuple(digit, letters('ABDEFGHJLNPQRSTUWXYZ'), letters('ABDEFGHJLNPQRSTUWXYZ')).map((p) => p.join('')),
  )
  .map(([outward, inward]) => `${outward} ${inward}`);
/** Spacing and case a member may have typed. */
const spaced = (code: string) =>
  fc
    .record({
      lower: fc.boolean(),
      pad: fc.constantFrom('', ' ', '  '),
      gap: fc.constantFrom('', ' ', '   '),
    })
    .map(({ lower, pad, gap }) => {
      const [out = '', inn = ''] = code.split(' ');
      const typed = `${pad}${out}${gap}${inn}${pad}`;
      return lower ? typed.toLowerCase() : typed;
    });
const otherCurrency = fc
  .stringMatching(/^[A-Z]{3}$/)
  .filter((c) => !c.startsWith('US') && !c.startsWith('GB'));

describe('zip-code discount properties', () => {
  it('US: five digits, trimmed, are the code; anything else is none', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{5}$/), fc.constantFrom('', ' ', '\t'), (zip, pad) => {
        expect(zipDiscountCode(`${pad}${zip}${pad}`, 'USD')).toBe(zip);
      }),
    );
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }).filter((s) => !/^\d{5}$/.test(s.trim())),
        (zip) => {
          expect(zipDiscountCode(zip, 'USD')).toBeNull();
        },
      ),
    );
  });

  it('UK: any postcode, however spaced or cased, is the code in capitals with one space; it stays itself', () => {
    fc.assert(
      fc.property(
        ukPostcode.chain((code) => fc.tuple(fc.constant(code), spaced(code))),
        ([code, typed]) => {
          expect(zipDiscountCode(typed, 'GBP')).toBe(code);
          expect(zipDiscountCode(code, 'GBP')).toBe(code);
        },
      ),
    );
  });

  it('a code is always 2 to 35 characters (a promo code, spec 2 §5), and other countries have no pattern', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.constantFrom('USD', 'GBP'), (zip, currency) => {
        const code = zipDiscountCode(zip, currency);
        if (code !== null) {
          expect(code.length).toBeGreaterThanOrEqual(2);
          expect(code.length).toBeLessThanOrEqual(35);
          expect(code).toBe(code.trim());
        }
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^\d{5}$/), ukPostcode), otherCurrency, (zip, currency) => {
        expect(zipDiscountCode(zip, currency)).toBeNull();
      }),
    );
  });

  it('never applies a code the cart already holds, in any case', () => {
    fc.assert(
      fc.property(ukPostcode, fc.boolean(), (code, lower) => {
        const held = lower ? code.toLowerCase() : code;
        expect(
          zipCodeToApply({ optionOn: true, zip: code, currency: 'GBP', appliedCodes: [held] }),
        ).toBeNull();
        expect(zipCodeToApply({ optionOn: true, zip: code, currency: 'GBP', appliedCodes: [] })).toBe(code);
      }),
    );
  });
});

describe('checkout applies the zip code first', () => {
  const discounted = (): CartModel => {
    const cart = makeCart(2300);
    return { ...cart, promoCodes: ['10024'], totals: { ...cart.totals, discountCents: 200 } };
  };
  function start(zipCode: string | null, answer: () => Promise<CartModel>) {
    const calls: { cartId: string; code: string }[] = [];
    const handed: CartModel[] = [];
    const pays: unknown[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const machine = checkoutMachine.provide({
      actors: {
        applyZipCode: fromPromise<CartModel, { cartId: string; code: string }>(async ({ input }) => {
          calls.push(input);
          await gate;
          return answer();
        }),
        confirmCard: fromPromise(async () => ({ source: 'pm_card_visa' })),
        pay: fromPromise(async ({ input }) => {
          pays.push(input);
          return { orderIds: ['o1'] };
        }),
      },
      actions: { zipCodeApplied: (_, { cart }) => handed.push(cart) },
    });
    const actor = createActor(machine, {
      input: { cart: makeCart(2500), identityFormShown: false, termsShown: false, zipCode },
    });
    actor.start();
    return { actor, calls, handed, pays, release };
  }
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };

  it('without a zip code the form is there at once and nothing is applied', () => {
    const { actor, calls } = start(null, async () => discounted());
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls).toEqual([]);
  });

  it('applies it once to the cart, holds submits meanwhile, then takes the discounted cart and pays its amount', async () => {
    const { actor, calls, handed, pays, release } = start('10024', async () => discounted());
    expect(actor.getSnapshot().value).toBe('applyingZipCode');
    expect(calls).toEqual([{ cartId: 'cart-1', code: '10024' }]);
    expect(selectCheckoutView(actor.getSnapshot())).toMatchObject({
      canSubmit: false,
      busy: true,
      submitting: false,
    });
    actor.send({ type: 'submit' });
    expect(pays).toEqual([]);
    release();
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(handed).toHaveLength(1);
    expect(selectCheckoutView(actor.getSnapshot())).toMatchObject({ canSubmit: true, busy: false });
    expect(selectCheckoutView(actor.getSnapshot()).totalCents).toBe(2300);
    actor.send({ type: 'submit' });
    await settle();
    expect(pays).toEqual([
      { cartId: 'cart-1', amountCents: 2300, source: 'pm_card_visa', captchaToken: null },
    ]);
    expect(calls).toHaveLength(1);
  });

  it('a refusal is ignored: the form, no message, the cart as it was', async () => {
    const { actor, handed, release } = start('10024', async () => {
      throw { code: 'code_not_found', status: 404, description: '"10024" is not a valid promo code.' };
    });
    release();
    await settle();
    const view = selectCheckoutView(actor.getSnapshot());
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view.formError).toBeNull();
    expect(view.totalCents).toBe(2500);
    expect(handed).toEqual([]);
  });
});
