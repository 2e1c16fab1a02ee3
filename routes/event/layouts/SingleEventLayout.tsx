/** The 'single' layout (spec 1 §2 layout 4): get the single-event actor, select its view model, render the form. */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import {
  selectSingleEventView,
  singleEventCallbacks,
} from '../../../machines/reserve/singleEventReserve.view';
import { SingleEventReserve } from '../../../ui/reserve/SingleEventReserve';
import { isLoggedIn, reservableCartId } from '../../app/root';
import { useServices } from '../../app/services';
import { formSeatBlock, formSeating } from '../seatmap/SeatSelection';
import { provideSingleEventReserve } from '../single-event-wiring';
import { useMemberLimits } from '../useMemberLimits';
import { useReserved } from '../useReserved';
import { CodeRequiredSlot, useCodePromptModal } from './CodeRequiredSlot';
import { RenewNoticeSlot } from './RenewNoticeSlot';
import { ReserveFrame, sameFields, selectTicketsChosen, useReserveForm } from './ReserveFrame';
import type { LayoutProps } from './types';

export default function SingleEventLayout({ event, query }: LayoutProps) {
  const { api, strings, inspect, config, app } = useServices();
  const reserved = useReserved();
  const memberLimits = useMemberLimits();
  const { formId, small } = useReserveForm();
  const codePrompt = useCodePromptModal();
  const machine = useMemo(
    () =>
      provideSingleEventReserve({
        api,
        currentCartId: () => reservableCartId(app),
        reserved,
        memberLimits,
        isMember: () => isLoggedIn(app),
        codePrompt,
      }),
    [api, app, reserved, memberLimits, codePrompt],
  );
  const actor = useActorRef(machine, {
    input: { event, select: query.select, presetPriceCents: query.priceCents },
    inspect,
  });
  // The form is the flow's child (`ticketForm`): its own actor, followed here as the flow is.
  const form = useSelector(actor, (s) => s.children.ticketForm);
  const flow = useSelector(actor, (s) => s);
  const formSnapshot = useSelector(form, (s) => s);
  const view = useMemo(() => selectSingleEventView(flow, formSnapshot), [flow, formSnapshot]);
  const callbacks = useMemo(
    () => singleEventCallbacks(actor.send, (event) => form?.send(event)),
    [actor, form],
  );
  const ticketsChosen = useSelector(form, (s) => (s ? selectTicketsChosen(s) : false));
  const seating = useSelector(form, formSeating, sameFields);
  const ready = flow.matches('ready');

  return (
    <ReserveFrame
      eventId={event.id}
      formId={formId}
      ticketsChosen={ticketsChosen}
      footer={small && view.status === 'ready' ? view : null}
    >
      <RenewNoticeSlot event={event} groups={seating.groups} visitStart={seating.visitStart} />
      <SingleEventReserve
        strings={strings}
        formId={formId}
        showFooter={!small}
        currency={config.currency}
        view={view}
        {...callbacks}
        seatBlock={formSeatBlock(
          event.id,
          { ...seating, ready: ready && seating.ready && seating.seated },
          (seats) => form?.send({ type: 'seats.set', seats }),
        )}
      />
      <CodeRequiredSlot actor={actor} />
    </ReserveFrame>
  );
}
