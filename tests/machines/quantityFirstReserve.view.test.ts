/**
 * The quantity-first view model (machines/reserve/quantityFirstReserve.view.ts) held to spec 1 §2 and §4
 * "Quantity-first flow" in every state of the flow and every world of its table (issue 29): the quantities open
 * (steppers) or closed (a summary), 'Find tickets', the date and session sections, the attendee section once a
 * session is chosen, "Submit is enabled once a session is chosen and not submitting" (and the seats match, §5),
 * the retry, and the total at the chosen session's prices (§7 POST sessions: prices per session).
 */
import { describe, expect, it } from 'vitest';
import { amountCents, fitsBounds, isFlexiblePrice } from '../../domain/flexible-price';
import type { TicketFormChildContext } from '../../machines/reserve/core/ticket-form';
import { ticketFormContext, ticketFormMachine } from '../../machines/reserve/core/ticketForm.machine';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import type { QuantityFirstReserveContext } from '../../machines/reserve/quantityFirstReserve.types';
import { selectQuantityFirstReserveView } from '../../machines/reserve/quantityFirstReserve.view';
import { qfSeatedEvent, qfSeats } from '../../stories/fixtures/quantityFirstReserve';
import { table, worlds } from './quantityFirstReserve.table';
import { amountOf, seatsFit, selectionValid } from './reserve.oracle';
import { stateValueOf } from './transition-table';

type C = QuantityFirstReserveContext;
type F = TicketFormChildContext;
/**
 * The form child as the flow leaves it in a world: the event's groups, the world's quantities, the chosen
 * session; a seated world's seats match when a session is chosen.
 */
function formOf(c: C): F {
  const session = c.sessions.find((s) => s.id === c.selectedSessionId) ?? null;
  const input = { event: c.event, groups: c.event.ticketGroups, session, quantities: c.quantities };
  const form = ticketFormContext({ input: { ...input, presetPriceCents: c.presetPriceCents } });
  const seated = c.event.id === qfSeatedEvent.id && session !== null;
  return { ...form, seats: seated ? qfSeats(c.quantities['t-adult'] ?? 0) : {} };
}
const view = (state: string, c: C, f: F) =>
  selectQuantityFirstReserveView(
    quantityFirstReserveMachine.resolveState({ value: stateValueOf(state) as never, context: c as never }),
    ticketFormMachine.resolveState({ value: state === 'reserving' ? 'submitted' : 'editing', context: f }),
  );
/** The chosen tickets at a session's prices (a flexible type at its amount when it fits, else its minimum), fees added. */
function total(c: C & F, sessionId: string | null): number {
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
    for (const { context: world } of worlds) {
      const f = formOf(world);
      const c = { ...world, ...f, event: world.event, request: world.request };
      const v = view(state, world, f);
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
      expect(v.canSubmit).toBe(state === 'picking.chosen' && seatsFit(groups, f.quantities, f.seats));
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
      expect(v.messages).toBe(world.messages);
    }
  });
});
