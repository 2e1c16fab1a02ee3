/**
 * The gift card wiring (issue 22): lookupCard is GET ledger/gift_card/{number} (uncached), the number without the
 * spaces typed; the answer's balance becomes cents; a usable card's pending payment is handed on; a 404 answer
 * reads "Gift card not found.".
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError, type GiftCardPayment } from '../../api';
import { ErrorCode } from '../../domain/codes';
import { provideGiftCard } from '../../routes/checkout/gift-card-wiring';
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
