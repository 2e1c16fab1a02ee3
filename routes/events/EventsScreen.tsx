import { useEffect } from 'react';
import { errorMessageFor } from '../../api';
import { EventList } from '../../ui/EventList';
import { EventListSkeleton } from '../../ui/skeleton/EventListSkeleton';
import { resolveMessage } from '../../ui/strings';
import { useServices } from '../app/services';
import { CartSidebar } from '../cart/CartSidebar';
import { useAppNavigate } from '../navigation';
import { useLoad } from '../useLoad';
import { loadEvents } from './wiring';

/** /events: the listing with the cart widget. */
export default function EventsScreen() {
  const { api, strings, config } = useServices();
  const { href, navigate } = useAppNavigate();
  const events = useLoad((signal) => loadEvents(api, signal), 'events');
  useEffect(() => {
    document.title = `${strings.eventsTitle} — ${config.sellerName}`;
  }, [strings, config]);
  return (
    <div className="layout-with-cart">
      <section aria-labelledby="events-title">
        <h1 id="events-title">{strings.eventsTitle}</h1>
        {events.status === 'loading' ? <EventListSkeleton label={strings.loading} /> : null}
        {events.status === 'error' ? (
          <p className="message message--error" role="alert">
            {resolveMessage(strings, errorMessageFor(events.error, 'listing'))}
          </p>
        ) : null}
        {events.status === 'ready' ? (
          <EventList
            strings={strings}
            events={events.data}
            hrefFor={(id) => href(`/events/${id}`)}
            onNavigate={navigate}
          />
        ) : null}
      </section>
      <CartSidebar />
    </div>
  );
}
