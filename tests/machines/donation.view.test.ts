/**
 * The donation form's view model (machines/donation/view.ts) and rules (rules.ts) held to spec 2 §2 ("Donation
 * form if the cart is modifiable and not a gift"), §4 "Donations" ("donation changes to the cart remove ticket ids
 * and add ticket items") and spec 1 §5 (flexible price: 'Value entered is outside min/max.') in every state of the
 * table and every world (issue 29): the oracle below is written here, not read from the view.
 */
import { describe, expect, it } from 'vitest';
import type { CartModel, TicketGroupModel } from '../../api/models';
import { donationMachine } from '../../machines/donation/donation.machine';
import { donationTicketIds, ownAmountType, presetTypes, sameAsCart } from '../../machines/donation/rules';
import type { DonationContext } from '../../machines/donation/types';
import { selectDonationView } from '../../machines/donation/view';
import {
  cartWith,
  FRIEND,
  FRIEND_DONATION,
  GROUP,
  NO_DONATION,
  OWN,
  PATRON,
} from '../../stories/fixtures/donation';
import { createStrings, resolveMessage } from '../../ui/strings';
import { table, worlds } from './donation.table';

type C = DonationContext;
const T = createStrings();
const text = (m: { key: string } | null) =>
  m ? resolveMessage(T, m as Parameters<typeof resolveMessage>[1]) : null;
const OUTSIDE = 'Value entered is outside min/max.';

// ---- the oracle (spec 2 §4, spec 1 §5) ------------------------------------------------------------------------

