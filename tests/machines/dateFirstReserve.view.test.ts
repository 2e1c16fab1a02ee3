/**
 * The date-first view model (machines/reserve/dateFirstReserve.view.ts, dateFirstReserve.selectors.ts) held to spec 1 §2 "Date-first reserve
 * screen" and §4 "Date-first flow" in every state of the flow (issue 29): what the screen shows (loading, the no
 * availability message, the error, the picker), which lists are open, what can be changed, pressed or retried
 * ("Submit is enabled only when: not submitting, at least one ticket selected, a session or flexible tickets
 * chosen, and any needed seats chosen"), the 8 day buttons and 'Show more dates'.
 */
import { describe, expect, it } from 'vitest';
import type { CalendarDayModel } from '../../api/models';
import { amountCents, fitsBounds, isFlexiblePrice } from '../../domain/flexible-price';
import type { TicketFormChildContext } from '../../machines/reserve/core/ticket-form';
import { ticketFormContext, ticketFormMachine } from '../../machines/reserve/core/ticketForm.machine';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import type { DateFirstReserveContext } from '../../machines/reserve/dateFirstReserve.types';
import { selectDateFirstReserveView } from '../../machines/reserve/dateFirstReserve.view';
import { day } from '../../stories/fixtures/dateFirstReserve';
import { table, worlds } from './dateFirstReserve.table';
import { amountOf, seatsFit, selectionValid } from './reserve.oracle';
import { stateValueOf } from './transition-table';

const states = Object.keys(table.states).filter((s) => s !== 'picking.entry');
const STATUS: Record<string, string> = {
  loading: 'loading',
  findingSession: 'loading',
  noAvailability: 'noAvailability',
  initError: 'error',
  queryRejected: 'error',
};
const FORM_STATES = ['picking.session.loaded.chosen.ready', 'picking.flexible'];
/**
 * The form child as the flow leaves it in a state: open on the flow's groups (the chosen session) with `count`
 * of the first type in the form states, submitted while reserving, emptied (closed) anywhere else.
 */
function formOf(state: string, c: DateFirstReserveContext, count: number) {
  const shown = FORM_STATES.includes(state) || state === 'reserving';
  const groups = shown ? c.groups : [];
  const first = groups[0]?.types[0];
  const session = c.flexible ? null : (c.sessions.find((s) => s.id === c.selectedSessionId) ?? null);
  const quantities = first && count > 0 ? { [first.id]: count } : {};
  const context: TicketFormChildContext = ticketFormContext({
    input: { event: c.event, groups, session, quantities, presetPriceCents: c.presetPriceCents },
  });
  const value = state === 'reserving' ? 'submitted' : shown && groups.length > 0 ? 'editing' : 'closed';
  return ticketFormMachine.resolveState({ value, context });
}
const view = (state: string, context: DateFirstReserveContext, count = 0) =>
  selectDateFirstReserveView(
    dateFirstReserveMachine.resolveState({ value: stateValueOf(state) as never, context: context as never }),
    formOf(state, context, count),
  );

describe('the date-first view in every state (spec 1 §2, §4)', () => {
  it.each(states)('%s', (state) => {
    for (const [{ context: c }, count] of worlds.flatMap((w) => [[w, 0] as const, [w, 2] as const])) {
      const v = view(state, c, count);
      const f = formOf(state, c, count).context;
      const open = state === 'picking.date' || state === 'picking.flexible';
      const form = FORM_STATES.includes(state) && f.groups.length > 0;
      const available = c.days.filter((d) => d.status === 'available').length;
      expect(v.status).toBe(STATUS[state] ?? 'ready');
      expect(v.blockingMessage).toEqual(
        state === 'noAvailability'
          ? { key: 'noTimes' }
          : STATUS[state] === 'error'
            ? (c.initError ?? { key: 'errorUnexpected' })
            : null,
      );
      expect(v.dateListOpen).toBe(open);
      expect(v.canChangeDate).toBe(!open && c.selectedDate !== null && available > 1);
      expect(v.sessionListOpen).toBe(state === 'picking.session.loaded.choosing');
      expect(v.sessionTabs === null).toBe(state === 'picking.session.loading');
      expect(v.groups === null).toBe(state === 'picking.session.loaded.chosen.loading');
      expect(v.submitting).toBe(state === 'reserving');
      expect(v.canSubmit).toBe(
        form &&
          (c.selectedSessionId !== null || c.flexible) &&
          selectionValid(f.groups, f.quantities) &&
          seatsFit(f.groups, f.quantities, f.seats),
      );
      expect(v.canRetry).toBe(
        ['initError', 'picking.session.loadError', 'picking.session.loaded.chosen.loadError'].includes(state),
      );
      expect(v.flexibleChosen).toBe(c.flexible);
      expect(v.hasFlexible).toBe(c.event.ticketGroups.some((g) => g.flexible === true));
      expect(v.messages).toBe(c.messages);
      // Prices plus outside fees of the chosen tickets (a flexible type at its amount when it fits, else its minimum).
      let cents = 0;
      for (const g of c.groups)
        for (const t of g.types) {
          const typed = amountCents(amountOf(f, t));
          const price = !isFlexiblePrice(t)
            ? t.priceCents
            : typed !== null && fitsBounds(t, typed)
              ? typed
              : (t.amountMinCents ?? t.priceCents);
          cents += (f.quantities[t.id] ?? 0) * (price + t.feeCents);
        }
      expect(v.totalCents).toBe(cents);
      // The steppers move only in the form.
      for (const g of v.groups ?? [])
        for (const t of g.types) {
          expect(t.canDecrement).toBe(form && (f.quantities[t.id] ?? 0) > 0);
          if (!form) expect(t.canIncrement).toBe(false);
        }
      expect(v.selectedDate).toBe(c.selectedDate);
      expect(v.selectedSession?.id ?? null).toBe(
        c.sessions.some((s) => s.id === c.selectedSessionId) ? c.selectedSessionId : null,
      );
    }
  });

  it('8 day buttons, then Show more dates; each day selected and disabled as chosen and offered', () => {
    const days: CalendarDayModel[] = Array.from({ length: 9 }, (_, i) =>
      day(`2026-12-${String(i + 1).padStart(2, '0')}`, i === 3 ? 'sold_out' : 'available'),
    );
    const c = { ...(worlds[0]?.context as DateFirstReserveContext), days, selectedDate: '2026-12-02' };
    const nine = view('picking.date', c);
    expect(nine.days).toHaveLength(9);
    expect(nine.buttonDays.map((d) => d.date)).toEqual(days.slice(0, 8).map((d) => d.date));
    expect(nine.hasMoreDates).toBe(true);
    expect(nine.days.map((d) => [d.selected, d.disabled])[1]).toEqual([true, false]);
    expect(nine.days[3]?.disabled).toBe(true);
    expect(view('picking.date', { ...c, days: days.slice(0, 8) }).hasMoreDates).toBe(false);
  });
});
