/** The quantity-first layout: get the quantity-first reserve actor, select its view model, render the view. */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import { selectedSessionOf } from '../../../machines/reserve/quantityFirstReserve.impl';
import type { quantityFirstReserveMachine } from '../../../machines/reserve/quantityFirstReserve.machine';
import {
  quantityFirstReserveCallbacks,
  selectQuantityFirstReserveView,
} from '../../../machines/reserve/quantityFirstReserve.view';
import { QuantityFirstReserve } from '../../../ui/reserve/QuantityFirstReserve';
import { heldVisits, reservableCartId } from '../../app/root';
import { useModal, useServices } from '../../app/services';
import { provideQuantityFirstReserve } from '../quantityFirstWiring';
import { formSeatBlock } from '../seatmap/SeatSelection';
import { useReserved } from '../useReserved';
import { addOnVisitWindow } from '../visit-window';
import { CodeRequiredSlot, useCodePromptModal } from './CodeRequiredSlot';
import { RenewNoticeSlot } from './RenewNoticeSlot';
import { ReserveFrame, sameFields, selectTicketsChosen, useReserveForm } from './ReserveFrame';
import type { LayoutProps } from './types';

export default function QuantityFirstLayout({ event, query }: LayoutProps) {
  const { api, strings, inspect, config, app } = useServices();
  const reserved = useReserved();
  const { formId, small } = useReserveForm();
  const codePrompt = useCodePromptModal();
  const machine = useMemo(
    () =>
      provideQuantityFirstReserve({
        api,
        currentCartId: () => reservableCartId(app),
        reserved,
        codePrompt,
        conflicts: { event, heldVisits: () => heldVisits(app) },
        visitWindow: () => addOnVisitWindow(app, event.id),
      }),
    [api, app, reserved, codePrompt, event],
  );
  const actor = useActorRef(machine, {
    input: { event, select: query.select, presetPriceCents: query.priceCents },
    inspect,
  });
  const view = useSelector(actor, selectQuantityFirstReserveView);
  const callbacks = useMemo(() => quantityFirstReserveCallbacks(actor.send), [actor]);
  const calendar = useModal('chooseDate');

  const ticketsChosen = useSelector(actor, selectTicketsChosen);
  const seating = useSelector(actor, selectSeating, sameFields);
  const visitStart = useSelector(actor, (s) => selectedSessionOf(s.context)?.start ?? null);

  return (
    <ReserveFrame
      eventId={event.id}
      formId={formId}
      ticketsChosen={ticketsChosen}
      footer={small && view.dateVisible ? view : null}
    >
      <RenewNoticeSlot event={event} groups={event.ticketGroups} visitStart={visitStart} />
      <QuantityFirstReserve
        strings={strings}
        currency={config.currency}
        view={view}
        formId={formId}
        showFooter={!small}
        calendar={calendar.modal}
        onShowMore={calendar.open}
        onCloseCalendar={calendar.close}
        onDismissCalendar={calendar.dismiss}
        {...callbacks}
        seatBlock={formSeatBlock(event.id, seating, (seats) => actor.send({ type: 'seats.set', seats }))}
      />
      <CodeRequiredSlot actor={actor} />
    </ReserveFrame>
  );
}

/** What the seat selection block reads of the quantity-first form (stable references from context). */
function selectSeating(snapshot: SnapshotFrom<typeof quantityFirstReserveMachine>) {
  const { context } = snapshot;
  return {
    ready: snapshot.matches({ picking: 'chosen' }),
    sessionId: context.selectedSessionId,
    groups: context.event.ticketGroups,
    quantities: context.quantities,
    seats: context.seats,
  };
}
