/**
 * The checkout screen's wiring: each provided actor calls the right API or adapter method with the right
 * input; a card provider that cannot load shows the spec's message alone, without refreshing the cart.
 */

import { PaymentElement } from '@stripe/react-stripe-js';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Api } from '../../api';
import { ErrorCode } from '../../domain/codes';
import { checkoutOutcome } from '../../domain/error-messages/checkout';
import { cartPrefill } from '../../machines/checkout/rules';
import { selectCheckoutView } from '../../machines/checkout/view';
import { dataLayerAnalytics } from '../../routes/app/analytics';
import { realClock } from '../../routes/app/clock';
import { giftApplier, memberGiftFreeCheckout } from '../../routes/checkout/gift';
import {
  identityFormShownFor,
  ownedByPublicIdentity,
  paymentLoader,
  provideCheckout,
  sellerPayment,
  suppressEmailFrom,
} from '../../routes/checkout/wiring';
import { markZipCodeTried, zipCodeTried } from '../../routes/checkout/zip-code';
import { createStripeAdapter } from '../../routes/payment/stripe';
import type { PaymentAdapter } from '../../routes/payment/types';
import { createStrings, resolveMessage } from '../../ui/strings';
import { makeCart } from '../machines/checkout.fixtures';
import { flush } from '../machines/graph-helpers';
import { anySignal, memoryStorage, runProvided } from './helpers';

// Stripe.js cannot load here (no network, privacy blockers): loadStripe rejects.
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(() => Promise.reject(new Error('blocked'))) }));

function fakeApi() {
  return {
    cart: {
      setPurchaser: vi.fn(async () => ({})),
      pay: vi.fn(async () => ({ orderIds: ['o-1'] })),
      guestCheckout: vi.fn(async () => ({ orderIds: ['o-2'] })),
      applyCode: vi.fn(async () => makeCart(2300)),
    },
  };
}
const asApi = (api: ReturnType<typeof fakeApi>) => api as unknown as Pick<Api, 'cart'>;

function fakeAdapter(): PaymentAdapter & {
  confirmCard: ReturnType<typeof vi.fn>;
  confirmAction: ReturnType<typeof vi.fn>;
} {
  return {
    renderCardForm: () => null,
    confirmCard: vi.fn(async () => ({ source: 'pm_card_visa' })),
    confirmAction: vi.fn(async () => {}),
  };
}

const wire = (api: ReturnType<typeof fakeApi>, payment: () => Promise<PaymentAdapter>) => {
  const spies = { refreshCart: vi.fn(), completed: vi.fn(), pending: vi.fn() };
  return { machine: provideCheckout({ api: asApi(api), payment, ...spies }), ...spies };
};

