/**
 * The date-first form as its layout renders it (routes/event/layouts/DateFirstLayout.tsx): the flow and its
 * form child (`ticketForm`) followed, the view built from both, the form's fields and submit sent to the child
 * and the rest (dates, flexible, sessions, retry) to the flow. The calendar modal is not opened here.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { DateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import {
  dateFirstReserveCallbacks,
  selectDateFirstReserveView,
} from '../../machines/reserve/dateFirstReserve.view';
import { DateFirstReserve } from '../../ui/reserve/DateFirstReserve';
import type { Strings } from '../../ui/strings';

const noop = () => {};

export function DateFirstHarness({
  actor,
  strings,
}: {
  actor: ActorRefFrom<DateFirstReserveMachine>;
  strings: Strings;
}) {
  const form = useSelector(actor, (s) => s.children.ticketForm);
  const flow = useSelector(actor, (s) => s);
  const formSnapshot = useSelector(form, (s) => s);
  const view = selectDateFirstReserveView(flow, formSnapshot);
  return (
    <DateFirstReserve
      strings={strings}
      currency="USD"
      view={view}
      calendar={null}
      onShowMore={noop}
      onCloseCalendar={noop}
      onDismissCalendar={noop}
      {...dateFirstReserveCallbacks(actor.send, (event) => form?.send(event))}
    />
  );
}
