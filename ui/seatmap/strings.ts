/**
 * The seat-map modal's own texts (ours; the spec names only the allocation messages, which are in the main
 * catalogue). They load with the modal's chunk, so no first load carries them; the seller's portal strings
 * override them by key like any other (`seatMapStrings`).
 */
import '../reserve/strings';
import { defineStrings, type Strings } from '../strings';

export const seatMapDefaults = defineStrings({
  seatMapTitle: 'Choose your seats',
  seatMapPicture: 'Seat map',
  seatMapLoading: 'Loading the seat map…',
  seatMapLoadFailed: 'The seat map could not be loaded.',
  seatZoomIn: 'Zoom in',
  seatZoomOut: 'Zoom out',
  seatPanLeft: 'Move map left',
  seatPanRight: 'Move map right',
  seatPanUp: 'Move map up',
  seatPanDown: 'Move map down',
  seatResetView: 'Fit map',
  seatZoomLevel: 'Zoom {zoom}×',
  seatConfirm: 'Confirm seats',
  seatBack: 'Back',
  seatListTitle: 'Choose from a list',
  seatSection: 'Section',
  seatRow: 'Row',
  seatRowName: 'Row {row}',
  seatSeats: 'Seats',
  seatLabel: '{section}, row {row}, seat {seat}',
  seatStateAvailable: 'available',
  seatStateBooked: 'booked',
  seatStateUnavailable: 'unavailable',
  seatStateSelected: 'selected',
  seatLegend: 'Key',
  seatLegendAvailable: 'Available',
  seatLegendBooked: 'Booked',
  seatLegendUnavailable: 'Unavailable',
  seatLegendSelected: 'Selected',
  // plural forms by {total} (ui/strings.ts `text`): the base key is the `other` form
  seatProgress: '{group}: {count} of {total} seats chosen',
  seatProgress_one: '{group}: {count} of {total} seat chosen',
  seatAnnounceSelected: 'Selected {seats}.',
  seatAnnounceDeselected: 'Deselected {seats}.',
  seatAnnounceRefused: '{seats} can not be chosen.',
});

export type SeatMapStrings = Strings;

/** The catalogue (portal strings already applied) plus the modal's texts with the portal strings over them. */
export function seatMapStrings(
  strings: Strings,
  overrides: Partial<Record<string, string>> = {},
): SeatMapStrings {
  // The catalogue's own properties are its overrides, its prototype the registered defaults (ui/strings.ts):
  // a spread would drop the defaults, so the modal's overrides go on a catalogue that inherits from it.
  const out = Object.create(strings) as Record<string, string>;
  for (const key of Object.keys(seatMapDefaults)) {
    const value = overrides[key];
    if (typeof value === 'string') out[key] = value;
  }
  return out as SeatMapStrings;
}