describe('checkout wiring', () => {
  it('stores the purchaser, pays and checks out free with the machine’s input', async () => {
    const api = fakeApi();
    const { machine } = wire(api, async () => fakeAdapter());
    const purchaser = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    await runProvided(machine, 'storePurchaser', { cartId: 'cart-1', purchaser });
    expect(api.cart.setPurchaser).toHaveBeenCalledWith('cart-1', purchaser, { signal: anySignal });
    await runProvided(machine, 'pay', {
      cartId: 'cart-1',
      amountCents: 5000,
      source: 'pm_card_visa',
      captchaToken: null,
    });
    expect(api.cart.pay).toHaveBeenCalledWith(
      'cart-1',
      { amountCents: 5000, source: 'pm_card_visa', captcha: null },
      { signal: anySignal },
    );
    await runProvided(machine, 'freeCheckout', { cartId: 'cart-1', captchaToken: null });
    expect(api.cart.guestCheckout).toHaveBeenCalledWith('cart-1', { signal: anySignal, captcha: null });
  });

  it('issue 23: the captcha port solves for solveCaptcha; its token goes with the payment as { provider, token }', async () => {
    const api = fakeApi();
    const solve = vi.fn(async () => 'tok-1');
    const spies = { refreshCart: vi.fn(), completed: vi.fn(), pending: vi.fn() };
    const machine = provideCheckout({
      api: asApi(api),
      payment: async () => fakeAdapter(),
      captcha: { provider: 'sandbox', solve },
      ...spies,
    });
    await expect(runProvided(machine, 'solveCaptcha', { cartId: 'cart-1' })).resolves.toEqual({
      token: 'tok-1',
    });
    await runProvided(machine, 'pay', {
      cartId: 'cart-1',
      amountCents: 5000,
      source: 'pm_1',
      captchaToken: 'tok-1',
    });
    expect(api.cart.pay).toHaveBeenCalledWith(
      'cart-1',
      { amountCents: 5000, source: 'pm_1', captcha: { provider: 'sandbox', token: 'tok-1' } },
      { signal: anySignal },
    );
    await runProvided(machine, 'freeCheckout', { cartId: 'cart-1', captchaToken: 'tok-2' });
    expect(api.cart.guestCheckout).toHaveBeenCalledWith('cart-1', {
      signal: anySignal,
      captcha: { provider: 'sandbox', token: 'tok-2' },
    });
    // Without a captcha: solveCaptcha has nothing to solve (the machine never asks: no captcha input).
    const { machine: none } = wire(api, async () => fakeAdapter());
    await expect(runProvided(none, 'solveCaptcha', { cartId: 'cart-1' })).rejects.toEqual({
      code: ErrorCode.captcha_unavailable,
    });
  });

  it('an injected staff-style checkout suppresses the email: its payments and free checkout say send_email false', async () => {
    // Spec 2 §3 checkout options `injected`, `suppressEmailNotification`; §4: only a cart the route names.
    expect(suppressEmailFrom('?suppressEmailNotification=true', 'cart-1')).toBe(true);
    expect(suppressEmailFrom('suppressEmailNotification=1', 'cart-1')).toBe(true);
    expect(suppressEmailFrom('?suppressEmailNotification=true', undefined)).toBe(false);
    expect(suppressEmailFrom('?suppressEmailNotification=no', 'cart-1')).toBe(false);
    expect(suppressEmailFrom('', 'cart-1')).toBe(false);

    const api = { cart: { ...fakeApi().cart, payWithLedger: vi.fn(async () => ({ orderIds: ['o-3'] })) } };
    const spies = { refreshCart: vi.fn(), completed: vi.fn(), pending: vi.fn() };
    const machine = provideCheckout({
      api: api as unknown as Pick<Api, 'cart'>,
      payment: async () => fakeAdapter(),
      suppressEmail: true,
      ...spies,
    });
    await runProvided(machine, 'pay', {
      cartId: 'cart-1',
      amountCents: 5000,
      source: 'pm_1',
      captchaToken: null,
    });
    expect(api.cart.pay).toHaveBeenCalledWith(
      'cart-1',
      { amountCents: 5000, source: 'pm_1', captcha: null, sendEmail: false },
      { signal: anySignal },
    );
    await runProvided(machine, 'payGiftCard', {
      cartId: 'cart-1',
      cardNumber: '7000',
      amountCents: 1000,
      captchaToken: null,
    });
    expect(api.cart.payWithLedger).toHaveBeenCalledWith(
      'cart-1',
      expect.objectContaining({ cardNumber: '7000', sendEmail: false }),
      { signal: anySignal },
    );
    await runProvided(machine, 'freeCheckout', { cartId: 'cart-1', captchaToken: null });
    expect(api.cart.guestCheckout).toHaveBeenCalledWith('cart-1', {
      signal: anySignal,
      captcha: null,
      sendEmail: false,
    });
  });

  it('the gift-recipient check makes the cart a gift (applyGift); paying no longer does', async () => {
    const api = fakeApi();
    const gift = vi.fn(async () => {});
    const spies = { refreshCart: vi.fn(), completed: vi.fn(), pending: vi.fn() };
    const machine = provideCheckout({ api: asApi(api), payment: async () => fakeAdapter(), gift, ...spies });
    await runProvided(machine, 'pay', { cartId: 'cart-1', amountCents: 5000, source: 'pm_card_visa' });
    await runProvided(machine, 'freeCheckout', { cartId: 'cart-1' });
    expect(gift).not.toHaveBeenCalled();
    await runProvided(machine, 'applyGift', { cartId: 'cart-1' });
    expect(gift).toHaveBeenCalledWith('cart-1', anySignal);
  });

  it('a logged-in member’s free gift checks out with the giftee and the giver (my/cart/{id}/guest_checkout, spec 2 §7)', async () => {
    const api = fakeApi();
    const membership = {
      createGiftee: vi.fn(async () => 'id-gia'),
      giftCheckout: vi.fn(async () => makeCart(0)),
      giftFreeCheckout: vi.fn(async () => ({ orderIds: ['o-gift'] })),
    };
    const gift = giftApplier({ membership } as unknown as Pick<Api, 'membership'>, {
      cartId: 'cart-1',
      first: 'Gia',
      last: 'Giftee',
      email: 'gia@example.com',
    });
    const spies = { refreshCart: vi.fn(), completed: vi.fn(), pending: vi.fn() };
    const machine = provideCheckout({
      api: asApi(api),
      payment: async () => fakeAdapter(),
      gift,
      giftFreeCheckout: memberGiftFreeCheckout(
        { membership } as unknown as Pick<Api, 'membership'>,
        gift,
        'id-member',
      ),
      suppressEmail: true,
      ...spies,
    });
    await runProvided(machine, 'applyGift', { cartId: 'cart-1' });
    const out = await runProvided(machine, 'freeCheckout', { cartId: 'cart-1', captchaToken: null });
    expect(out).toEqual({ orderIds: ['o-gift'] });
    expect(membership.giftFreeCheckout).toHaveBeenCalledWith(
      'cart-1',
      { guestIdentityId: 'id-gia', giverIdentityId: 'id-member', sendEmail: false },
      { signal: anySignal },
    );
    // The gift was made once (the recipient's identity is reused), and the plain free checkout is not sent.
    expect(membership.createGiftee).toHaveBeenCalledTimes(1);
    expect(membership.giftCheckout).toHaveBeenCalledTimes(1);
    expect(api.cart.guestCheckout).not.toHaveBeenCalled();
  });

  it('analytics: begin_checkout with the cart as it is then, purchase before leaving for the confirmation (GA4 shapes)', async () => {
    const api = fakeApi();
    const target: { dataLayer?: unknown[] } = {};
    const cart = {
      ...makeCart(5000),
      items: [
        {
          key: 'ev-1:ses-1',
          eventId: 'ev-1',
          eventName: 'General Admission',
          sessionId: 'ses-1',
          start: null,
          timezone: 'UTC',
          image: null,
          ticketIds: ['t-1', 't-2'],
          lines: [{ ticketTypeId: 'tt-adult', name: 'Adult', count: 2, unitCents: 2500, totalCents: 5000 }],
        },
      ],
    };
    let current: typeof cart | null = cart;
    const completed = vi.fn(() => {
      current = null; // the route clears the cart after leaving: the purchase was reported before
    });
    const machine = provideCheckout({
      api: asApi(api),
      payment: async () => fakeAdapter(),
      refreshCart: vi.fn(),
      completed,
      pending: vi.fn(),
      analytics: dataLayerAnalytics(target),
      currentCart: () => current,
    });
    const actor = createActor(machine, { input: { cart, identityFormShown: false, termsShown: false } });
    actor.start();
    actor.send({ type: 'field.focus' });
    actor.send({ type: 'field.focus' });
    actor.send({ type: 'submit' });
    await flush();
    const items = [
      { item_id: 'tt-adult', item_name: 'Adult', item_category: 'General Admission', price: 25, quantity: 2 },
    ];
    expect(target.dataLayer).toEqual([
      { event: 'begin_checkout', ecommerce: { currency: 'USD', items, value: 50 } },
      { event: 'purchase', ecommerce: { transaction_id: 'o-1', currency: 'USD', items, value: 50 } },
    ]);
    expect(completed).toHaveBeenCalledWith(['o-1']);
    // No personal data: nothing of the purchaser travels.
    expect(JSON.stringify(target.dataLayer)).not.toMatch(/@|Ada|Lovelace/);
  });

  it('the identity form shows only on the public identity’s cart (spec 2 §2)', () => {
    const cart = makeCart(5000); // identityId 'public'
    expect(ownedByPublicIdentity(cart, 'public', false)).toBe(true);
    expect(ownedByPublicIdentity({ ...cart, identityId: 'member-7' }, 'public', true)).toBe(false);
    // Without the public identity's id in the configuration: a visitor who is not logged in.
    expect(ownedByPublicIdentity(cart, null, false)).toBe(true);
    expect(ownedByPublicIdentity(cart, null, true)).toBe(false);
  });

  it('a guest’s cart that has its purchaser shows the form too, prefilled with it (issue 19: back from a failed payment)', () => {
    const purchaser = { firstName: 'Kat', lastName: 'Johnson', email: 'kat@example.com' };
    const given = { ...makeCart(5000), identityId: 'guest-3', purchaser };
    expect(identityFormShownFor(given, 'public', false)).toBe(true);
    expect(identityFormShownFor({ ...given, purchaser: undefined }, 'public', false)).toBe(false);
    expect(identityFormShownFor(given, 'public', true)).toBe(false);
    expect(cartPrefill(given)).toEqual({
      firstName: 'Kat',
      lastName: 'Johnson',
      email: 'kat@example.com',
      emailConfirm: 'kat@example.com',
    });
    expect(cartPrefill(makeCart(5000))).toBeUndefined();
  });

  it('confirms the card and the customer action with the adapter, once it has loaded', async () => {
    const adapter = fakeAdapter();
    const { machine } = wire(fakeApi(), async () => adapter);
    await expect(runProvided(machine, 'confirmCard', { amountCents: 5000 })).resolves.toEqual({
      source: 'pm_card_visa',
    });
    expect(adapter.confirmCard).toHaveBeenCalledWith({ amountCents: 5000 });
    const intent = { clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1' };
    await runProvided(machine, 'confirmAction', intent);
    expect(adapter.confirmAction).toHaveBeenCalledWith(intent);
  });

  it('an adapter that cannot load answers the card steps with payment_provider_unavailable', async () => {
    const { machine } = wire(fakeApi(), () => Promise.reject(new Error('chunk failed')));
    await expect(runProvided(machine, 'confirmCard', { amountCents: 5000 })).rejects.toEqual({
      code: ErrorCode.payment_provider_unavailable,
    });
  });

  it("spec 2 §4: the member's zip code goes to apply_code with errors ignored; the fresh cart to the app cart", async () => {
    const api = fakeApi();
    const cartUpdated = vi.fn();
    const zipCodeTriedOn = vi.fn();
    const spies = { refreshCart: vi.fn(), completed: vi.fn(), pending: vi.fn() };
    const machine = provideCheckout({
      api: asApi(api),
      payment: async () => fakeAdapter(),
      cartUpdated,
      zipCodeTriedOn,
      ...spies,
    });
    const fresh = await runProvided(machine, 'applyZipCode', { cartId: 'cart-1', code: '10024' });
    expect(api.cart.applyCode).toHaveBeenCalledWith('cart-1', ['10024'], {
      requireBenefit: true,
      ignoreErrors: true,
      signal: anySignal,
    });
    expect(zipCodeTriedOn).toHaveBeenCalledWith('cart-1', '10024');
    // A failed call counts as tried too.
    api.cart.applyCode.mockRejectedValueOnce(new Error('offline'));
    await expect(runProvided(machine, 'applyZipCode', { cartId: 'cart-2', code: '10024' })).rejects.toThrow();
    expect(zipCodeTriedOn).toHaveBeenLastCalledWith('cart-2', '10024');
    const actor = createActor(machine, {
      input: { cart: makeCart(2500), identityFormShown: false, termsShown: false, zipCode: '10024' },
    });
    actor.start();
    await flush();
    expect(cartUpdated).toHaveBeenCalledWith(fresh);
    expect(selectCheckoutView(actor.getSnapshot()).totalCents).toBe(2300);
  });

  it('the zip code is tried once per cart and ticket count (misses count against the guessing limit)', () => {
    const storage = memoryStorage();
    const cart = { id: 'cart-1', ticketCount: 2 };
    expect(zipCodeTried(storage, 's1', cart, '10024')).toBe(false);
    markZipCodeTried(storage, 's1', cart, '10024');
    expect(zipCodeTried(storage, 's1', cart, '10024')).toBe(true);
    expect(zipCodeTried(storage, 's1', { ...cart, ticketCount: 3 }, '10024')).toBe(false);
    expect(zipCodeTried(storage, 's1', { ...cart, id: 'cart-2' }, '10024')).toBe(false);
    expect(zipCodeTried(storage, 's1', cart, '10021')).toBe(false);
    expect(zipCodeTried(storage, 's2', cart, '10024')).toBe(false);
  });

  it('spec 2 §4: with the zip-code discount option the Stripe form offers no wallets, card only', () => {
    const paymentElementOptions = (wallets: boolean | undefined) => {
      const adapter = createStripeAdapter({
        publishableKey: 'pk_test_x',
        amountCents: 5000,
        currency: 'USD',
        ...(wallets === undefined ? {} : { wallets }),
      });
      const tree = adapter.renderCardForm({ disabled: false }) as ReactElement<{ children: ReactNode }>;
      const children = [tree.props.children].flat() as ReactNode[];
      const element = children.find(
        (child): child is ReactElement<{ options: Record<string, unknown> }> =>
          isValidElement(child) && child.type === PaymentElement,
      );
      return element?.props.options;
    };
    expect(paymentElementOptions(undefined)).toMatchObject({
      paymentMethodOrder: ['apple_pay', 'google_pay', 'card'],
    });
    expect(paymentElementOptions(undefined)).not.toHaveProperty('wallets');
    expect(paymentElementOptions(true)).not.toHaveProperty('wallets');
    expect(paymentElementOptions(false)).toMatchObject({
      paymentMethodOrder: ['card'],
      wallets: { applePay: 'never', googlePay: 'never' },
    });
  });

  it('the payment adapter loads once per checkout', async () => {
    const load = vi.fn(async () => fakeAdapter());
    const payment = paymentLoader(load);
    expect(await payment()).toBe(await payment());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('Stripe blocked: the spec’s message shows alone, the cart is not refreshed, and the button is usable', async () => {
    const api = fakeApi();
    const stripe = createStripeAdapter({ publishableKey: 'pk_test_x', amountCents: 5000, currency: 'USD' });
    const { machine, refreshCart } = wire(api, async () => stripe);
    const actor = createActor(machine, {
      input: { cart: makeCart(5000), identityFormShown: true, termsShown: false },
    });
    actor.start();
    for (const [name, value] of [
      ['firstName', 'Ada'],
      ['lastName', 'Lovelace'],
      ['email', 'ada@example.com'],
      ['emailConfirm', 'ada@example.com'],
    ] as const)
      actor.send({ type: 'field.change', name, value });
    actor.send({ type: 'submit' });
    await flush();
    await flush();
    const view = selectCheckoutView(actor.getSnapshot());
    expect(view.formError && resolveMessage(createStrings(), view.formError)).toBe(
      'Credit card payment can not be processed because the card payment provider was unable to load. Try disabling any privacy blockers and ad blockers, and reloading the page.',
    );
    expect(refreshCart).not.toHaveBeenCalled();
    expect(api.cart.pay).not.toHaveBeenCalled();
    expect(view.canSubmit).toBe(true);
  });

  it('the seller’s payment mode picks the adapter: sandbox, Stripe with its key, and none without one', async () => {
    const deps = {
      api: fakeApi() as unknown as Api,
      strings: createStrings(),
      clock: realClock,
      cart: { currency: 'USD', totals: { outstandingCents: 5000 } },
    };
    const sandboxSource = sellerPayment({ ...deps, config: { paymentMode: 'sandbox' } });
    // At hand at once: the card fields render with the page, not after a load (no layout shift).
    expect(sandboxSource.current()).not.toBeNull();
    const sandbox = await sandboxSource();
    expect(sandbox).toBe(sandboxSource.current());
    await expect(sandbox.confirmCard({ amountCents: 5000 })).rejects.toMatchObject({
      code: 'incorrect_number',
    });
    const stripeSource = sellerPayment({
      ...deps,
      config: { paymentMode: 'stripe', stripePublishableKey: 'pk_test_x' },
    });
    expect(stripeSource.current()).toBeNull();
    const stripe = await stripeSource();
    expect(stripeSource.current()).toBe(stripe);
    await expect(stripe.confirmCard({ amountCents: 5000 })).rejects.toEqual({
      code: ErrorCode.payment_provider_unavailable,
    });
    await expect(sellerPayment({ ...deps, config: { paymentMode: 'stripe' } })()).rejects.toThrow();
    // A seller without a gateway: no card fields (no sandbox claimed), and a card payment is refused with the
    // server's payment_unavailable (its text at checkout) before anything is sent.
    const noneSource = sellerPayment({ ...deps, config: { paymentMode: 'unavailable' } });
    const none = await noneSource();
    expect(none).not.toBe(sandbox);
    expect(none.renderCardForm({ disabled: false })).toBeNull();
    await expect(none.confirmCard({ amountCents: 5000 })).rejects.toEqual({
      code: ErrorCode.payment_unavailable,
    });
    expect(checkoutOutcome({ code: ErrorCode.payment_unavailable })).toEqual({
      kind: 'message',
      message: { key: 'paymentUnavailable' },
    });
  });
});
