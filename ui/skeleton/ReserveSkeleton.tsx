import { Busy } from './Busy';

const DAYS = ['1', '2', '3', '4', '5', '6', '7', '8'];

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
