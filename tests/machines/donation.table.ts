/**
 * The donation form's independent transition table (issue 23; donation.table.test.ts holds the machine to it),
 * written from spec 2 §2 ("Donation form if the cart is modifiable and not a gift"), §4 ("Donations: donation
 * changes to the cart remove ticket ids and add ticket items") and spec 1 §5 (flexible price: an optional plus
 * sign and up to 2 decimals, between the bounds, 'Value entered is outside min/max.'), not read from the machine:
 * loading (GET ticket_group/{id}) → ready, or unavailable (final: no form) when it fails or offers no amount;
 * in ready a preset of the group or the own amount is chosen (typing chooses the own amount, kept as typed); submit
 * with an own amount that does not fit is refused without a call; a valid choice other than the cart's donation
 * goes to saving: one modification, the cart's donation ids out and the chosen ticket in; remove (when the cart
 * holds one) goes to removing: the ids out. Done: the fresh cart is handed to the app cart; refused: the
 * message, the choice kept. The app cart's changes are followed in every state.
 */
import type { CartModel } from '../../api/models';
import type { DonationContext, DonationEvent } from '../../machines/donation/types';
import {
  cartWith,
  FRIEND,
  FRIEND_DONATION,
  failures,
  GROUP,
  GROUP_ID,
  NO_DONATION,
  OWN,
  PATRON,
} from '../../stories/fixtures/donation';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = DonationContext;
type ActorId = 'loadGroup' | 'saveDonation' | 'removeDonation';
type E =
  | DonationEvent
  | { [A in ActorId]: { type: `xstate.done.actor.${A}`; output: unknown } }[ActorId]
  | { [A in ActorId]: { type: `xstate.error.actor.${A}`; error: unknown } }[ActorId];
type S = 'loading' | 'unavailable' | 'ready' | 'saving' | 'removing';

// ---- the oracle (spec 2 §4, spec 1 §5) --------------------------------------------------------------------

const PRESET_CENTS: Record<string, number> = { [FRIEND.id]: 1000, [PATRON.id]: 5000 };

/** The cart's donation lines: its lines of the group's types (none before the group is loaded). */
const donationLines = (c: Pick<C, 'cart' | 'group'>) => {
  const types = new Set((c.group?.types ?? []).map((t) => t.id));
  return (c.cart?.items ?? []).flatMap((i) => i.lines.filter((l) => types.has(l.ticketTypeId)));
};
/** The cart's donation ticket ids: the tickets of the group's types. */
const donationIds = (c: Pick<C, 'cart' | 'group'>): string[] =>
  donationLines(c).flatMap((l) => l.ticketIds ?? []);
