import { useEffect } from 'react';
import { messageFor } from '../../api';
import { EventList } from '../../ui/EventList';
import { EventListSkeleton } from '../../ui/Skeleton';
import { useServices } from '../context';
import { useAppNavigate } from '../navigation';
import { useLoad } from '../useLoad';
import { CartSidebar } from './CartSidebar';

/** /events: the listing with the cart widget. */
export default function EventsScreen() {
  const { api, strings, config } = useServices();
  const { href, navigate } = useAppNavigate();
  const events = useLoad((signal) => api.events.listAvailable({}, { signal }), 'events');
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
            {messageFor(events.error)}
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
