/**
 * Wiring of the seat-map modal: the machine for one loaded map (`provideSeatMap`: the map stays out of context)
 * and what the route does when the flow tells it: the seats chosen go to the form per ticket group, with their
 * names ('Stalls A-1'); back closes the modal.
 */
import { seatsByGroup } from '../../../machines/seatmap/rules';
import { provideSeatMap } from '../../../machines/seatmap/seatMap.machine';
import type { SeatTopology } from '../../../machines/seatmap/types';
import { seatName } from '../../../machines/seatmap/view';

export interface SeatMapWiring {
  /** The seats chosen: seat ids per ticket group, and each seat's name. */
  confirmed: (seats: Record<string, string[]>, names: Record<string, string>) => void;
  back: () => void;
}

export function provideSeatMapModal(map: SeatTopology, w: SeatMapWiring) {
  return provideSeatMap(map).provide({
    actions: {
      seatsConfirmed: (_, { selected }) => {
        const names: Record<string, string> = {};
        for (const s of selected) names[s.seatId] = seatName(map, s.seatId);
        w.confirmed(seatsByGroup(selected), names);
      },
      seatsBack: () => w.back(),
    },
  });
}
