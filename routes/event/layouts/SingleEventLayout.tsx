/** The 'single' layout (spec 1 §2 layout 4): get the single-event actor, select its view model, render the form. */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectSingleEventView } from '../../../machines/reserve/single-event-view';
import { SingleEventReserve } from '../../../ui/reserve/SingleEventReserve';
import { currentCartId } from '../../app/root';
import { useServices } from '../../app/services';
import { provideSingleEventReserve } from '../single-event-wiring';
import { useReserved } from '../useReserved';
import { ReserveFrame, selectTicketsChosen, useReserveForm } from './ReserveFrame';
import type { LayoutProps } from './types';

export default function SingleEventLayout({ event, query }: LayoutProps) {
  const { api, strings, inspect, config, app } = useServices();
  const reserved = useReserved();
  const { formId, small } = useReserveForm();
  const machine = useMemo(
    () => provideSingleEventReserve({ api, currentCartId: () => currentCartId(app), reserved }),
    [api, app, reserved],
  );
  const actor = useActorRef(machine, { input: { event, select: query.select }, inspect });
  const view = useSelector(actor, selectSingleEventView);
  const ticketsChosen = useSelector(actor, selectTicketsChosen);

  return (
    <ReserveFrame
      formId={formId}
      ticketsChosen={ticketsChosen}
      footer={small && view.status === 'ready' ? view : null}
    >
      <SingleEventReserve
        strings={strings}
        formId={formId}
        showFooter={!small}
        currency={config.currency}
        view={view}
        onIncrement={(ticketTypeId) => actor.send({ type: 'quantity.increment', ticketTypeId })}
        onDecrement={(ticketTypeId) => actor.send({ type: 'quantity.decrement', ticketTypeId })}
        onSubmit={() => actor.send({ type: 'submit' })}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    </ReserveFrame>
  );
}
