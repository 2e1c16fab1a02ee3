/**
 * The gift card wiring (issue 22): lookupCard is GET ledger/gift_card/{number} (uncached), the number without the
 * spaces typed; the answer's balance becomes cents; a usable card's pending payment is handed on; a 404 answer
 * reads "Gift card not found.". With a payment plan the field follows the checkout actor: the cards pay at most
 * the amount the scheduled payments panel chose, and that limit is handed on with them (the widget's lines).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError, type GiftCardPayment } from '../../api';
import { ErrorCode } from '../../domain/codes';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { checkoutLimitCents } from '../../machines/giftCard/giftCard.machine';
import { cartWithGiftCards, provideGiftCard } from '../../routes/checkout/gift-card-wiring';
import { planCart } from '../../stories/fixtures/checkout';
import { createStrings, resolveMessage } from '../../ui/strings';

const T = createStrings();
const answer = (balance: string, state = 'active') => ({
  ledger: {
    _count: 1,
    _data: [{ id: 'l1', ledger_type: 'gift_card', number: '7000000000000010', state, balance }],
  },
});

describe('gift card wiring', () => {
  it('looks the card up by its number and hands the pending payment on', async () => {
    const request = vi.fn(async () => answer('10.00'));
    const handed: GiftCardPayment[][] = [];
    const machine = provideGiftCard({
      api: { request } as never,
      cardsChanged: (cards) => handed.push(cards),
    });
    const actor = createActor(machine, { input: { dueCents: 2650 } }).start();
    actor.send({ type: 'number.change', value: '7000 0000-0000 0010' });
    actor.send({ type: 'apply' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.cards.length === 1);
    expect(request).toHaveBeenCalledWith('GET', 'ledger/gift_card/7000000000000010', {
      signal: expect.any(AbortSignal),
    });
    expect(handed).toEqual([
      [{ cardNumber: '7000000000000010', paymentCents: 1000, remainingBalanceCents: 0 }],
    ]);
    actor.stop();
  });

  it('a 404 reads "Gift card not found."', async () => {
    const request = vi.fn(async () => {
      throw new ApiError({ status: 404, code: ErrorCode.not_found, context: 'ledger', description: null });
    });
    const machine = provideGiftCard({ api: { request } as never, cardsChanged: () => {} });
    const actor = createActor(machine, { input: { dueCents: 2650 } }).start();
    actor.send({ type: 'number.change', value: '1234' });
    actor.send({ type: 'apply' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(resolveMessage(T, actor.getSnapshot().context.error ?? { key: 'errorOops' })).toBe(
      'Gift card not found.',
    );
    actor.stop();
  });
});

describe('gift card wiring with a payment plan (spec 2 §4: a gift card pays at most the amount chosen)', () => {
  it("follows the checkout actor's amount to pay: the cards and the limit handed on follow the panel's choice", async () => {
    // $200.00 owed, $50.00 due now; a $100.00 card.
    const cart = planCart();
    const checkout = createActor(checkoutMachine, {
      input: { cart, identityFormShown: false, termsShown: false, instalmentCents: 5000 },
    }).start();
    const request = vi.fn(async () => answer('100.00'));
    const handed: Array<[number[], number | null]> = [];
    const machine = provideGiftCard({
      api: { request } as never,
      cardsChanged: (cards, limitCents) => handed.push([cards.map((c) => c.paymentCents), limitCents]),
    });
    const actor = createActor(machine, {
      input: {
        dueCents: cart.totals.outstandingCents,
        limitCents: checkoutLimitCents(checkout.getSnapshot()),
        checkoutActor: checkout,
      },
    }).start();
    actor.send({ type: 'number.change', value: '7000000000000010' });
    actor.send({ type: 'apply' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.cards.length === 1);
    expect(handed.at(-1)).toEqual([[5000], 5000]);
    expect(actor.getSnapshot().context.cards[0]?.remainingBalanceCents).toBe(5000);
    // The panel chooses the outstanding balance, then another amount.
    checkout.send({ type: 'instalment.change', amountCents: 20000 });
    expect(handed.at(-1)).toEqual([[10000], 20000]);
    checkout.send({ type: 'instalment.change', amountCents: 6000 });
    expect(handed.at(-1)).toEqual([[6000], 6000]);
    actor.stop();
    checkout.stop();
  });

  it('the app cart takes the cards and their limit, but never a limit alone (a cart.updated would drop a removal)', () => {
    const cart = planCart();
    const card: GiftCardPayment = {
      cardNumber: '7000000000000010',
      paymentCents: 5000,
      remainingBalanceCents: 5000,
    };
    // No cards, only the amount to pay changed (a ticket removed, a plan chosen): nothing to send.
    expect(cartWithGiftCards(cart, [], 2650)).toBeNull();
    expect(cartWithGiftCards({ ...cart, giftCards: [] }, [], 1200)).toBeNull();
    // A card applied: the cart takes it and the limit it is spread over.
    const withCard = cartWithGiftCards(cart, [card], 5000);
    expect(withCard).toMatchObject({ id: cart.id, giftCards: [card], giftCardLimitCents: 5000 });
    if (!withCard) throw new Error('no cart');
    // The same card, the same limit: nothing new; another limit while the card is applied: sent.
    expect(cartWithGiftCards(withCard, [card], 5000)).toBeNull();
    expect(cartWithGiftCards(withCard, [card], 8000)).toMatchObject({ giftCardLimitCents: 8000 });
    // No limit any more (no plan): the cart loses it.
    const noLimit = cartWithGiftCards(withCard, [card], null);
    expect(noLimit).not.toBeNull();
    expect(noLimit && 'giftCardLimitCents' in noLimit).toBe(false);
  });
});
