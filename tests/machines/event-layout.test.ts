import { describe, expect, it } from 'vitest';
import type { CartItem, EventDetail } from '../../api/models';
import {
  chooseLayout,
  isFlagOn,
  type LayoutCart,
  type LayoutEvent,
  promoTextsOf,
} from '../../machines/event/layout';
import {
  eventQueryFrom,
  parsePresetPrice,
  parseSelect,
  parseTicketGroupFilter,
} from '../../machines/event/query';

function ev(partial: Partial<LayoutEvent> & { handlers?: string[] } = {}): LayoutEvent {
  const { handlers = ['tickets'], ...rest } = partial;
  return {
    id: 'ev-1',
    eventType: 'repeating',
    hiddenType: 'public_browsable',
    reserveFlow: null,
    meta: {},
    ticketGroups: handlers.map((handler) => ({ handler })),
    ...rest,
  };
}

function item(eventId: string): CartItem {
  return {
    key: `${eventId}:s`,
    eventId,
    eventName: eventId,
    sessionId: 's',
    start: null,
    timezone: 'UTC',
    image: null,
    lines: [{ ticketTypeId: 't', name: 'Adult', count: 1, unitCents: 100, totalCents: 100 }],
    ticketIds: ['x'],
  };
}
const cartWith = (...eventIds: string[]): LayoutCart => ({ items: eventIds.map(item) });
const anchored = { meta: { tickets_must_match_anchor_tickets: 'yes' } };

describe('chooseLayout (spec 1 §2 event detail layouts)', () => {
  it('no ticket groups -> the warning with a back button, whatever else the event is', () => {
    expect(chooseLayout(ev({ handlers: [] }), null)).toBe('noTicketGroups');
    expect(chooseLayout(ev({ handlers: [], eventType: 'single' }), null)).toBe('noTicketGroups');
  });

  it('all groups ledger or donation -> the one-ticket-only picker', () => {
    expect(chooseLayout(ev({ handlers: ['donation'] }), null)).toBe('oneTicket');
    expect(chooseLayout(ev({ handlers: ['ledger', 'donation'] }), null)).toBe('oneTicket');
    expect(chooseLayout(ev({ handlers: ['ledger'], eventType: 'single' }), null)).toBe('oneTicket');
    // Passes (issue 25) are reserved without a session too: the picker sells them.
    expect(chooseLayout(ev({ handlers: ['passes', 'passes'] }), null)).toBe('oneTicket');
    expect(chooseLayout(ev({ handlers: ['passes', 'tickets'] }), null)).not.toBe('oneTicket');
    // one ordinary group among them: not the picker
    expect(chooseLayout(ev({ handlers: ['donation', 'tickets'] }), null)).toBe('quantityFirst');
  });

  it('event_type single -> the single-event form, before reserve_flow', () => {
    expect(chooseLayout(ev({ eventType: 'single', reserveFlow: 'date_first' }), null)).toBe('single');
  });

  it('otherwise reserve_flow picks quantity-first or date-first', () => {
    expect(chooseLayout(ev({ reserveFlow: 'date_first' }), null)).toBe('dateFirst');
    expect(chooseLayout(ev({ reserveFlow: 'quantity_first' }), null)).toBe('quantityFirst');
  });

  it('without reserve_flow the site default decides, and the default default is quantity_first', () => {
    expect(chooseLayout(ev(), null)).toBe('quantityFirst');
    expect(chooseLayout(ev(), null, {})).toBe('quantityFirst');
    expect(chooseLayout(ev(), null, { defaultReserveFlow: 'date_first' })).toBe('dateFirst');
    // the event's own meta wins over the site default
    expect(
      chooseLayout(ev({ reserveFlow: 'quantity_first' }), null, { defaultReserveFlow: 'date_first' }),
    ).toBe('quantityFirst');
  });

  it('anchor-required with no anchor item in the cart -> "Add an admission event to your cart first"', () => {
    expect(chooseLayout(ev(anchored), null)).toBe('anchorRequired');
    expect(chooseLayout(ev(anchored), cartWith())).toBe('anchorRequired');
    // tickets of this same event are no anchor
    expect(chooseLayout(ev(anchored), cartWith('ev-1'))).toBe('anchorRequired');
    // an admission of another event is
    expect(chooseLayout(ev(anchored), cartWith('ev-admission'))).toBe('quantityFirst');
    expect(chooseLayout(ev({ ...anchored, reserveFlow: 'date_first' }), cartWith('ev-admission'))).toBe(
      'dateFirst',
    );
    // a falsy flag word: not anchor-required
    expect(chooseLayout(ev({ meta: { tickets_must_match_anchor_tickets: 'no' } }), null)).toBe(
      'quantityFirst',
    );
  });

  it('members-only and membership events keep their branch (placeholders until the members issue)', () => {
    expect(chooseLayout(ev({ hiddenType: 'public_member_only' }), null)).toBe('membersOnly');
    expect(chooseLayout(ev({ handlers: ['membership'] }), null)).toBe('membership');
  });

  it('a members-only event served without groups (a visitor) is the members-only prompt, not "no tickets"', () => {
    expect(chooseLayout(ev({ hiddenType: 'public_member_only', handlers: [] }), null)).toBe('membersOnly');
    expect(chooseLayout(ev({ handlers: [] }), null)).toBe('noTicketGroups');
  });

  it('takes a full EventDetail', () => {
    const detail = { ...ev(), name: 'x', ticketGroups: [] } as unknown as EventDetail;
    expect(chooseLayout(detail, null)).toBe('noTicketGroups');
  });

  it('flag words (spec 1 §5)', () => {
    for (const word of ['1', 'on', 'enabled', 'true', 't', 'yes', 'y', ' YES '])
      expect(isFlagOn(word)).toBe(true);
    for (const word of ['0', 'off', 'no', 'false', '', 'maybe']) expect(isFlagOn(word)).toBe(false);
    expect(isFlagOn(undefined)).toBe(false);
  });
});

