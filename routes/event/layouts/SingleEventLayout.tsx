/** The 'single' layout (spec 1 §2 layout 4): get the single-event actor, select its view model, render the form. */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import { selectSingleEventView, singleEventCallbacks } from '../../../machines/reserve/single-event-view';
import type { singleEventReserveMachine } from '../../../machines/reserve/singleEventReserve.machine';
import { SingleEventReserve } from '../../../ui/reserve/SingleEventReserve';
import { isLoggedIn, reservableCartId } from '../../app/root';
import { useServices } from '../../app/services';
import { formSeatBlock } from '../seatmap/SeatSelection';
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
  const view = useSelector(actor, selectSingleEventView);
  const callbacks = useMemo(() => singleEventCallbacks(actor.send), [actor]);
  const ticketsChosen = useSelector(actor, selectTicketsChosen);
  const seating = useSelector(actor, selectSeating, sameFields);

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
        seatBlock={formSeatBlock(event.id, { ...seating, ready: seating.ready && seating.seated }, (seats) =>
          actor.send({ type: 'seats.set', seats }),
        )}
      />
      <CodeRequiredSlot actor={actor} />
    </ReserveFrame>
  );
}

/** What the seat selection block reads of the single-event form (stable references from context). */
function selectSeating(snapshot: SnapshotFrom<typeof singleEventReserveMachine>) {
  const { context } = snapshot;
  return {
    ready: snapshot.matches('ready'),
    seated: context.groups.some((g) => g.handler === 'seated'),
    sessionId: context.session?.id ?? null,
    visitStart: context.session?.start ?? null,
    groups: context.groups,
    quantities: context.quantities,
    seats: context.seats,
  };
}
