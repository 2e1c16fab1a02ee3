/**
 * The donation form's wiring (issue 23): loadGroup is GET ticket_group/{id} with handler donation (spec 1 §7);
 * changeDonation posts the one modification (the donation's ids out, the chosen ticket in: spec 2 §4) to the cart
 * id read when it acts, never one copied at start, and hands the fresh cart to the app cart; the form shows only
 * when the seller offers a group, the cart is modifiable and it is not a gift (spec 2 §2).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CartModel } from '../../api/models';
import { provideDonation } from '../../routes/checkout/donation-wiring';
import { donationFormShown } from '../../routes/checkout/modifiable';
import { FRIEND_DONATION, GROUP, GROUP_ID, OWN, serverChange } from '../../stories/fixtures/donation';

describe('donation wiring', () => {
  it('loads the group, then changes the donation in the cart read when it acts, and hands the cart on', async () => {
    const get = vi.fn(async () => GROUP);
    const fresh = serverChange(FRIEND_DONATION, {
      remove: ['d-old'],
      add: { ticketTypeId: OWN.id, faceValue: '42.50' },
    });
    const changeDonation = vi.fn(async () => fresh);
    const updated: CartModel[] = [];
    let cartId = 'cart-old';
    const machine = provideDonation({
      api: { ticketGroups: { get }, cart: { changeDonation } } as never,
      currentCartId: () => cartId,
      cartUpdated: (cart) => updated.push(cart),
    });
    const actor = createActor(machine, { input: { groupId: GROUP_ID, cart: FRIEND_DONATION } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(get).toHaveBeenCalledWith(GROUP_ID, { handler: 'donation', signal: expect.any(AbortSignal) });
    actor.send({ type: 'amount.change', value: '42.5' });
    cartId = 'cart-now';
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.notice !== null);
    expect(changeDonation).toHaveBeenCalledWith(
      'cart-now',
      {
        remove: ['d-old'],
        add: { event_session_id: null, ticket_type_id: OWN.id, face_value: '42.50' },
      },
      { signal: expect.any(AbortSignal) },
    );
    expect(updated).toEqual([fresh]);
    // A preset has no face value; remove sends no add.
    actor.send({ type: 'remove' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.notice?.kind === 'removed');
    expect(changeDonation).toHaveBeenLastCalledWith(
      'cart-now',
      { remove: [`d-${OWN.id}-4250`], add: null },
      { signal: expect.any(AbortSignal) },
    );
    actor.stop();
  });

  it('a preset sends its type without a face value', async () => {
    const changeDonation = vi.fn(async () => FRIEND_DONATION);
    const machine = provideDonation({
      api: { ticketGroups: { get: async () => GROUP }, cart: { changeDonation } } as never,
      currentCartId: () => 'cart-1',
      cartUpdated: () => {},
    });
    const actor = createActor(machine, {
      input: { groupId: GROUP_ID, cart: serverChange(null, { remove: [], add: null }) },
    }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'amount.choose', ticketTypeId: 'tt-friend' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.notice !== null);
    expect(changeDonation).toHaveBeenCalledWith(
      'cart-1',
      { remove: [], add: { event_session_id: null, ticket_type_id: 'tt-friend' } },
      { signal: expect.any(AbortSignal) },
    );
    actor.stop();
  });

  it('spec 2 §2: the form shows when the seller offers a group, the cart is modifiable and it is not a gift', () => {
    expect(donationFormShown('g', true, false)).toBe(true);
    expect(donationFormShown(null, true, false)).toBe(false);
    expect(donationFormShown('g', false, false)).toBe(false);
    expect(donationFormShown('g', true, true)).toBe(false);
  });
});
