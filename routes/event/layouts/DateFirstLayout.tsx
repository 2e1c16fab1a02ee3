/** The date-first layout: get the date-first reserve actor, select its view model, render the view. */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectedSessionOf } from '../../../machines/reserve/dateFirstReserve.impl';
import {
  dateFirstReserveCallbacks,
  selectDateFirstReserveView,
} from '../../../machines/reserve/dateFirstReserve.view';
import { DateFirstReserve } from '../../../ui/reserve/DateFirstReserve';
import { heldVisits, isLoggedIn, reservableCartId } from '../../app/root';
import { useModal, useServices } from '../../app/services';
import { formSeatBlock, formSeating } from '../seatmap/SeatSelection';
import { useMemberLimits } from '../useMemberLimits';
import { useReserved } from '../useReserved';
import { addOnVisitWindow } from '../visit-window';
import { provideDateFirstReserve, reserveQueryFrom } from '../wiring';
import { CodeRequiredSlot, useCodePromptModal } from './CodeRequiredSlot';
import { RenewNoticeSlot } from './RenewNoticeSlot';
import { ReserveFrame, sameFields, selectTicketsChosen, useReserveForm } from './ReserveFrame';
import type { LayoutProps } from './types';

export default function DateFirstLayout({ event, search, query }: LayoutProps) {
  const { api, strings, inspect, config, clock, app } = useServices();
  const reserved = useReserved();
  const memberLimits = useMemberLimits();
  const { formId, small } = useReserveForm();
  const codePrompt = useCodePromptModal();
  const machine = useMemo(
    () =>
      provideDateFirstReserve({
        api,
        currentCartId: () => reservableCartId(app),
        reserved,
        memberLimits,
        isMember: () => isLoggedIn(app),
        codePrompt,
        conflicts: { event, heldVisits: () => heldVisits(app) },
        visitWindow: () => addOnVisitWindow(app, event.id),
      }),
    [api, app, reserved, memberLimits, codePrompt, event],
  );
  const actor = useActorRef(machine, {
    input: {
      event,
      query: withSelect(reserveQueryFrom(search), query.select),
      now: clock.now(),
      presetPriceCents: query.priceCents,
    },
    inspect,
  });
  // The form is the flow's child (`ticketForm`): its own actor, followed here as the flow is.
  const form = useSelector(actor, (s) => s.children.ticketForm);
  const flow = useSelector(actor, (s) => s);
  const formSnapshot = useSelector(form, (s) => s);
  const view = useMemo(() => selectDateFirstReserveView(flow, formSnapshot), [flow, formSnapshot]);
  const callbacks = useMemo(
    () => dateFirstReserveCallbacks(actor.send, (event) => form?.send(event)),
    [actor, form],
  );
  const calendar = useModal('chooseDate');
  const ticketsChosen = useSelector(form, (s) => (s ? selectTicketsChosen(s) : false));
  const seating = useSelector(form, formSeating, sameFields);
  const dated = flow.matches({ picking: { session: { loaded: { chosen: 'ready' } } } });
  const visitStart = useSelector(actor, (s) => selectedSessionOf(s.context)?.start ?? null);

  return (
    <ReserveFrame
      eventId={event.id}
      formId={formId}
      ticketsChosen={ticketsChosen}
      footer={small && view.status === 'ready' ? view : null}
    >
      <RenewNoticeSlot event={event} groups={seating.groups} visitStart={visitStart} />
      <DateFirstReserve
        strings={strings}
        formId={formId}
        showFooter={!small}
        currency={config.currency}
        view={view}
        calendar={calendar.modal}
        onShowMore={calendar.open}
        onCloseCalendar={calendar.close}
        onDismissCalendar={calendar.dismiss}
        {...callbacks}
        seatBlock={formSeatBlock(event.id, { ...seating, ready: dated && seating.ready }, (seats) =>
          form?.send({ type: 'seats.set', seats }),
        )}
      />
      <CodeRequiredSlot actor={actor} />
    </ReserveFrame>
  );
}

/** `select` preselects one ticket of that type unless the query already sets a count for it. */
function withSelect<Q extends { quantities?: Record<string, string> }>(q: Q, select: string | null): Q {
  if (select === null || q.quantities?.[select] !== undefined) return q;
  return { ...q, quantities: { ...q.quantities, [select]: '1' } };
}
