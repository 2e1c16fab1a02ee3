import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { type EventDetail, errorMessageFor, isApiError } from '../../api';
import { ErrorCode } from '../../api/codes';
import { selectDateFirstReserveView } from '../../machines/reserve/view';
import { EventHeader } from '../../ui/EventHeader';
import { DateFirstReserve } from '../../ui/reserve/DateFirstReserve';
import { EventDetailSkeleton } from '../../ui/skeleton/ReserveSkeleton';
import { resolveMessage } from '../../ui/strings';
import { currentCartId } from '../app/root';
import { useModal, useServices } from '../app/services';
import { AddOnStepBar, useAfterReserve } from '../app/upsell';
import { CartSidebar } from '../cart/CartSidebar';
import { useAppNavigate } from '../navigation';
import { NOT_FOUND_PATH } from '../not-found/NotFoundScreen';
import { useLoad } from '../useLoad';
import { loadEvent, provideDateFirstReserve, reserveQueryFrom } from './wiring';

/** /events/{id}: the event detail; an unknown event redirects to the 404 screen with its path and query. */
export default function EventScreen({ id }: { id: string }) {
  const { api, strings, config } = useServices();
  const { navigate } = useAppNavigate();
  const search = useSearch();
  const event = useLoad((signal) => loadEvent(api, id, signal), id);

  const notFound = event.status === 'error' && isApiError(event.error, ErrorCode.event_not_found);
  useEffect(() => {
    if (notFound) {
      navigate(NOT_FOUND_PATH, {
        replace: true,
        state: { missingPath: `/events/${id}`, missingQuery: search },
      });
    }
  }, [notFound, navigate, id, search]);
  useEffect(() => {
    if (event.status === 'ready') document.title = `${event.data.name} — ${config.sellerName}`;
  }, [event, config]);

  return (
    <div className="layout-with-cart">
      <div>
        {event.status === 'loading' ? <EventDetailSkeleton label={strings.loading} /> : null}
        {event.status === 'error' && !notFound ? (
          <p className="message message--error" role="alert">
            {resolveMessage(strings, errorMessageFor(event.error, 'event'))}
          </p>
        ) : null}
        {event.status === 'ready' ? (
          <>
            <EventHeader
              name={event.data.name}
              subtitle={event.data.subtitle}
              venueName={event.data.venue.name}
              description={event.data.description}
              cover={event.data.cover ?? event.data.image}
            />
            {event.data.ticketGroups.length === 0 ? (
              <p className="message message--warning">{strings.eventUnavailable}</p>
            ) : (
              <DateFirstReserveFlow key={event.data.id} event={event.data} search={search} />
            )}
          </>
        ) : null}
      </div>
      <CartSidebar />
    </div>
  );
}

/** The date-first reserve flow: get its actor, select its view model, render the view. */
function DateFirstReserveFlow({ event, search }: { event: EventDetail; search: string }) {
  const { api, strings, inspect, config, clock, app } = useServices();
  const afterReserve = useAfterReserve(event.id);
  const machine = useMemo(
    () => provideDateFirstReserve({ api, currentCartId: () => currentCartId(app), reserved: afterReserve }),
    [api, app, afterReserve],
  );
  const actor = useActorRef(machine, {
    input: { event, query: reserveQueryFrom(search), now: clock.now() },
    inspect,
  });
  const view = useSelector(actor, selectDateFirstReserveView);
  const calendar = useModal('chooseDate');
  const ticketsSelected = useSelector(actor, (s) => Object.values(s.context.quantities).some((n) => n > 0));

  return (
    <>
      <AddOnStepBar ticketsSelected={ticketsSelected} />
      <DateFirstReserve
        strings={strings}
        currency={config.currency}
        view={view}
        calendar={calendar.modal}
        onShowMore={calendar.open}
        onCloseCalendar={calendar.close}
        onDismissCalendar={calendar.dismiss}
        onSelectDate={(date) => actor.send({ type: 'date.select', date })}
        onChangeDate={() => actor.send({ type: 'date.change' })}
        onSelectSession={(sessionId) => actor.send({ type: 'session.select', sessionId })}
        onChangeSession={() => actor.send({ type: 'session.change' })}
        onIncrement={(ticketTypeId) => actor.send({ type: 'quantity.increment', ticketTypeId })}
        onDecrement={(ticketTypeId) => actor.send({ type: 'quantity.decrement', ticketTypeId })}
        onSubmit={() => actor.send({ type: 'submit' })}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    </>
  );
}
