/**
 * The one-ticket-only picker's independent transition table (issue 29; oneTicketReserve.table.test.ts holds the
 * machine to it), written from spec 1 §2 layout 2 (an event whose groups are all ledger or donation: a
 * one-ticket-only picker), §4 "Quantities" (an exactly-one-ticket mode blocks decrease), §5 flexible price, §7
 * (GET ticket_group/{id} for a donation group), §8 and §9 (a group's room), not read from the machine:
 *
 * loading (the groups) -> picking with the query's `select` chosen when it can be, else the only choosable type;
 * nothing choosable -> unavailable ('Sorry, tickets are not available for this event.'); a failed load ->
 * loadError with its message, retry clears it and loads again. picking: choosing a type that exists and has room
 * for one replaces the choice with exactly one of it (no decrease); a typed amount is kept; submit with a choice
 * whose flexible amount fits -> reserving (the notices of the last submit cleared), with a choice whose amount
 * does not fit -> the amount shows its problem; without a choice nothing. reserving: reserved -> done (the cart,
 * `reserved` told), refused or failed -> picking with its message. Notices are dismissed anywhere.
 */
import type { EventDetail, TicketGroupModel } from '../../api/models';
import type {
  OneTicketReserveContext,
  OneTicketReserveEvent,
} from '../../machines/reserve/oneTicketReserve.types';
import { capacityError, cart, soldOutError } from '../../stories/fixtures/dateFirstReserve';
import {
  donationEvent,
  donationGroup,
  ledgerEvent,
  ledgerGroup,
  ownAmountEvent,
  ownAmountGroup,
  soldOutDonation,
} from '../../stories/fixtures/oneTicketReserve';
import { seatTakenError } from '../../stories/fixtures/reserveIntoCart';
import {
  above0,
  dismissRow,
  faceValues,
  flowError,
  groupOf,
  notice,
  pricesFit,
  RESERVE_ERROR,
  refused,
  refusedError,
  reserved,
  reservedRow,
  reserveText,
  room,
  SUBMIT_NOTICES,
  withNotice,
  without,
} from './reserve.oracle';
import {
  type Call,
  doneSamples,
  type EventSample,
  type Row,
  type Table,
  type World,
} from './transition-table';

type C = OneTicketReserveContext;
type E = OneTicketReserveEvent;
type S = 'loading' | 'loadError' | 'unavailable' | 'picking' | 'reserving' | 'done';

/** A type that can be the one ticket: it exists and its group has room for one (spec 1 §9, no session). */
const choosable = (groups: readonly TicketGroupModel[], id: string) => {
  const g = groupOf(groups, id);
  return g !== undefined && room(g, groups, {}, null) >= 1;
};
/** The picker opens with the query's `select` when it can be chosen, else the only choosable type, else none. */
function firstChoice(groups: readonly TicketGroupModel[], select: string | null): Record<string, number> {
  if (select !== null && choosable(groups, select)) return { [select]: 1 };
  const ids = groups.flatMap((g) => g.types.map((t) => t.id)).filter((id) => choosable(groups, id));
  return ids.length === 1 ? { [ids[0] as string]: 1 } : {};
}
const chosen = (c: C) => Object.keys(c.quantities).length > 0;
const loaded = (e: E) => (e as { output: TicketGroupModel[] }).output;

const refusedRow: Row<C, E> = {
  target: 'picking',
  effect: (c, e) => ({
    messages: withNotice(c.messages, notice(RESERVE_ERROR, reserveText(refusedError(e)))),
  }),
};

