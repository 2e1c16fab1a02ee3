/**
 * The seat-map modal's own texts (ours; the spec names only the allocation messages, which are in the main
 * catalogue). They load with the modal's chunk, so no first load carries them; the seller's portal strings
 * override them by key like any other (`seatMapStrings`).
 */
import type { Strings } from '../strings';

export const seatMapDefaults = {
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
  seatProgress: '{group}: {count} of {total} seats chosen',
  seatAnnounceSelected: 'Selected {seats}.',
  seatAnnounceDeselected: 'Deselected {seats}.',
  seatAnnounceRefused: '{seats} can not be chosen.',
} as const;

export type SeatMapStrings = Strings & Record<keyof typeof seatMapDefaults, string>;

/** The catalogue (portal strings already applied) plus the modal's texts with the portal strings over them. */
export function seatMapStrings(
  strings: Strings,
  overrides: Partial<Record<string, string>> = {},
): SeatMapStrings {
  const own = { ...seatMapDefaults } as Record<keyof typeof seatMapDefaults, string>;
  for (const key of Object.keys(own) as (keyof typeof seatMapDefaults)[]) {
    const value = overrides[key];
    if (typeof value === 'string') own[key] = value;
  }
  return { ...strings, ...own };
}
