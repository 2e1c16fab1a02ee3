import { AppLink, type Navigate } from './AppLink';
import type { Strings } from './strings';
import './listing-strings';

/** What a card shows (structurally matches the api's EventCardData; ui/ declares its own props). */
export interface EventCardData {
  id: string;
  name: string;
  subtitle: string | null;
  summary: string | null;
  venue: { name: string };
  image: { src: string; alt: string; width: number; height: number } | null;
}

export interface EventListProps {
  strings: Strings;
  events: EventCardData[];
  hrefFor: (id: string) => string;
  onNavigate: Navigate;
  /** Where the empty state's clear link goes, and whether it reads 'See all' (metadata filters). */
  clear?: { href: string; seeAll: boolean } | null;
}

/** The event listing: one card per event with image, title link, subtitle, summary, venue and a button. */
export function EventList({ strings, events, hrefFor, onNavigate, clear }: EventListProps) {
  if (events.length === 0) {
    return (
      <div className="message" role="status">
        <p>{strings.eventsEmpty}</p>
        {clear ? (
          <AppLink href={clear.href} onNavigate={onNavigate}>
            {clear.seeAll ? strings.seeAll : strings.clearFilters}
          </AppLink>
        ) : null}
      </div>
    );
  }
  return (
    <ul className="event-list">
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard
            strings={strings}
            event={event}
            href={hrefFor(event.id)}
            onNavigate={onNavigate}
            eager={index < 3}
            first={index === 0}
          />
        </li>
      ))}
    </ul>
  );
}

interface EventCardProps {
  strings: Strings;
  event: EventCardData;
  href: string;
  onNavigate: Navigate;
  eager: boolean;
  /** The first card's image is the listing's largest element on phones: fetched first. */
  first: boolean;
}

function EventCard({ strings, event, href, onNavigate, eager, first }: EventCardProps) {
  const titleId = `event-${event.id}-title`;
  return (
    <article className="event-card" aria-labelledby={titleId}>
      {event.image ? (
        <img
          className="event-card__image"
          src={event.image.src}
          alt={event.image.alt}
          width={event.image.width}
          height={event.image.height}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
        />
      ) : null}
      <div className="event-card__body">
        <h2 className="event-card__title" id={titleId}>
          <AppLink href={href} onNavigate={onNavigate}>
            {event.name}
          </AppLink>
        </h2>
        {event.subtitle ? <p className="event-card__subtitle">{event.subtitle}</p> : null}
        {event.summary ? <p className="event-card__summary">{event.summary}</p> : null}
        <p className="event-card__venue">{event.venue.name}</p>
        <div className="event-card__action">
          <AppLink
            className="btn btn--secondary"
            href={href}
            onNavigate={onNavigate}
            aria-describedby={titleId}
          >
            {strings.buyTickets}
          </AppLink>
        </div>
      </div>
    </article>
  );
}
