/**
 * The reserve form's seat selection block (spec 1 §2): the chosen seats, 'A seat must be chosen for every
 * seated ticket.' until they match the seated tickets, and the button that opens the seat map.
 */
import './strings';
import { useId } from 'react';
import type { Strings } from '../strings';
import { fill } from '../strings';

export interface SeatBlockProps {
  strings: Strings;
  /** Names of the chosen seats, in order. */
  seatNames: readonly string[];
  /** A seat for every seated ticket, none too many. */
  complete: boolean;
  /** A session is chosen, so its map can open. */
  canChoose: boolean;
  onChoose: () => void;
}

export function SeatBlock({ strings, seatNames, complete, canChoose, onChoose }: SeatBlockProps) {
  const id = useId();
  return (
    <section className="reserve-section seat-block" aria-labelledby={id}>
      <h3 id={id}>{strings.chooseSeats}</h3>
      {seatNames.length > 0 ? <p>{fill(strings.seatsChosen, { seats: seatNames.join(', ') })}</p> : null}
      {complete ? null : <p className="message message--warning">{strings.seatRequired}</p>}
      <button type="button" className="btn btn--secondary" onClick={onChoose} disabled={!canChoose}>
        {seatNames.length > 0 ? strings.changeSeats : strings.chooseSeats}
      </button>
    </section>
  );
}
