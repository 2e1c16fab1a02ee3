import './cart/strings';
import { fill, type Strings } from './strings';

export interface TicketSeatView {
  section: string;
  row: string;
  name: string;
}

/**
 * The seats of a cart or order item, one a line ('Stalls Centre, Row C, Seat C12'), as a list named 'Seats';
 * nothing without seats.
 */
export function TicketSeats({
  strings,
  seats,
}: {
  strings: Strings;
  seats: readonly TicketSeatView[] | undefined;
}) {
  if (!seats?.length) return null;
  return (
    <ul className="ticket-seats" aria-label={strings.ticketSeats}>
      {seats.map((seat) => {
        const text = fill(strings.ticketSeat, { section: seat.section, row: seat.row, seat: seat.name });
        return <li key={text}>{text}</li>;
      })}
    </ul>
  );
}
