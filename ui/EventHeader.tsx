import { SellerHtml } from './SellerHtml';

export interface EventHeaderProps {
  name: string;
  subtitle: string | null;
  venueName: string;
  description: string | null;
  cover: { src: string; alt: string; width: number; height: number } | null;
  /**
   * Small screens collapse the description behind a 'More' button that calls this (the description modal);
   * without it the description always shows.
   */
  onMore?: () => void;
  moreLabel?: string;
}

export function EventHeader({
  name,
  subtitle,
  venueName,
  description,
  cover,
  onMore,
  moreLabel,
}: EventHeaderProps) {
  return (
    <header className="event-hero">
      {cover ? (
        // The page's largest element: fetched first (the server also preloads it from index.html).
        <img src={cover.src} alt={cover.alt} width={cover.width} height={cover.height} fetchPriority="high" />
      ) : null}
      <div>
        <h1>{name}</h1>
        {subtitle ? <p className="event-card__subtitle">{subtitle}</p> : null}
        <p className="event-card__venue">{venueName}</p>
      </div>
      {description ? (
        <SellerHtml
          className={onMore ? 'event-description event-description--collapsible' : 'event-description'}
          html={description}
        />
      ) : null}
      {description && onMore ? (
        <button
          type="button"
          className="btn btn--secondary btn--small event-more"
          aria-haspopup="dialog"
          onClick={onMore}
        >
          {moreLabel}
        </button>
      ) : null}
    </header>
  );
}
