/**
 * The single-event form's and the one-ticket picker's view models (machines/reserve/singleEventReserve.view.ts, oneTicketReserve.view.ts) held
 * to spec 1 §2 layouts 2 and 4, §4 ("Single-event flow": "Submit is disabled when seat selection is still
 * needed, when submitting, or when total tickets is under 1"; the exactly-one mode blocks decrease), §8 and §9
 * (few tickets under 10) in every state of each flow and every world of its table (issue 29).
 */
import { describe, expect, it } from 'vitest';
import { amountCents, fitsBounds, isFlexiblePrice } from '../../domain/flexible-price';
import { ticketFormMachine } from '../../machines/reserve/core/ticketForm.machine';
import { oneTicketReserveMachine } from '../../machines/reserve/oneTicketReserve.machine';
import { selectOneTicketView } from '../../machines/reserve/oneTicketReserve.view';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import { selectSingleEventView } from '../../machines/reserve/singleEventReserve.view';
import * as one from './oneTicketReserve.table';
import { amountOf, room, seatsFit, selectionValid } from './reserve.oracle';
import * as single from './singleEventReserve.table';
import * as form from './ticketForm.table';
import { stateValueOf } from './transition-table';

type Priced = Parameters<typeof amountOf>[0] & { quantities: Readonly<Record<string, number>> };
/** Prices plus outside fees of the chosen tickets, a flexible type at its amount when it fits, else its minimum. */
function total(groups: { types: import('../../api/models').TicketTypeModel[] }[], c: Priced): number {
  let sum = 0;
  for (const g of groups)
    for (const t of g.types) {
      const typed = amountCents(amountOf(c, t));
      const price = !isFlexiblePrice(t)
        ? t.priceCents
        : typed !== null && fitsBounds(t, typed)
          ? typed
          : (t.amountMinCents ?? t.priceCents);
      sum += (c.quantities[t.id] ?? 0) * (price + t.feeCents);
    }
  return sum;
}
const blocked = (status: string, blocking: unknown) =>
  status === 'unavailable' || status === 'error' ? (blocking ?? { key: 'errorUnexpected' }) : null;

describe('the single-event view in every state (spec 1 §2 layout 4, §4, §9)', () => {
  const status: Record<string, string> = {
    loadingSession: 'loading',
    loadingGroups: 'loading',
    unavailable: 'unavailable',
    loadError: 'error',
  };
  // The flow's worlds, each with every world of its form child (ticketForm.table.ts), closed, open or submitted.
  const forms = (['closed', 'editing', 'submitted'] as const).flatMap((formState) =>
    form.worlds.map(({ context }) => ({
      formState,
      f: context,
      snapshot: ticketFormMachine.resolveState({ value: formState, context }),
    })),
  );
  it.each(Object.keys(single.table.states).filter((s) => s !== 'checking'))('%s', (state) => {
    for (const { context: c } of single.worlds)
      for (const { formState, f, snapshot } of forms) {
        const v = selectSingleEventView(
          singleEventReserveMachine.resolveState({
            value: stateValueOf(state) as never,
            context: c as never,
          }),
          snapshot,
        );
        const open = state === 'ready' && formState === 'editing';
        const s = status[state] ?? 'ready';
        expect(v.status).toBe(s);
        expect(v.blockingMessage).toEqual(blocked(s, c.blocking));
        expect(v.session).toEqual(
          c.session ? { start: c.session.start, timeZone: c.event.venue.timezone } : null,
        );
        const cap = c.session?.availableCapacity;
        expect(v.fewTickets).toEqual(cap != null && cap < 10 ? { key: 'fewTickets' } : null);
        // The form's groups, choice and fields are the child's.
        expect(v.groups.map((g) => g.id)).toEqual(f.groups.map((g) => g.id));
        expect(v.totalCents).toBe(total(f.groups, f));
        expect(v.seatsNeeded).toBe(
          f.groups.some(
            (g) =>
              g.handler === 'seated' &&
              g.types.reduce((n, t) => n + (f.quantities[t.id] ?? 0), 0) > (f.seats[g.id]?.length ?? 0),
          ),
        );
        expect(v.canSubmit).toBe(
          open && selectionValid(f.groups, f.quantities) && seatsFit(f.groups, f.quantities, f.seats),
        );
        expect(v.submitting).toBe(state === 'reserving');
        expect(v.canRetry).toBe(state === 'loadError');
        expect(v.messages).toBe(c.messages);
        for (const g of v.groups)
          for (const t of g.types) {
            expect(t.canDecrement).toBe(open && (f.quantities[t.id] ?? 0) > 0);
            if (!open) expect(t.canIncrement).toBe(false);
          }
      }
  });

  it('with no form child (the flow done), an empty form of the flow’s event', () => {
    for (const { context: c } of single.worlds) {
      const v = selectSingleEventView(
        singleEventReserveMachine.resolveState({ value: 'done', context: c as never }),
      );
      expect([v.groups, v.attendees, v.vouchers, v.surveys, v.totalCents, v.canSubmit]).toEqual([
        [],
        [],
        [],
        [],
        0,
        false,
      ]);
    }
  });
});

describe('the one-ticket view in every state (spec 1 §2 layout 2, §4 exactly one)', () => {
  const status: Record<string, string> = {
    loading: 'loading',
    unavailable: 'unavailable',
    loadError: 'error',
  };
  it.each(Object.keys(one.table.states))('%s', (state) => {
    for (const { context: c } of one.worlds) {
      const v = selectOneTicketView(
        oneTicketReserveMachine.resolveState({ value: stateValueOf(state) as never, context: c as never }),
      );
      const s = status[state] ?? 'ready';
      const chosen = Object.keys(c.quantities)[0] ?? null;
      expect(v.status).toBe(s);
      expect(v.blockingMessage).toEqual(blocked(s, c.blocking));
      expect(v.chosen).toBe(chosen);
      expect(v.canDecrease).toBe(false);
      expect(v.canSubmit).toBe(state === 'picking' && chosen !== null);
      expect(v.submitting).toBe(state === 'reserving');
      expect(v.canRetry).toBe(state === 'loadError');
      expect(v.totalCents).toBe(total(c.groups, c));
      expect(v.groups.map((g) => [g.id, g.soldOut])).toEqual(c.groups.map((g) => [g.id, g.soldOut]));
      for (const g of v.groups)
        for (const o of g.options) {
          const group = c.groups.find((x) => x.id === g.id);
          const choosable = group !== undefined && room(group, c.groups, {}, null) >= 1;
          expect(o.chosen).toBe(o.id === chosen);
          expect(o.disabled).toBe(state !== 'picking' || (o.id !== chosen && !choosable));
        }
      expect(v.messages).toBe(c.messages);
    }
  });
});
