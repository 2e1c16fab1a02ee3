/**
 * The gift card field's view model (machines/giftCard/view.ts; spec 2 §4 "Gift cards", §5), read from the real
 * machine: every field the field shows, while a card is looked up, after a refusal and once cards are applied,
 * and its callbacks' events.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { giftCardMachine } from '../../machines/giftCard/giftCard.machine';
import type { LookupCardInput, LookupCardOutput } from '../../machines/giftCard/types';
import { giftCardCallbacks, selectGiftCardView } from '../../machines/giftCard/view';
import { createStrings, resolveMessage } from '../../ui/strings';

const T = createStrings();
const text = (m: Parameters<typeof resolveMessage>[1] | null) => (m ? resolveMessage(T, m) : null);

/** The machine with a lookup the test answers: `answer` resolves (a card) or rejects (an error) the pending one. */
function start(dueCents = 5000) {
  let answer: { resolve: (card: LookupCardOutput) => void; reject: (error: unknown) => void } | null = null;
  const actor = createActor(
    giftCardMachine.provide({
      actors: {
        lookupCard: fromPromise<LookupCardOutput, LookupCardInput>(
          () =>
            new Promise((resolve, reject) => {
              answer = { resolve, reject };
            }),
        ),
      },
    }),
    { input: { dueCents } },
  ).start();
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { actor, flush, answer: () => answer };
}

describe('giftCard view', () => {
  it('shows what was typed, at most 70 characters, and Apply waiting while the card is looked up', () => {
    const { actor } = start();
    const first = selectGiftCardView(actor.getSnapshot());
    expect(first).toEqual({
      number: '',
      maxLength: 70,
      applying: false,
      fieldError: null,
      error: null,
      cards: [],
      errorVersion: 0,
    });
    actor.send({ type: 'number.change', value: '6006 4913' });
    expect(selectGiftCardView(actor.getSnapshot()).number).toBe('6006 4913');
    actor.send({ type: 'apply' });
    expect(selectGiftCardView(actor.getSnapshot()).applying).toBe(true);
  });

  it('a refused apply shows its message and moves errorVersion (focus back to the field)', async () => {
    const { actor, flush, answer } = start();
    actor.send({ type: 'apply' });
    const empty = selectGiftCardView(actor.getSnapshot());
    expect(empty.applying).toBe(false);
    expect(text(empty.fieldError)).toBe('Please enter a gift card number.');
    actor.send({ type: 'number.change', value: '600649' });
    actor.send({ type: 'apply' });
    answer()?.reject({ code: 'not_found', description: 'Not found', status: 404 });
    await flush();
    const refused = selectGiftCardView(actor.getSnapshot());
    expect(refused.applying).toBe(false);
    expect(text(refused.error)).toBe('Gift card not found.');
    expect(refused.errorVersion).toBeGreaterThan(empty.errorVersion);
    expect(refused.number).toBe('600649');
  });

  it('an applied card shows what it pays of what is due and the balance left on it', async () => {
    const { actor, flush, answer } = start(5000);
    actor.send({ type: 'number.change', value: '600649' });
    actor.send({ type: 'apply' });
    answer()?.resolve({ number: '600649', state: 'active', balanceCents: 8000 });
    await flush();
    expect(selectGiftCardView(actor.getSnapshot()).cards).toEqual([
      { cardNumber: '600649', paymentCents: 5000, remainingBalanceCents: 3000 },
    ]);
  });

  it("offers the field's callbacks as the machine's events", () => {
    const sent: unknown[] = [];
    const callbacks = giftCardCallbacks((event) => sent.push(event));
    callbacks.onNumberChange('12');
    callbacks.onApply();
    expect(sent).toEqual([{ type: 'number.change', value: '12' }, { type: 'apply' }]);
  });
});
