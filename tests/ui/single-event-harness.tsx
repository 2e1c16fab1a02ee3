/**
 * The single-event form as its layout renders it (routes/event/layouts/SingleEventLayout.tsx): the flow and its
 * form child (`ticketForm`) followed, the view built from both, the form's fields and submit sent to the child.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { SingleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import { selectSingleEventView, singleEventCallbacks } from '../../machines/reserve/singleEventReserve.view';
import { SingleEventReserve } from '../../ui/reserve/SingleEventReserve';
import type { Strings } from '../../ui/strings';

export function SingleEventHarness({
  actor,
  strings,
}: {
  actor: ActorRefFrom<SingleEventReserveMachine>;
  strings: Strings;
}) {
  const form = useSelector(actor, (s) => s.children.ticketForm);
  const flow = useSelector(actor, (s) => s);
  const formSnapshot = useSelector(form, (s) => s);
  const view = selectSingleEventView(flow, formSnapshot);
  return (
    <SingleEventReserve
      strings={strings}
      currency="USD"
      view={view}
      {...singleEventCallbacks(actor.send, (event) => form?.send(event))}
    />
  );
}
