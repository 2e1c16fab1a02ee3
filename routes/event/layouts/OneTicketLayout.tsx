/**
 * The 'oneTicket' layout (spec 1 §2 layout 2, events whose groups are all ledger or donation): get the
 * one-ticket picker's actor, select its view model, render the picker.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { zonedParts } from '../../../domain/zoned-day';
import { oneTicketCallbacks, selectOneTicketView } from '../../../machines/reserve/oneTicketReserve.view';
import { OneTicketPicker } from '../../../ui/reserve/OneTicketPicker';
import { reservableCartId } from '../../app/root';
import { useServices } from '../../app/services';
import { provideOneTicketReserve } from '../single-event-wiring';
import { useReserved } from '../useReserved';
import { CodeRequiredSlot, useCodePromptModal } from './CodeRequiredSlot';
import { ReserveFrame, selectTicketsChosen, useReserveForm } from './ReserveFrame';
import type { LayoutProps } from './types';

export default function OneTicketLayout({ event, query }: LayoutProps) {
  const { api, strings, inspect, config, app, clock } = useServices();
  const reserved = useReserved();
  const { formId, small } = useReserveForm();
  const codePrompt = useCodePromptModal();
  const machine = useMemo(
    () => provideOneTicketReserve({ api, currentCartId: () => reservableCartId(app), reserved, codePrompt }),
    [api, app, reserved, codePrompt],
  );
  const actor = useActorRef(machine, {
    // Today in the event's zone: a pass's validity is counted from it (domain/pass-validity.ts).
    input: {
      event,
      select: query.select,
      presetPriceCents: query.priceCents,
      today: zonedParts(clock.now(), event.venue.timezone).date,
    },
    inspect,
  });
  const view = useSelector(actor, selectOneTicketView);
  const callbacks = useMemo(() => oneTicketCallbacks(actor.send), [actor]);
  const ticketsChosen = useSelector(actor, selectTicketsChosen);

  return (
    <ReserveFrame
      eventId={event.id}
      formId={formId}
      ticketsChosen={ticketsChosen}
      footer={small && view.status === 'ready' ? view : null}
    >
      <OneTicketPicker
        strings={strings}
        formId={formId}
        showFooter={!small}
        currency={config.currency}
        view={view}
        {...callbacks}
      />
      <CodeRequiredSlot actor={actor} />
    </ReserveFrame>
  );
}
