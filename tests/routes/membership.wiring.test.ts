/**
 * Wiring of the membership purchase form, the gift checkout and `/membership/{action}`: each provided actor
 * calls the right API method with the right input; the offer, the reserve body, the giftee kept for checkout
 * (for its own cart only), the gift applied once before paying, and where `/membership/{action}` goes.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../api';
import { toMembershipConfig } from '../../api/membership-config';
import type { MembershipEventModel } from '../../api/models';
import { membershipReserveBody } from '../../machines/membership/rules';
import { giftApplier, gifteeKey, readGiftee } from '../../routes/checkout/gift';
import { offerOf, provideMembershipPurchase, surveyOf } from '../../routes/event/membership-wiring';
import { membershipTarget } from '../../routes/membership/MembershipRedirect';
import { makeCart } from '../machines/cart.fixtures';
import { anySignal, memoryStorage, runProvided } from './helpers';

const rule = (
  ticketTypeId: string,
  partyRole: string,
  named: 'yes' | 'no' | 'optional',
  min: number,
  max: number,
) => ({
  id: `r-${ticketTypeId}-${partyRole}`,
  ticketGroupId: 'g-m',
  ticketTypeId,
  partyRole,
  named,
  emailRequired: 'yes' as const,
  min,
  max,
});

const EVENT: MembershipEventModel = {
  eventId: 'ev-m',
  name: 'Museum Membership',
  description: null,
  groups: [
    {
      id: 'g-m',
      name: 'Levels',
      description: null,
      meta: {
        additional_info_spec: JSON.stringify({
          properties: {
            heard: { title: 'How did you hear about us?', enum: ['Friends', 'Press'] },
            note: {},
          },
          required: ['heard'],
        }),
      },
    },
  ],
  levels: [
    {
      id: 't-ind',
      ticketGroupId: 'g-m',
      eventId: 'ev-m',
      name: 'Individual',
      description: 'One card',
      amountCents: 7500,
      discountedCents: 6000,
      rank: 0,
      named: [{ partyRole: 'member', emailRequired: 'yes' }],
      optional: [],
      unnamed: null,
      rules: [rule('t-ind', 'member', 'yes', 1, 1)],
      skippedRoles: ['member'],
    },
  ],
};

function fakeApi() {
  const cart = makeCart({ id: 'c-new' });
  return {
    membership: {
      event: vi.fn(async () => EVENT),
      reserve: vi.fn(async () => cart),
      createGiftee: vi.fn(async () => 'i-giftee'),
      giftCheckout: vi.fn(async () => cart),
    },
  };
}
const asApi = (api: ReturnType<typeof fakeApi>) => api as unknown as Pick<Api, 'membership' | 'cart'>;

const FORM_REQUEST = {
  eventId: 'ev-m',
  ticketGroupId: 'g-m',
  levelId: 't-ind',
  members: [{ role: 'member' as const, first: 'Grace', last: 'Hopper', email: 'grace@example.com' }],
  unnamedCount: 0,
  answers: { heard: 'Press' },
  autoRenew: false,
  extend: false,
  giftee: { first: 'Alan', last: 'Turing', email: 'alan@example.com' },
  renew: false,
};

describe('membership purchase wiring', () => {
  it('turns the membership event into the offer: discounted price, rules, survey', () => {
    const offer = offerOf(EVENT);
    expect(offer.levels).toEqual([
      {
        id: 't-ind',
        groupId: 'g-m',
        name: 'Individual',
        description: 'One card',
        priceCents: 6000,
        originalPriceCents: 7500,
        rank: 0,
      },
    ]);
    expect(offer.rules).toEqual([
      {
        ticketGroupId: 'g-m',
        ticketTypeId: 't-ind',
        partyRole: 'member',
        named: 'yes',
        emailRequired: 'yes',
        min: 1,
        max: 1,
      },
    ]);
    // The one survey rule (domain/survey-rule.ts): options for enum, text otherwise; the title, else the name.
    expect(surveyOf(EVENT).map((q) => [q.name, q.title, q.input, q.choices, q.required])).toEqual([
      ['heard', 'How did you hear about us?', 'select', ['Friends', 'Press'], true],
      ['note', 'note', 'text', null, false],
    ]);
    expect(
      surveyOf({ groups: [{ ...EVENT.groups[0], meta: { additional_info_spec: '{bad' } } as never] }),
    ).toEqual([]);
  });

  it('loads the offer with api.membership.event, logging skipped roles', async () => {
    const api = fakeApi();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const machine = provideMembershipPurchase({
      api: asApi(api),
      currentCartId: () => null,
      reserved: vi.fn(),
      goBack: vi.fn(),
      openLogin: vi.fn(),
      loginOrGuestDialog: { open: vi.fn(), close: vi.fn() },
      storage: memoryStorage(),
      sellerId: 's-1',
    });
    expect(await runProvided(machine, 'loadOffer', { eventId: 'ev-m' })).toEqual(offerOf(EVENT));
    expect(api.membership.event).toHaveBeenCalledWith('ev-m', { signal: anySignal });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('skipped'), 'member', 't-ind');
    warn.mockRestore();
  });

  it('reserves into the cart current when the call runs, and keeps the giftee for that cart', async () => {
    const api = fakeApi();
    const storage = memoryStorage();
    let current: string | null = 'c-1';
    const machine = provideMembershipPurchase({
      api: asApi(api),
      currentCartId: () => current,
      reserved: vi.fn(),
      goBack: vi.fn(),
      openLogin: vi.fn(),
      loginOrGuestDialog: { open: vi.fn(), close: vi.fn() },
      storage,
      sellerId: 's-1',
    });
    const membership = membershipReserveBody(FORM_REQUEST);
    await runProvided(machine, 'reserveIntoCart', { request: { kind: 'membership', membership } });
    expect(api.membership.reserve).toHaveBeenCalledWith('c-1', membership, { signal: anySignal });
    expect(membership).toEqual({
      levelId: 't-ind',
      members: [{ partyRole: 'member', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }],
      autoRenew: false,
      gift: true,
      survey: [{ ticketGroupId: 'g-m', data: { heard: 'Press' } }],
    });
    // The reserved action keeps the (trimmed) recipient for checkout, with the cart it went into.
    const reservedAction = machine.implementations.actions.reserved as (args: { context: unknown }) => void;
    const recipient = { first: ' Alan ', last: 'Turing', email: 'alan@example.com ' };
    reservedAction({ context: { cart: makeCart({ id: 'c-new' }), mode: 'gift', recipient } });
    expect(readGiftee(storage, 's-1', 'c-new')).toEqual({ cartId: 'c-new', ...FORM_REQUEST.giftee });
    expect(readGiftee(storage, 's-1', 'another-cart')).toBeNull();
    // Into the cart current when it runs; a cart gone is replaced by a new one.
    current = 'c-2';
    api.membership.reserve.mockRejectedValueOnce({ code: 'not_found', status: 404 } as never);
    await runProvided(machine, 'reserveIntoCart', { request: { kind: 'membership', membership } });
    expect(api.membership.reserve.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      'c-1',
      'c-2',
      null,
    ]);
    // Buying for oneself keeps no giftee.
    reservedAction({ context: { cart: makeCart({ id: 'c-3' }), mode: 'buy', recipient } });
    expect(storage.data.has(gifteeKey('s-1'))).toBe(false);
  });

  it('tolerates an unreadable giftee in storage', () => {
    expect(readGiftee(memoryStorage({ [gifteeKey('s-1')]: '{oops' }), 's-1', 'c')).toBeNull();
    expect(readGiftee(memoryStorage({ [gifteeKey('s-1')]: '{"cartId":"c"}' }), 's-1', 'c')).toBeNull();
  });

  it('makes the cart a gift once: POST giftee, then gift_checkout with its identity; again after a failure', async () => {
    const api = fakeApi();
    const apply = giftApplier(asApi(api), {
      cartId: 'c-1',
      first: 'Alan',
      last: 'Turing',
      email: 'alan@example.com',
    });
    api.membership.giftCheckout.mockRejectedValueOnce({ code: 'giftee_is_purchaser' });
    await expect(apply('c-1')).rejects.toEqual({ code: 'giftee_is_purchaser' });
    await apply('c-1');
    await apply('c-1');
    expect(api.membership.createGiftee).toHaveBeenCalledTimes(2);
    expect(api.membership.createGiftee).toHaveBeenCalledWith(
      { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com' },
      { signal: undefined },
    );
    expect(api.membership.giftCheckout).toHaveBeenCalledTimes(2);
    expect(api.membership.giftCheckout).toHaveBeenLastCalledWith('c-1', 'i-giftee', { signal: undefined });
  });

  it('/membership/{action}: the external URL plus the action, else the membership event with the query', () => {
    expect(
      membershipTarget({ externalUrl: 'https://join.example.org/', membershipEventId: 'ev-m' }, 'renew', ''),
    ).toEqual({
      external: 'https://join.example.org/renew',
    });
    expect(membershipTarget({ externalUrl: null, membershipEventId: 'ev-m' }, 'gift', '?a=1')).toEqual({
      path: '/events/ev-m/gift?a=1',
    });
    expect(membershipTarget({ externalUrl: null, membershipEventId: 'ev-m' }, '', '')).toEqual({
      path: '/events/ev-m',
    });
    expect(membershipTarget({ externalUrl: null, membershipEventId: null }, '', '')).toBeNull();
  });

  it('reads the seller membership configuration; wrong types read as unset', () => {
    const row = (key: string, value: unknown, resource_id = 's-1') => ({
      id: key,
      resource: 'seller',
      key,
      value,
      resource_id,
    });
    const doc = (rows: unknown[]) => ({ config: { _count: rows.length, _data: rows } });
    expect(
      toMembershipConfig(
        doc([
          row('membership_event_id', 'ev-m'),
          row('external_urls', JSON.stringify({ membership: 'https://join.example.org' })),
          row('ask_to_autorenew', true),
          row('renewal', { allowed_period: 90 }),
        ]),
        's-1',
      ),
    ).toEqual({
      membershipEventId: 'ev-m',
      externalUrl: 'https://join.example.org',
      askToAutorenew: true,
      renewalPeriodDays: 90,
    });
    expect(
      toMembershipConfig(
        doc([
          row('membership_event_id', 7),
          row('external_urls', { membership: 'javascript:alert(1)' }),
          row('renewal', { allowed_period: -1 }),
          row('ask_to_autorenew', true, 'other-seller'),
        ]),
        's-1',
      ),
    ).toEqual({ membershipEventId: null, externalUrl: null, askToAutorenew: false, renewalPeriodDays: 0 });
  });
});