const PRESET_CENTS: Record<string, number> = { [FRIEND.id]: 1000, [PATRON.id]: 5000 };
/** Spec 1 §5: an optional plus sign, up to 2 decimals, between the own amount's bounds ($5 to $1,000). */
function ownCents(typed: string): number | null {
  const m = /^\+?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(typed.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents >= 500 && cents <= 100000 ? cents : null;
}
const lines = (c: C) => {
  const ids = new Set((c.group?.types ?? []).map((t) => t.id));
  return (c.cart?.items ?? []).flatMap((i) => i.lines.filter((l) => ids.has(l.ticketTypeId)));
};
const ids = (c: C) => lines(c).flatMap((l) => l.ticketIds ?? []);
const chosenCents = (c: C) =>
  c.choice === OWN.id ? ownCents(c.amount) : c.choice === null ? null : (PRESET_CENTS[c.choice] ?? null);
const ownRefused = (c: C) => c.group !== null && c.choice === OWN.id && ownCents(c.amount) === null;
const same = (c: C) =>
  ids(c).length === 1 && lines(c)[0]?.ticketTypeId === c.choice && lines(c)[0]?.unitCents === chosenCents(c);

const view = (state: string, context: C) =>
  selectDonationView(donationMachine.resolveState({ value: state as never, context: context as never }));

const OWN_30 = cartWith([{ id: 'd-own', ticketTypeId: OWN.id, cents: 3000 }]);
const OWN_10 = cartWith([{ id: 'd-own10', ticketTypeId: OWN.id, cents: 1000 }]);
const base = worlds[2]?.context as C;
/** Worlds that separate the view's formulas one condition at a time. */
const extra: { name: string; context: C }[] = [
  {
    name: 'no group, own chosen below min, checked',
    context: { ...base, group: null, choice: OWN.id, amount: '4', checked: true },
  },
  { name: 'own 4 chosen, not checked', context: { ...base, choice: OWN.id, amount: '4' } },
  { name: 'own 30 chosen, none in the cart', context: { ...base, choice: OWN.id, amount: '30' } },
  { name: 'Friend chosen, own $10 in the cart', context: { ...base, choice: FRIEND.id, cart: OWN_10 } },
  { name: 'nothing chosen, own 30 in the cart', context: { ...base, cart: OWN_30 } },
  { name: 'no cart', context: { ...base, cart: null, choice: PATRON.id } },
];
const all = [...worlds, ...extra];
const states = Object.keys(table.states);

describe('the donation view in every state and world (spec 2 §2, §4; spec 1 §5)', () => {
  it.each(states)('%s', (state) => {
    for (const { name, context: c } of all) {
      const v = view(state, c);
      const busy = state === 'saving' || state === 'removing';
      const held = ids(c).length > 0;
      const where = `${state} / ${name}`;
      expect(v.shown, where).toBe(c.group !== null && state !== 'unavailable');
      expect(v.loading, where).toBe(state === 'loading');
      expect(v.title, where).toBe(c.group ? 'Donation' : '');
      expect(v.description, where).toBe(c.group ? 'Choose the gift you would like to make' : null);
      expect(v.busy, where).toBe(busy);
      expect(
        v.presets.map((p) => [p.ticketTypeId, p.amountCents, p.pressed]),
        where,
      ).toEqual(
        c.group
          ? [
              [FRIEND.id, 1000, c.choice === FRIEND.id],
              [PATRON.id, 5000, c.choice === PATRON.id],
            ]
          : [],
      );
      if (c.group) {
        expect(v.ownAmount, where).toMatchObject({
          ticketTypeId: OWN.id,
          value: c.amount,
          minCents: 500,
          maxCents: 100000,
          chosen: c.choice === OWN.id,
        });
        expect(text(v.ownAmount?.error ?? null), where).toBe(c.checked && ownRefused(c) ? OUTSIDE : null);
      } else expect(v.ownAmount, where).toBeNull();
      expect(v.inCartCents, where).toBe(lines(c)[0]?.unitCents ?? null);
      expect(v.submitKind, where).toBe(held ? 'update' : 'add');
      // Submit: a valid choice other than the cart's donation, or an own amount to refuse with its message.
      const valid = c.choice !== null && chosenCents(c) !== null && c.group !== null;
      expect(v.canSubmit, where).toBe(!busy && (ownRefused(c) || (valid && !same(c))));
      expect(v.canRemove, where).toBe(!busy && held);
      expect(v.error, where).toEqual(c.error);
      expect(v.notice, where).toEqual(c.notice);
      expect(v.errorVersion, where).toBe(c.refusals);
    }
  });
});

describe('the donation rules (spec 1 §5, spec 2 §4)', () => {
  const FLEX2 = { ...OWN, id: 'tt-own-2', rank: 9 };
  const orders: TicketGroupModel['types'][] = [
    [OWN, PATRON, FRIEND],
    [PATRON, OWN, FRIEND],
    [FLEX2, PATRON, OWN, FRIEND],
    [FRIEND, FLEX2, OWN, PATRON],
  ];

  it.each(orders.map((types) => [types.map((t) => t.id).join(','), types] as const))(
    'presets are the fixed-price types by rank, the own amount the first flexible type by rank (%s)',
    (_name, types) => {
      const group = { ...GROUP, types };
      expect(presetTypes(group).map((t) => t.id)).toEqual([FRIEND.id, PATRON.id]);
      expect(ownAmountType(group)?.id).toBe(OWN.id);
    },
  );

  it('no flexible type: no own amount; no fixed type: no presets', () => {
    expect(ownAmountType({ ...GROUP, types: [PATRON, FRIEND] })).toBeNull();
    expect(presetTypes({ ...GROUP, types: [FLEX2, OWN] })).toEqual([]);
  });

  it('the donation ids: only lines that carry ticket ids give ids', () => {
    const cart: CartModel = structuredClone(FRIEND_DONATION);
    const donation = cart.items[1];
    if (!donation) throw new Error('fixture: no donation item');
    donation.lines = [
      { ticketTypeId: PATRON.id, name: 'Patron', count: 1, unitCents: 5000, totalCents: 5000 },
      ...donation.lines,
    ];
    expect(donationTicketIds(cart, GROUP)).toEqual(['d-old']);
    expect(donationTicketIds(NO_DONATION, GROUP)).toEqual([]);
    expect(donationTicketIds(FRIEND_DONATION, null)).toEqual([]);
  });

  it('the same amount of another type is not what the cart holds: a change to make', () => {
    // The cart holds an own amount of $10; Friend is $10 too, but another ticket.
    const context = { cart: OWN_10, group: GROUP, choice: FRIEND.id, amount: '' };
    expect(sameAsCart(context)).toBe(false);
    expect(sameAsCart({ ...context, choice: OWN.id, amount: '10' })).toBe(true);
  });
});
