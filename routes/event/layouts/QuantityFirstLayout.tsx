/** The quantity-first layout: get the quantity-first reserve actor, select its view model, render the view. */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectedSessionOf } from '../../../machines/reserve/quantityFirstReserve.impl';
import {
  quantityFirstReserveCallbacks,
  selectQuantityFirstReserveView,
} from '../../../machines/reserve/quantityFirstReserve.view';
import { QuantityFirstReserve } from '../../../ui/reserve/QuantityFirstReserve';
import { heldVisits, reservableCartId } from '../../app/root';
import { useModal, useServices } from '../../app/services';
import { provideQuantityFirstReserve } from '../quantity-first-wiring';
import { formSeatBlock, formSeating } from '../seatmap/SeatSelection';
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
  // The form is the flow's child (`ticketForm`): its own actor, followed here as the flow is.
  const form = useSelector(actor, (s) => s.children.ticketForm);
  const flow = useSelector(actor, (s) => s);
  const formSnapshot = useSelector(form, (s) => s);
  const view = useMemo(() => selectQuantityFirstReserveView(flow, formSnapshot), [flow, formSnapshot]);
  const callbacks = useMemo(
    () => quantityFirstReserveCallbacks(actor.send, (event) => form?.send(event)),
    [actor, form],
  );
  const calendar = useModal('chooseDate');

  const ticketsChosen = useSelector(form, (s) => (s ? selectTicketsChosen(s) : false));
  const seating = useSelector(form, formSeating, sameFields);
  const chosen = flow.matches({ picking: 'chosen' });
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
        seatBlock={formSeatBlock(event.id, { ...seating, ready: chosen && seating.ready }, (seats) =>
          form?.send({ type: 'seats.set', seats }),
        )}
      />
      <CodeRequiredSlot actor={actor} />
    </ReserveFrame>
  );
}
