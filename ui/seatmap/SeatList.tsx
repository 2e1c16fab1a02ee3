/**
 * The seat map without the picture: pick a section, then a row, then seats from a list of toggle buttons
 * (the way a step-through seat list works). Every seat says its section, row, name and state; booked and
 * unavailable seats are listed but cannot be pressed. The dialog's live region announces each change.
 */
import './strings';
import { memo, useId, useState } from 'react';
import { fill } from '../strings';
import type { SeatMapStrings } from './strings';

export interface ListSeat {
  readonly id: string;
  readonly name: string;
  readonly state: 'available' | 'booked' | 'unavailable';
}

export interface ListMap {
  readonly sections: readonly {
    readonly name: string;
    readonly rows: readonly { readonly name: string; readonly seatIds: readonly string[] }[];
  }[];
  readonly seatById: ReadonlyMap<string, ListSeat>;
}

export interface SeatListProps {
  strings: SeatMapStrings;
  map: ListMap;
  selectedIds: ReadonlySet<string>;
  /** Seats the order can take (available and in a group the order seats). */
  canSelect: (seatId: string) => boolean;
  onSeat: (seatId: string) => void;
}

/** Memoised: zoom and pan re-render the dialog many times a second; the list changes only with the selection. */
export const SeatList = memo(function SeatList({
  strings,
  map,
  selectedIds,
  canSelect,
  onSeat,
}: SeatListProps) {
  const id = useId();
  const [sectionName, setSectionName] = useState(map.sections[0]?.name ?? '');
  const section = map.sections.find((s) => s.name === sectionName) ?? map.sections[0];
  const [rowName, setRowName] = useState(section?.rows[0]?.name ?? '');
  const row = section?.rows.find((r) => r.name === rowName) ?? section?.rows[0];
  const stateText = (seat: ListSeat) =>
    selectedIds.has(seat.id)
      ? strings.seatStateSelected
      : seat.state === 'available'
        ? strings.seatStateAvailable
        : seat.state === 'booked'
          ? strings.seatStateBooked
          : strings.seatStateUnavailable;

  return (
    <section className="seat-list" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{strings.seatListTitle}</h3>
      <div className="seat-list__pickers">
        <label htmlFor={`${id}-section`}>{strings.seatSection}</label>
        <select
          id={`${id}-section`}
          value={section?.name ?? ''}
          onChange={(e) => {
            const next = map.sections.find((s) => s.name === e.target.value);
            setSectionName(e.target.value);
            setRowName(next?.rows[0]?.name ?? '');
          }}
        >
          {map.sections.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-row`}>{strings.seatRow}</label>
        <select id={`${id}-row`} value={row?.name ?? ''} onChange={(e) => setRowName(e.target.value)}>
          {section?.rows.map((r) => (
            <option key={r.name} value={r.name}>
              {fill(strings.seatRowName, { row: r.name })}
            </option>
          ))}
        </select>
      </div>
      <ul className="seat-list__seats" aria-label={strings.seatSeats}>
        {row?.seatIds.map((seatId) => {
          const seat = map.seatById.get(seatId);
          if (!seat) return null;
          const pressed = selectedIds.has(seatId);
          const label = `${fill(strings.seatLabel, { section: section?.name ?? '', row: row.name, seat: seat.name })}, ${stateText(seat)}`;
          return (
            <li key={seatId}>
              <button
                type="button"
                className={`seat-list__seat seat-list__seat--${pressed ? 'selected' : seat.state}`}
                aria-pressed={pressed}
                aria-label={label}
                disabled={!pressed && !canSelect(seatId)}
                onClick={() => onSeat(seatId)}
              >
                {seat.name}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
});