describe('event detail query (tg, select, price)', () => {
  it('tg is a comma list of group ids, trimmed, without empties or duplicates', () => {
    expect(parseTicketGroupFilter(null)).toEqual([]);
    expect(parseTicketGroupFilter('')).toEqual([]);
    expect(parseTicketGroupFilter('a')).toEqual(['a']);
    expect(parseTicketGroupFilter(' a, b ,,a,c ')).toEqual(['a', 'b', 'c']);
    expect(parseTicketGroupFilter(`a,${'x'.repeat(65)}`)).toEqual(['a']);
    expect(parseTicketGroupFilter('a b,c')).toEqual(['c']);
  });

  it('select is one ticket type id', () => {
    expect(parseSelect(null)).toBeNull();
    expect(parseSelect('  ')).toBeNull();
    expect(parseSelect(' t-adult ')).toBe('t-adult');
    expect(parseSelect('a\0b')).toBeNull();
  });

  it('price is an amount with an optional plus sign and up to 2 decimals, in cents', () => {
    expect(parsePresetPrice(null)).toBeNull();
    expect(parsePresetPrice('12')).toBe(1200);
    expect(parsePresetPrice('12.5')).toBe(1250);
    expect(parsePresetPrice('+12.05')).toBe(1205);
    expect(parsePresetPrice('0')).toBe(0);
    expect(parsePresetPrice('12.345')).toBeNull();
    expect(parsePresetPrice('-3')).toBeNull();
    expect(parsePresetPrice('ten')).toBeNull();
    expect(parsePresetPrice('1e3')).toBeNull();
  });

  it('reads all three from a search string and ignores the rest', () => {
    expect(eventQueryFrom('?tg=g1,g2&select=t-1&price=5&date=2026-11-21&t-1=2')).toEqual({
      ticketGroupIds: ['g1', 'g2'],
      select: 't-1',
      priceCents: 500,
    });
    expect(eventQueryFrom('')).toEqual({ ticketGroupIds: [], select: null, priceCents: null });
  });
});

describe('promo texts', () => {
  it('reads promo_text and membership_promo_text from the event meta; blank is none', () => {
    expect(promoTextsOf({ meta: {} })).toEqual({ promo: null, membershipPromo: null });
    expect(promoTextsOf({ meta: { promo_text: '<b>10% off</b>', membership_promo_text: '  ' } })).toEqual({
      promo: '<b>10% off</b>',
      membershipPromo: null,
    });
    expect(promoTextsOf({ meta: { membership_promo_text: 'Members go free' } }).membershipPromo).toBe(
      'Members go free',
    );
  });
});

// Boundaries the mutation run (issue 29) found untested: each fails with its rule's condition changed.
describe('layout and query boundaries', () => {
  it('an anchor item must hold tickets: an emptied item of another event is no anchor', () => {
    const emptied: LayoutCart = { items: [{ ...item('ev-adm'), lines: [] }] };
    expect(chooseLayout(ev(anchored), emptied)).toBe('anchorRequired');
    expect(chooseLayout(ev(anchored), cartWith('ev-adm'))).toBe('quantityFirst');
  });

  it('one membership group among others makes the membership form', () => {
    expect(chooseLayout(ev({ handlers: ['tickets', 'membership'] }), null)).toBe('membership');
  });

  it('an id of exactly 64 characters is kept, 65 is not; at most 50 groups', () => {
    const id64 = 'a'.repeat(64);
    expect(parseSelect(id64)).toBe(id64);
    expect(parseSelect(`${id64}b`)).toBeNull();
    expect(parseTicketGroupFilter(id64)).toEqual([id64]);
    const many = Array.from({ length: 60 }, (_, i) => `g${i}`);
    expect(parseTicketGroupFilter(many.join(','))).toEqual(many.slice(0, 50));
  });

  it('no select parameter preselects nothing', () => {
    expect(parseSelect(null)).toBeNull();
    expect(eventQueryFrom('?tg=a').select).toBeNull();
  });
});
