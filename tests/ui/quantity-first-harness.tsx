/**
 * The quantity-first form as its layout renders it (routes/event/layouts/QuantityFirstLayout.tsx): the flow and
 * its form child (`ticketForm`) followed, the view built from both, the form's fields and submit sent to the
 * child, the rest to the flow.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { QuantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import {
  quantityFirstReserveCallbacks,
  selectQuantityFirstReserveView,
} from '../../machines/reserve/quantityFirstReserve.view';
import { QuantityFirstReserve } from '../../ui/reserve/QuantityFirstReserve';
import type { Strings } from '../../ui/strings';

const noop = () => {};

export function QuantityFirstHarness({
  actor,
  strings,
  formId,
}: {
  actor: ActorRefFrom<QuantityFirstReserveMachine>;
  strings: Strings;
  formId: string;
}) {
  const form = useSelector(actor, (s) => s.children.ticketForm);
  const flow = useSelector(actor, (s) => s);
  const formSnapshot = useSelector(form, (s) => s);
  const view = selectQuantityFirstReserveView(flow, formSnapshot);
  return (
    <QuantityFirstReserve
      strings={strings}
      currency="USD"
      view={view}
      formId={formId}
      showFooter
      calendar={null}
      onShowMore={noop}
      onCloseCalendar={noop}
      onDismissCalendar={noop}
      {...quantityFirstReserveCallbacks(actor.send, (event) => form?.send(event))}
    />
  );
}
