import { SellerHtml } from './SellerHtml';

export interface EventHeaderProps {
  name: string;
  subtitle: string | null;
  venueName: string;
  description: string | null;
  cover: { src: string; alt: string; width: number; height: number } | null;
}

export function EventHeader({ name, subtitle, venueName, description, cover }: EventHeaderProps) {
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
      {description ? <SellerHtml className="event-description" html={description} /> : null}
    </header>
  );
}
