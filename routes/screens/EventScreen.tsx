import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { type EventDetail, isApiError, messageFor } from '../../api';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import {
  canSubmit,
  isSubmitting,
  selectBlockingMessage,
  selectCanRetry,
  selectDatePicker,
  selectFewTicketsMessage,
  selectGroupsLoading,
  selectMessages,
  selectScreen,
  selectSessionPicker,
  selectTicketGroups,
  selectTotalCents,
  selectTotalFeesCents,
} from '../../machines/reserve/selectors';
import type { ReserveQuery } from '../../machines/reserve/types';
import { EventHeader } from '../../ui/EventHeader';
import { DateFirstReserve } from '../../ui/reserve/DateFirstReserve';
import { fromApi } from '../actors';
import { useServices } from '../context';
import { useAppNavigate } from '../navigation';
import { useLoad } from '../useLoad';
import { CartSidebar } from './CartSidebar';
import { NOT_FOUND_PATH } from './NotFoundScreen';

/** /events/{id}: the event detail; an unknown event redirects to the 404 screen with its path and query. */
export default function EventScreen({ id }: { id: string }) {
  const { api, strings, config } = useServices();
  const { navigate } = useAppNavigate();
  const search = useSearch();
  const event = useLoad((signal) => api.events.get(id, { signal }), id);

  const notFound = event.status === 'error' && isApiError(event.error, 'event_not_found');
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
        {event.status === 'loading' ? <p role="status">{strings.loading}</p> : null}
        {event.status === 'error' && !notFound ? (
          <p className="message message--error" role="alert">
            {messageFor(event.error)}
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
              <p className="message message--warning">{strings.noTicketGroups}</p>
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

function queryFrom(search: string): ReserveQuery {
  const params = new URLSearchParams(search);
  const quantities: Record<string, string> = {};
  const reserved = new Set(['session', 'date', 'reserve', 'tg', 'select', 'price', 'inspect']);
  for (const [key, value] of params) if (!reserved.has(key)) quantities[key] = value;
  return {
    session: params.get('session') ?? undefined,
    date: params.get('date') ?? undefined,
    reserve: params.get('reserve') ?? undefined,
    quantities,
  };
}

/** Owns the date-first reserve actor: provides the API actors and the `reserved` action, renders the view. */
function DateFirstReserveFlow({ event, search }: { event: EventDetail; search: string }) {
  const { api, strings, inspect, cart, config } = useServices();
  const { navigate } = useAppNavigate();
  const machine = useMemo(
    () =>
      dateFirstReserveMachine.provide({
        actors: {
          loadCalendar: fromApi(({ input, signal }) =>
            api.events.calendar(input.eventId, { ticketGroupIds: input.ticketGroupIds }, { signal }),
          ),
          loadSessions: fromApi(({ input, signal }) =>
            api.events.sessions(input.eventId, { date: input.date }, { signal }),
          ),
          loadSessionGroups: fromApi(({ input, signal }) =>
            api.events.sessionGroups(input.eventId, input.sessionId, { signal }),
          ),
          reserve: fromApi(({ input, signal }) => api.cart.reserve(input.cartId, input.request, { signal })),
        },
        actions: {
          reserved: (_, reservedCart) => {
            cart.send({ type: 'cart.updated', cart: reservedCart });
            navigate('/checkout');
          },
        },
      }),
    [api, cart, navigate],
  );
  const actor = useActorRef(machine, {
    input: { event, cartId: cart.getSnapshot().context.cartId, query: queryFrom(search), now: Date.now() },
    inspect,
  });

  const screen = useSelector(actor, selectScreen);
  const blockingMessage = useSelector(actor, selectBlockingMessage);
  const datePicker = useSelector(actor, selectDatePicker);
  const sessionPicker = useSelector(actor, selectSessionPicker);
  const groups = useSelector(actor, selectTicketGroups);
  const messages = useSelector(actor, selectMessages);
  const fewTickets = useSelector(actor, selectFewTicketsMessage);
  const total = useSelector(actor, (s) => selectTotalCents(s) + selectTotalFeesCents(s));
  const submitEnabled = useSelector(actor, canSubmit);
  const submitting = useSelector(actor, isSubmitting);
  const canRetry = useSelector(actor, selectCanRetry);
  const groupsLoading = useSelector(actor, selectGroupsLoading);

  const sessions = sessionPicker.sessions.map((s) => ({
    id: s.id,
    start: s.start,
    label: s.timeLabel,
    soldOut: s.soldOut,
    disabled: s.disabled,
    note: null,
  }));
  const selectedSession = sessions.find((s) => s.id === sessionPicker.selectedSessionId) ?? null;

  return (
    <DateFirstReserve
      strings={strings}
      currency={config.currency}
      timezone={event.venue.timezone}
      status={
        screen === 'loading'
          ? 'loading'
          : screen === 'noAvailability'
            ? 'noAvailability'
            : screen === 'initError'
              ? 'error'
              : 'ready'
      }
      blockingMessage={blockingMessage}
      days={datePicker.days.map((d) => ({
        date: d.date,
        available: !d.disabled,
        minPriceCents: d.minPriceCents,
      }))}
      selectedDate={datePicker.selectedDate}
      dateListOpen={datePicker.isOpen}
      canChangeDate={datePicker.canChange}
      sessions={sessionPicker.isLoading ? null : sessions}
      sessionListOpen={sessionPicker.isOpen}
      selectedSession={selectedSession}
      groups={groupsLoading ? null : groups}
      fewTickets={fewTickets !== null}
      totalCents={total}
      canSubmit={submitEnabled}
      submitting={submitting}
      messages={messages.map((m) => ({ kind: m.level, text: m.text }))}
      onSelectDate={(date) => actor.send({ type: 'date.select', date })}
      onChangeDate={() => actor.send({ type: 'date.change' })}
      onSelectSession={(sessionId) => actor.send({ type: 'session.select', sessionId })}
      onChangeSession={() => actor.send({ type: 'session.change' })}
      onIncrement={(ticketTypeId) => actor.send({ type: 'quantity.increment', ticketTypeId })}
      onDecrement={(ticketTypeId) => actor.send({ type: 'quantity.decrement', ticketTypeId })}
      onSubmit={() => actor.send({ type: 'submit' })}
      canRetry={canRetry}
      onRetry={() => actor.send({ type: 'retry' })}
    />
  );
}
