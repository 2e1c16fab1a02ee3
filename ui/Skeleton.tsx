/**
 * Placeholders shown while a block loads. Each has the size of what replaces it (same grid, aspect ratios and
 * line heights), so content arriving does not move what is around it. Screen readers hear `label` once,
 * through a polite status region; the shapes themselves are hidden from them.
 */
import type { ReactNode } from 'react';

const CARDS = ['a', 'b', 'c'];
const DAYS = ['1', '2', '3', '4', '5', '6', '7', '8'];
const FIELDS = ['a', 'b', 'c', 'd'];

function Busy({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" className="skeleton-region">
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

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

/** The reserve block's first step (the day buttons) while the calendar loads. */
export function ReserveSkeleton({ label }: { label: string }) {
  return (
    <Busy label={label}>
      <ReserveShapes />
    </Busy>
  );
}

/** The event detail while the event loads: the cover's box, title lines, description, then the reserve step. */
export function EventDetailSkeleton({ label }: { label: string }) {
  return (
    <Busy label={label}>
      <div className="event-hero">
        <div className="skeleton skeleton--cover" />
        <div>
          <div className="skeleton skeleton--heading" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
        <div>
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      </div>
      <ReserveShapes />
    </Busy>
  );
}

/** A reserve section: heading, the 8 day buttons in the real grid, the 'Show more dates' button. */
function ReserveShapes() {
  return (
    <div className="reserve-section">
      <div className="skeleton skeleton--subheading" />
      <ul className="day-list">
        {DAYS.map((key) => (
          <li key={key}>
            <div className="day-button skeleton" />
          </li>
        ))}
      </ul>
      <div className="skeleton skeleton--button" />
    </div>
  );
}

/**
 * A form (checkout) while its data loads: its title when known (the page's heading shows at once, in the place
 * the form's own heading takes), then a grid of fields.
 */
export function FormSkeleton({ label, title }: { label: string; title?: string }) {
  return (
    <>
      {title ? <h1>{title}</h1> : null}
      <Busy label={label}>
        {title ? null : <div className="skeleton skeleton--heading" />}
        <div className="form-grid">
          {FIELDS.map((key) => (
            <div key={key} className="field">
              <div className="skeleton skeleton--label" />
              <div className="skeleton skeleton--input" />
            </div>
          ))}
        </div>
        <div className="skeleton skeleton--block" />
      </Busy>
    </>
  );
}
