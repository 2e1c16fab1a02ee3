/** The date-first layout: get the date-first reserve actor, select its view model, render the view. */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import { selectedSessionOf } from '../../../machines/reserve/dateFirstReserve.impl';
import type { dateFirstReserveMachine } from '../../../machines/reserve/dateFirstReserve.machine';
import { dateFirstReserveCallbacks, selectDateFirstReserveView } from '../../../machines/reserve/view';
import { DateFirstReserve } from '../../../ui/reserve/DateFirstReserve';
import { heldVisits, isLoggedIn, reservableCartId } from '../../app/root';
import { useModal, useServices } from '../../app/services';
import { formSeatBlock } from '../seatmap/SeatSelection';
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
  const view = useSelector(actor, selectDateFirstReserveView);
  const callbacks = useMemo(() => dateFirstReserveCallbacks(actor.send), [actor]);
  const calendar = useModal('chooseDate');
  const ticketsChosen = useSelector(actor, selectTicketsChosen);
  const seating = useSelector(actor, selectSeating, sameFields);
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
        seatBlock={formSeatBlock(event.id, seating, (seats) => actor.send({ type: 'seats.set', seats }))}
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

/** What the seat selection block reads of the date-first form (stable references from context). */
function selectSeating(snapshot: SnapshotFrom<typeof dateFirstReserveMachine>) {
  const { context } = snapshot;
  return {
    ready: snapshot.matches({ picking: { session: { loaded: { chosen: 'ready' } } } }),
    sessionId: context.selectedSessionId,
    groups: context.groups,
    quantities: context.quantities,
    seats: context.seats,
  };
}