/** The own amount in cents when it is one and lies between $5 and $1,000, else null. */
function ownCents(typed: string): number | null {
  const m = /^\+?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(typed.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents >= 500 && cents <= 100000 ? cents : null;
}
/** The chosen amount in cents, or null (nothing chosen, or an own amount that does not fit). */
const chosenCents = (c: C): number | null =>
  c.choice === OWN.id ? ownCents(c.amount) : c.choice === null ? null : (PRESET_CENTS[c.choice] ?? null);
const item = (c: C) => {
  const cents = chosenCents(c);
  if (cents === null || c.choice === null) return null;
  return { ticketTypeId: c.choice, faceValue: c.choice === OWN.id ? (cents / 100).toFixed(2) : null };
};
/** The cart holds exactly the chosen donation already. */
function same(c: C): boolean {
  const lines = donationLines(c);
  return (
    donationIds(c).length === 1 &&
    lines[0]?.ticketTypeId === c.choice &&
    lines[0]?.unitCents === chosenCents(c)
  );
}
const ownRefused = (c: C) => c.choice === OWN.id && ownCents(c.amount) === null;

const GENERIC = { key: 'errorUnexpected' } as const;
const refusal = (error: unknown) => {
  const e = error as { status?: number; description?: string };
  return e.status === 500 || !e.description
    ? GENERIC
    : { key: 'errorDescription' as const, params: { description: e.description } };
};
const out = (e: { output?: unknown }) => e.output as CartModel;

const changeDone = (kind: 'added' | 'removed'): Row<C, E> => ({
  target: 'ready',
  effect: (c, e) => {
    const cart = out(e as { output?: unknown });
    if (kind === 'added') return { cart, checked: false, notice: { kind, amountCents: chosenCents(c) ?? 0 } };
    const [line] = donationLines(c);
    return {
      cart,
      choice: null,
      amount: '',
      checked: false,
      notice: { kind, amountCents: line?.unitCents ?? 0 },
    };
  },
  calls: (_c, e) => [{ action: 'cartApplied', params: { cart: out(e as { output?: unknown }) } }],
});
const changeFailed: Row<C, E> = {
  target: 'ready',
  effect: (c, e) => ({ error: refusal((e as { error?: unknown }).error), refusals: c.refusals + 1 }),
};

export const table: Table<C, E, S> = {
  initial: 'loading',
  states: {
    loading: { entry: { calls: (c): Call[] => [{ invoke: 'loadGroup', input: { groupId: c.groupId } }] } },
    unavailable: { final: true },
    ready: {},
    saving: {
      entry: {
        calls: (c): Call[] => [{ invoke: 'changeDonation', input: { remove: donationIds(c), add: item(c) } }],
      },
    },
    removing: {
      entry: {
        calls: (c): Call[] => [{ invoke: 'changeDonation', input: { remove: donationIds(c), add: null } }],
      },
    },
  },
  on: {
    'xstate.done.actor.loadGroup': {
      loading: [
        {
          label: 'a group with amounts: the cart’s donation is the choice',
          when: (_c, e) => ((e.output as typeof GROUP).types ?? []).length > 0,
          target: 'ready',
          effect: (c, e) => {
            const [line] = donationLines({ cart: c.cart, group: e.output as typeof GROUP });
            return {
              group: e.output as typeof GROUP,
              choice: line?.ticketTypeId ?? null,
              amount: line?.ticketTypeId === OWN.id ? (line.unitCents / 100).toFixed(2) : '',
            };
          },
        },
        { label: 'no amount: no form', target: 'unavailable' },
      ],
    },
    'xstate.error.actor.loadGroup': { loading: [{ target: 'unavailable' }] },
    'amount.choose': {
      ready: [
        {
          when: (c, e) => (c.group?.types ?? []).some((t) => t.id === e.ticketTypeId),
          target: null,
          effect: (_c, e) => ({ choice: e.ticketTypeId, checked: false, error: null, notice: null }),
        },
      ],
    },
    'amount.change': {
      ready: [
        {
          target: null,
          effect: (c, e) => ({
            amount: e.value,
            // Typing chooses the group's own-amount type.
            choice: c.group?.types.some((t) => t.id === OWN.id) ? OWN.id : c.choice,
            error: null,
            notice: null,
          }),
        },
      ],
    },
    submit: {
      ready: [
        {
          label: 'own amount outside min/max',
          when: ownRefused,
          target: null,
          effect: (c) => ({ checked: true, refusals: c.refusals + 1 }),
        },
        {
          label: 'a new choice',
          when: (c) => item(c) !== null && !same(c),
          target: 'saving',
          effect: () => ({ error: null, notice: null }),
        },
      ],
    },
    remove: {
      ready: [
        {
          when: (c) => donationIds(c).length > 0,
          target: 'removing',
          effect: () => ({ error: null, notice: null }),
        },
      ],
    },
    'cart.change': { '*': [{ target: null, effect: (_c, e) => ({ cart: e.cart }) }] },
    'xstate.done.actor.saveDonation': { saving: [changeDone('added')] },
    'xstate.error.actor.saveDonation': { saving: [changeFailed] },
    'xstate.done.actor.removeDonation': { removing: [changeDone('removed')] },
    'xstate.error.actor.removeDonation': { removing: [changeFailed] },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------------

const OWN_DONATION = cartWith([{ id: 'd-own', ticketTypeId: OWN.id, cents: 3000 }]);
const TWO_DONATIONS = cartWith([
  { id: 'd-a', ticketTypeId: FRIEND.id, cents: 1000 },
  { id: 'd-b', ticketTypeId: PATRON.id, cents: 5000 },
]);
const base: C = {
  groupId: GROUP_ID,
  group: GROUP,
  cart: NO_DONATION,
  choice: null,
  amount: '',
  checked: false,
  error: null,
  notice: null,
  refusals: 0,
  cartActor: null,
};
export const worlds: World<C>[] = [
  { name: 'no group yet, no donation', context: { ...base, group: null } },
  { name: 'no group yet, a $10 donation', context: { ...base, group: null, cart: FRIEND_DONATION } },
  { name: 'nothing chosen', context: base },
  { name: 'Friend chosen, none in the cart', context: { ...base, choice: FRIEND.id } },
  {
    name: 'Friend chosen, Friend in the cart',
    context: { ...base, choice: FRIEND.id, cart: FRIEND_DONATION },
  },
  {
    name: 'Patron chosen, Friend in the cart',
    context: { ...base, choice: PATRON.id, cart: FRIEND_DONATION },
  },
  {
    name: 'own 30 chosen, own 30 in the cart',
    context: { ...base, choice: OWN.id, amount: '30', cart: OWN_DONATION },
  },
  {
    name: 'own 42.5 chosen, own 30 in the cart',
    context: { ...base, choice: OWN.id, amount: '42.5', cart: OWN_DONATION },
  },
  {
    name: 'own 4 chosen (below min), checked',
    context: { ...base, choice: OWN.id, amount: '4', checked: true },
  },
  {
    name: 'own 12.345 chosen (not an amount)',
    context: { ...base, choice: OWN.id, amount: '12.345', cart: FRIEND_DONATION },
  },
  { name: 'own empty chosen', context: { ...base, choice: OWN.id, amount: '' } },
  {
    name: 'Friend chosen, two donations in the cart',
    context: { ...base, choice: FRIEND.id, cart: TWO_DONATIONS },
  },
  {
    name: 'a refusal shown, Patron chosen',
    context: { ...base, choice: PATRON.id, cart: FRIEND_DONATION, error: GENERIC, refusals: 2 },
  },
  {
    name: 'a notice shown, Friend in the cart',
    context: {
      ...base,
      choice: FRIEND.id,
      cart: FRIEND_DONATION,
      notice: { kind: 'added', amountCents: 1000 },
    },
  },
];

export const events: EventSample<E>[] = [
  { name: 'choose Friend', event: { type: 'amount.choose', ticketTypeId: FRIEND.id } },
  { name: 'choose Patron', event: { type: 'amount.choose', ticketTypeId: PATRON.id } },
  { name: 'choose own', event: { type: 'amount.choose', ticketTypeId: OWN.id } },
  { name: 'choose unknown', event: { type: 'amount.choose', ticketTypeId: 'tt-unknown' } },
  { name: 'type 30', event: { type: 'amount.change', value: '30' } },
  { name: 'type +1000', event: { type: 'amount.change', value: '+1000' } },
  { name: 'type 1000.01', event: { type: 'amount.change', value: '1000.01' } },
  { name: 'submit', event: { type: 'submit' } },
  { name: 'remove', event: { type: 'remove' } },
  { name: 'cart: none', event: { type: 'cart.change', cart: NO_DONATION } },
  { name: 'cart: Friend', event: { type: 'cart.change', cart: FRIEND_DONATION } },
  { name: 'group loaded', event: { type: 'xstate.done.actor.loadGroup', output: GROUP } },
  {
    name: 'group without amounts',
    event: { type: 'xstate.done.actor.loadGroup', output: { ...GROUP, types: [] } },
  },
  { name: 'group failed', event: { type: 'xstate.error.actor.loadGroup', error: failures.server } },
  { name: 'saved', event: { type: 'xstate.done.actor.saveDonation', output: OWN_DONATION } },
  {
    name: 'save refused (amount)',
    event: { type: 'xstate.error.actor.saveDonation', error: failures.faceValue },
  },
  { name: 'save failed', event: { type: 'xstate.error.actor.saveDonation', error: failures.server } },
  { name: 'removed', event: { type: 'xstate.done.actor.removeDonation', output: NO_DONATION } },
  { name: 'remove failed', event: { type: 'xstate.error.actor.removeDonation', error: failures.server } },
];
