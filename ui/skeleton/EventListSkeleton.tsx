import { Busy } from './Busy';

const CARDS = ['a', 'b', 'c'];

/** The listing while events load: cards with the card image's aspect ratio. */
export function EventListSkeleton({ label }: { label: string }) {
  return (
    <Busy label={label}>
      <ul className="event-list">
        {CARDS.map((key) => (
          <li key={key}>
            <div className="event-card">
              <div className="event-card__image skeleton" />
              <div className="event-card__body">
                <div className="skeleton skeleton--title" />
                <div className="skeleton skeleton--line" />
                <div className="skeleton skeleton--line" />
                <div className="skeleton skeleton--line skeleton--short" />
                <div className="event-card__action">
                  <div className="skeleton skeleton--button" />
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </Busy>
  );
}