export const table: Table<C, E, S> = {
  initial: 'loading',
  states: {
    loading: {
      entry: {
        calls: (c): Call[] => [
          { invoke: 'loadGroups', input: { eventId: c.event.id, groups: c.event.ticketGroups } },
        ],
      },
    },
    loadError: {},
    unavailable: {},
    picking: {},
    reserving: {
      entry: {
        calls: (c): Call[] => {
          const fv = faceValues(c.groups, c.quantities, c);
          return [
            {
              invoke: 'reserveIntoCart',
              input: {
                request: {
                  kind: 'tickets',
                  tickets: {
                    eventId: c.event.id,
                    sessionId: null,
                    quantities: above0(c.quantities),
                    ...(fv ? { faceValues: fv } : {}),
                  },
                },
              },
            },
          ];
        },
      },
    },
    done: { final: true },
  },
  on: {
    'xstate.done.actor.loadGroups': {
      loading: [
        {
          label: 'nothing choosable: unavailable',
          when: (_c, e) => !e.output.some((g) => g.types.some((t) => choosable(e.output, t.id))),
          target: 'unavailable',
          effect: (c, e) => ({
            groups: loaded(e),
            quantities: firstChoice(loaded(e), c.select),
            blocking: { key: 'eventUnavailable' },
          }),
        },
        {
          target: 'picking',
          effect: (c, e) => ({ groups: loaded(e), quantities: firstChoice(loaded(e), c.select) }),
        },
      ],
    },
    'xstate.error.actor.loadGroups': {
      loading: [{ target: 'loadError', effect: (_c, e) => ({ blocking: reserveText(flowError(e.error)) }) }],
    },
    retry: { loadError: [{ target: 'loading', effect: () => ({ blocking: null }) }] },
    'ticket.choose': {
      picking: [
        {
          when: (c, e) => choosable(c.groups, e.ticketTypeId),
          target: null,
          effect: (_c, e) => ({ quantities: { [e.ticketTypeId]: 1 } }),
        },
      ],
    },
    'price.change': {
      picking: [{ target: null, effect: (c, e) => ({ prices: { ...c.prices, [e.ticketTypeId]: e.value } }) }],
    },
    submit: {
      picking: [
        {
          label: 'chosen, the amount fits',
          when: (c) => chosen(c) && pricesFit(c.groups, c.quantities, c),
          target: 'reserving',
          effect: (c) => ({ messages: without(c.messages, SUBMIT_NOTICES) }),
        },
        {
          label: 'chosen, the amount does not fit',
          when: chosen,
          target: null,
          effect: () => ({ pricesChecked: true }),
        },
      ],
    },
    'xstate.done.actor.reserveIntoCart': {
      reserving: [reservedRow<C, Extract<E, { type: 'xstate.done.actor.reserveIntoCart' }>>(), refusedRow],
    },
    'xstate.error.actor.reserveIntoCart': { reserving: [refusedRow] },
    'message.dismiss': { '*': [dismissRow] },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------

const tight: TicketGroupModel = { ...donationGroup, id: 'g-tight', remaining: 1, types: [] };
const tightGroup: TicketGroupModel = {
  ...tight,
  types: [
    { ...(donationGroup.types[0] as TicketGroupModel['types'][number]), id: 't-tight', groupId: 'g-tight' },
  ],
};
const fullGroup: TicketGroupModel = {
  ...tightGroup,
  id: 'g-full',
  remaining: 5,
  maxPerOrder: 0,
  types: [{ ...(tightGroup.types[0] as TicketGroupModel['types'][number]), id: 't-full', groupId: 'g-full' }],
};
const mixedEvent: EventDetail = { ...donationEvent, id: 'ev-mixed', ticketGroups: [tightGroup, fullGroup] };
const oldNotices = [
  notice(RESERVE_ERROR, { key: 'errorUnexpected' }),
  notice('reserve.sessionSoldOut', { key: 'errorUnexpected' }),
  notice('load.error', { key: 'errorUnexpected' }),
];

const base = (event: EventDetail, groups: TicketGroupModel[]): C => ({
  event,
  select: null,
  today: null,
  groups,
  quantities: {},
  messages: [],
  blocking: null,
  cart: null,
  prices: {},
  presetPriceCents: null,
  pricesChecked: false,
});
export const worlds: World<C>[] = [
  { name: 'donation, nothing loaded', context: base(donationEvent, []) },
  { name: 'donation, ?select=t-50, nothing loaded', context: { ...base(donationEvent, []), select: 't-50' } },
  {
    name: 'donation loaded, $25 chosen, old notices',
    context: { ...base(donationEvent, [donationGroup]), quantities: { 't-25': 1 }, messages: oldNotices },
  },
  {
    name: 'own amount loaded, own chosen, $2 typed (below min)',
    context: {
      ...base(ownAmountEvent, [ownAmountGroup]),
      quantities: { 't-own': 1 },
      prices: { 't-own': '2' },
    },
  },
  {
    name: 'own amount, own chosen, +30.5 typed, checked',
    context: {
      ...base(ownAmountEvent, [ownAmountGroup]),
      quantities: { 't-own': 1 },
      prices: { 't-own': '+30.5' },
      pricesChecked: true,
    },
  },
  {
    name: 'own amount, own chosen, nothing typed, price query 1200',
    context: {
      ...base(ownAmountEvent, [ownAmountGroup]),
      quantities: { 't-own': 1 },
      presetPriceCents: 1200,
    },
  },
  {
    name: 'own amount, own chosen, price query 200 (below min)',
    context: { ...base(ownAmountEvent, [ownAmountGroup]), quantities: { 't-own': 1 }, presetPriceCents: 200 },
  },
  {
    name: 'own amount, the fixed $10 chosen, $2 typed for own',
    context: {
      ...base(ownAmountEvent, [ownAmountGroup]),
      quantities: { 't-own-10': 1 },
      prices: { 't-own': '2' },
    },
  },
  {
    name: 'mixed, nothing chosen, blocked',
    context: { ...base(mixedEvent, [tightGroup, fullGroup]), blocking: { key: 'eventUnavailable' } },
  },
  {
    name: 'ledger loaded, ?select=t-card',
    context: { ...base(ledgerEvent, [ledgerGroup]), select: 't-card' },
  },
  {
    name: 'ledger, ?select=t-full (no room), nothing loaded',
    context: { ...base(ledgerEvent, []), select: 't-full' },
  },
];

const groupsLoaded = (name: string, output: TicketGroupModel[]): EventSample<E> => ({
  name: `loaded: ${name}`,
  event: { type: 'xstate.done.actor.loadGroups', output } as E,
});
const child = doneSamples<E>('reserveIntoCart');
/** Sample events (actor events without an `actorId`: the machine does not read it). */
export const events = [
  groupsLoaded('four amounts', [donationGroup]),
  groupsLoaded('sold out', [soldOutDonation]),
  groupsLoaded('a gift card', [ledgerGroup]),
  groupsLoaded('own amount and $10', [ownAmountGroup]),
  groupsLoaded('room for 1, and max 0', [tightGroup, fullGroup]),
  groupsLoaded('max 0 only', [fullGroup]),
  groupsLoaded('nothing', []),
  { name: 'load failed', event: { type: 'xstate.error.actor.loadGroups', error: capacityError } },
  { name: 'load failed (no code)', event: { type: 'xstate.error.actor.loadGroups', error: new Error('x') } },
  { name: 'retry', event: { type: 'retry' } },
  ...['t-25', 't-own', 't-own-10', 't-tight', 't-full', 't-card', 't-unknown'].map(
    (id): EventSample<E> => ({ name: `choose ${id}`, event: { type: 'ticket.choose', ticketTypeId: id } }),
  ),
  { name: 'type 30 for own', event: { type: 'price.change', ticketTypeId: 't-own', value: '30' } },
  { name: 'type 4.99 for own', event: { type: 'price.change', ticketTypeId: 't-own', value: '4.99' } },
  { name: 'submit', event: { type: 'submit' } },
  child('reserved', reserved(cart)),
  child('refused: capacity', refused(capacityError)),
  child('refused: a seat taken', refused(seatTakenError)),
  child('refused: sold out', refused(soldOutError)),
  { name: 'the child failed', event: { type: 'xstate.error.actor.reserveIntoCart', error: new Error('x') } },
  { name: 'dismiss the reserve error', event: { type: 'message.dismiss', key: RESERVE_ERROR } },
  { name: 'dismiss another', event: { type: 'message.dismiss', key: 'load.error' } },
  { name: 'dismiss none', event: { type: 'message.dismiss', key: 'nothing' } },
] as EventSample<E>[];
