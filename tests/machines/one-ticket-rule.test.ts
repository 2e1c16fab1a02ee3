/**
 * The one rule of what the one-ticket picker sells (domain/one-ticket.ts, issue 25): the event layout choice
 * and the picker's own rules agree on every mix of handlers, because both ask it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOneTicketGroupSet, ONE_TICKET_HANDLERS } from '../../domain/one-ticket';
import { chooseLayout, type LayoutEvent } from '../../machines/event/layout';
import { isOneTicketEvent } from '../../machines/reserve/oneTicketReserve.rules';

// Spec 1 §3's handlers (ticket group), with passes (issue 25).
const HANDLERS = ['tickets', 'seated', 'donation', 'ledger', 'membership', 'codes', 'passes'] as const;
// Oracle: the sessionless kinds (spec 1 §2 layout 2: gift cards, donations; passes reserve without a session).
const SESSIONLESS = new Set(['ledger', 'donation', 'passes']);

const event = (handlers: readonly string[]): LayoutEvent => ({
  id: 'ev-1',
  eventType: 'repeating',
  hiddenType: 'public_browsable',
  reserveFlow: null,
  meta: {},
  ticketGroups: handlers.map((handler) => ({ handler })),
});

describe('one-ticket handlers: one rule', () => {
  it('names the sessionless kinds only', () => {
    expect(new Set(ONE_TICKET_HANDLERS)).toEqual(SESSIONLESS);
  });

  it('the layout and the picker agree on every mix of handlers', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...HANDLERS), { minLength: 1, maxLength: 5 }), (handlers) => {
        const expected = !handlers.includes('membership') && handlers.every((h) => SESSIONLESS.has(h));
        const groups = handlers.map((handler) => ({ handler }));
        expect(isOneTicketGroupSet(groups)).toBe(handlers.every((h) => SESSIONLESS.has(h)));
        expect(isOneTicketEvent({ ticketGroups: groups as never })).toBe(isOneTicketGroupSet(groups));
        expect(chooseLayout(event(handlers), null) === 'oneTicket').toBe(expected);
      }),
    );
    expect(isOneTicketGroupSet([])).toBe(false);
  });
});
