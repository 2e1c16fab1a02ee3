/**
 * The quantity-first view model (machines/reserve/quantityFirstReserve.view.ts) held to spec 1 §2 and §4
 * "Quantity-first flow" in every state of the flow and every world of its table (issue 29): the quantities open
 * (steppers) or closed (a summary), 'Find tickets', the date and session sections, the attendee section once a
 * session is chosen, "Submit is enabled once a session is chosen and not submitting" (and the seats match, §5),
 * the retry, and the total at the chosen session's prices (§7 POST sessions: prices per session).
 */
import { describe, expect, it } from 'vitest';
import { amountCents, fitsBounds, isFlexiblePrice } from '../../domain/flexible-price';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import type { QuantityFirstReserveContext } from '../../machines/reserve/quantityFirstReserve.types';
import { selectQuantityFirstReserveView } from '../../machines/reserve/quantityFirstReserve.view';
import { table, worlds } from './quantityFirstReserve.table';
import { amountOf, seatsFit, selectionValid } from './reserve.oracle';
import { stateValueOf } from './transition-table';

type C = QuantityFirstReserveContext;
const view = (state: string, c: C) =>
  selectQuantityFirstReserveView(
    quantityFirstReserveMachine.resolveState({ value: stateValueOf(state) as never, context: c as never }),
  );
/** The chosen tickets at a session's prices (a flexible type at its amount when it fits, else its minimum), fees added. */
function total(c: C, sessionId: string | null): number {
  const session = c.sessions.find((s) => s.id === sessionId);
  let sum = 0;
  for (const g of c.event.ticketGroups)
    for (const t of g.types) {
      const n = c.quantities[t.id] ?? 0;
      const typed = amountCents(amountOf(c, t));
      const price = isFlexiblePrice(t)
        ? typed !== null && fitsBounds(t, typed)
          ? typed
          : (t.amountMinCents ?? t.priceCents)
        : (session?.prices[t.id] ?? t.priceCents);
      sum += n * (price + t.feeCents);
    }
  return sum;
}

describe('the quantity-first view in every state (spec 1 §2, §4 "Quantity-first flow")', () => {
  it.each(Object.keys(table.states))('%s', (state) => {
    for (const { context: c } of worlds) {
      const v = view(state, c);
      const open = state === 'quantities';
      const after = state === 'reserving' || state === 'done';
      const picking = state.startsWith('picking.');
      const available = c.days.filter((d) => d.status === 'available').length;
      const chosen = c.sessions.find((s) => s.id === c.selectedSessionId) ?? null;
      const groups = c.event.ticketGroups;
      expect(v.quantitiesOpen).toBe(open);
      expect(v.canFindTickets).toBe(open && selectionValid(groups, c.quantities));
      expect(v.findingTickets).toBe(state === 'loadingCalendar');
      expect(v.dateVisible).toBe(picking || after);
      expect(v.noDays).toBe((picking || after) && available === 0);
      expect(v.dateListOpen).toBe(state === 'picking.date');
      expect(v.canChangeDate).toBe(state !== 'picking.date' && available > 1 && !after);
      expect(v.sessionVisible).toBe(c.selectedDate !== null && state !== 'picking.date');
      expect(v.sessionTabs === null).toBe(state === 'picking.loadingSessions');
      expect(v.attendeesVisible).toBe((state === 'picking.chosen' || after) && chosen !== null);
      expect(v.canSubmit).toBe(state === 'picking.chosen' && seatsFit(groups, c.quantities, c.seats));
      expect(v.submitting).toBe(after);
      expect(v.canRetry).toBe(state === 'picking.sessionsError');
      expect(v.ticketCount).toBe(Object.values(c.quantities).reduce((a, b) => a + b, 0));
      expect(v.totalCents).toBe(total(c, c.selectedSessionId));
      expect(v.selectedSession?.id ?? null).toBe(chosen?.id ?? null);
      expect(v.sessionTabs?.flatMap((t) => t.sessions).map((s) => [s.id, s.totalCents]) ?? null).toEqual(
        state === 'picking.loadingSessions'
          ? null
          : c.sessions.filter((s) => !s.conflict).map((s) => [s.id, total(c, s.id)]),
      );
      expect(v.summary).toEqual(
        groups.flatMap((g) =>
          g.types
            .filter((t) => (c.quantities[t.id] ?? 0) > 0)
            .map((t) => ({ name: t.name, quantity: c.quantities[t.id] })),
        ),
      );
      for (const g of v.groups)
        for (const t of g.types) {
          expect(t.quantity).toBe(c.quantities[t.id] ?? 0);
          expect(t.canDecrement).toBe(open && t.quantity > 0);
          if (!open) expect(t.canIncrement).toBe(false);
        }
      expect(v.messages).toBe(c.messages);
    }
  });
});
