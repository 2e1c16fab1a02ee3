/**
 * The ticket form child as a parent invokes it (`ticketFormChild`, issue 17): a valid submit reaches the parent
 * as `form.submitted` with the reserve's request, and the form, kept alive, comes back as it was after a refusal.
 */
import { describe, expect, it } from 'vitest';
import { assertEvent, assign, createActor, setup } from 'xstate';
import type { TicketFormSubmittedEvent } from '../../machines/reserve/core/ticket-form';
import { ticketFormChild } from '../../machines/reserve/core/ticketForm.machine';
import type { ReserveIntoCartInput } from '../../machines/reserve/core/types';
import { lecture, lectureGroup, lectureSession } from '../../stories/fixtures/singleEventReserve';

const parent = setup({
  types: {
    context: {} as { asked: ReserveIntoCartInput[] },
    events: {} as TicketFormSubmittedEvent | { type: 'refuse' },
  },
  actors: { ticketForm: ticketFormChild },
  actions: {
    keep: assign({
      asked: ({ context, event }) => {
        assertEvent(event, 'form.submitted');
        return [...context.asked, event.request];
      },
    }),
  },
}).createMachine({
  context: { asked: [] },
  invoke: {
    id: 'ticketForm',
    src: 'ticketForm',
    input: () => ({
      event: lecture,
      groups: [lectureGroup],
      session: lectureSession,
      quantities: { 't-general': 2 },
    }),
  },
  on: { 'form.submitted': { actions: 'keep' } },
});

describe('ticketFormChild tells its parent', () => {
  it('a valid submit reaches the parent with the request; a refusal brings the form back as it was', () => {
    const actor = createActor(parent).start();
    const form = actor.getSnapshot().children.ticketForm;
    if (!form) throw new Error('no form');
    form.send({ type: 'submit' });
    const request = {
      request: {
        kind: 'tickets',
        tickets: { eventId: lecture.id, sessionId: lectureSession.id, quantities: { 't-general': 2 } },
      },
    };
    expect(actor.getSnapshot().context.asked).toEqual([request]);
    expect(form.getSnapshot().value).toBe('submitted');
    form.send({ type: 'quantity.increment', ticketTypeId: 't-general' });
    form.send({ type: 'form.refused', error: null });
    expect(form.getSnapshot().value).toBe('editing');
    expect(form.getSnapshot().context.quantities).toEqual({ 't-general': 2 });
    actor.stop();
  });
});
