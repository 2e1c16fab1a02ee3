/**
 * The seat map (spec 1 §2 "Seat-map modal", §4 "Seat map", §5 "Seats", §9 constants).
 *
 * closed -> rendering (50 ms, the named delay `render`) -> open -> closed on confirm or back. Seats are
 * available, booked, unavailable or selected; only an available seat can be selected and only a selected one
 * deselected. A click on an available seat selects it and its neighbours (next, then previous) until its
 * ticket group has its seats; a click on a selected seat deselects it. Confirm needs a seat for every seated
 * ticket and none too many. Zoom 1 to 8 (in x2, out x0.75, wheel and pinch around the pointer); pan keeps
 * the map within 50 px of the viewport's edges.
 *
 * The context holds the selection and the view state only. The loaded map (tens of thousands of seats) is
 * read by the guards and actions through a closure: `provideSeatMap(map)` provides the implementations for
 * one loaded map; the registered machine carries an empty map. Confirm and back tell the route through the
 * injected `seatsConfirmed` (with the seats) and `seatsBack`; the route closes the modal on the modal stack.
 */
import { assertEvent, assign, setup } from 'xstate';
import {
  autoSelect,
  canSelect,
  centred,
  change,
  clampPan,
  EMPTY_TOPOLOGY,
  isAllocationComplete,
  isSelected,
  panBy,
  RENDER_DELAY_MS,
  stillAvailable,
  ZOOM_IN_FACTOR,
  ZOOM_OUT_FACTOR,
  zoomAt,
} from './rules';
import type { SeatMapContext, SeatMapEvent, SeatMapInput, SeatsConfirmed, SeatTopology } from './types';

/** Named context mapper: the needs and earlier seats from the form; zoom 1 until the viewport is known. */
export function initialSeatMapContext({ input }: { input: SeatMapInput }): SeatMapContext {
  return {
    needs: input.needs,
    selected: input.selected ?? [],
    zoom: 1,
    panX: 0,
    panY: 0,
    viewport: { width: 0, height: 0 },
    lastChange: null,
  };
}

type Args = { context: SeatMapContext; event: SeatMapEvent };

/** `assign` typed for this machine (the behaviour is built outside `setup`). */
const assignSeatMap = (assigner: (args: Args) => Partial<SeatMapContext>) =>
  assign<SeatMapContext, SeatMapEvent, undefined, SeatMapEvent, never>(assigner);

const centreOf = (map: SeatTopology, context: SeatMapContext) => ({
  x: context.viewport.width / 2,
  y: context.viewport.height / 2,
  map,
});

/** The guards and actions that read the loaded map (closed over it; never copied into context). */
export function seatMapBehaviour(map: SeatTopology) {
  return {
    guards: {
      isSelectedSeat: ({ context, event }: Args) => {
        assertEvent(event, 'seat.toggle');
        return isSelected(context.selected, event.seatId);
      },
      isAvailableSeat: ({ context, event }: Args) => {
        assertEvent(event, 'seat.toggle');
        return canSelect(map, context.needs, context.selected, event.seatId);
      },
    },
    actions: {
      selectSeats: assignSeatMap(({ context, event }: Args) => {
        assertEvent(event, 'seat.toggle');
        const seats = autoSelect(map, context.needs, context.selected, event.seatId);
        return { selected: [...context.selected, ...seats], lastChange: change('selected', seats) };
      }),
      keepAvailableSeats: assignSeatMap(({ context }: Args) => ({
        selected: stillAvailable(map, context.selected),
      })),
      zoomIn: assignSeatMap(({ context }: Args) => {
        const c = centreOf(map, context);
        return zoomAt(map, context, ZOOM_IN_FACTOR, c.x, c.y);
      }),
      zoomOut: assignSeatMap(({ context }: Args) => {
        const c = centreOf(map, context);
        return zoomAt(map, context, ZOOM_OUT_FACTOR, c.x, c.y);
      }),
      zoomBy: assignSeatMap(({ context, event }: Args) => {
        assertEvent(event, 'zoom.by');
        return zoomAt(map, context, event.factor, event.x, event.y);
      }),
      panBy: assignSeatMap(({ context, event }: Args) => {
        assertEvent(event, 'pan.by');
        return panBy(map, context, event.dx, event.dy);
      }),
      resetView: assignSeatMap(({ context }: Args) => centred(map, context.viewport)),
      resize: assignSeatMap(({ context, event }: Args) => {
        assertEvent(event, 'viewport.resize');
        const viewport = { width: Math.max(0, event.width), height: Math.max(0, event.height) };
        if (context.zoom === 1) return { viewport, ...centred(map, viewport) };
        return { viewport, ...clampPan(map, { ...context, viewport }) };
      }),
    },
  };
}

const empty = seatMapBehaviour(EMPTY_TOPOLOGY);

const seatMapSetup = setup({
  types: {
    context: {} as SeatMapContext,
    events: {} as SeatMapEvent,
    input: {} as SeatMapInput,
  },
  delays: {
    /** The modal opens after about 50 ms (spec 1 §2, §9). */
    render: RENDER_DELAY_MS,
  },
  guards: {
    ...empty.guards,
    allocationComplete: ({ context }) => isAllocationComplete(context.needs, context.selected),
  },
  actions: {
    ...empty.actions,
    deselectSeat: assign(({ context, event }) => {
      assertEvent(event, 'seat.toggle');
      const seat = context.selected.find((s) => s.seatId === event.seatId);
      return {
        selected: context.selected.filter((s) => s.seatId !== event.seatId),
        lastChange: change('deselected', seat ? [seat] : []),
      };
    }),
    refuseSeat: assign(({ event }) => {
      assertEvent(event, 'seat.toggle');
      return { lastChange: change('refused', [], event.seatId) };
    }),
    clearChange: assign({ lastChange: null }),
    /** Injected: the seats are chosen (confirm); the route hands them to the form and closes the modal. */
    seatsConfirmed: (_args, _params: SeatsConfirmed) => {},
    /** Injected: back without choosing; the route closes the modal. */
    seatsBack: () => {},
  },
});

export const seatMapMachine = seatMapSetup
  .extend({
    actions: {
      /** Tells the route the seats chosen (`context.selected`). */
      notifySeatsConfirmed: seatMapSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'seatsConfirmed', params: { selected: context.selected } });
      }),
    },
  })
  .createMachine({
    id: 'seatMap',
    description:
      'The seat-map modal: renders for about 50 ms, then seats are chosen (a click selects neighbours up to the group quantity), zoomed and panned; confirm or back closes it.',
    context: initialSeatMapContext,
    initial: 'closed',
    on: {
      'viewport.resize': { actions: 'resize' },
    },
    states: {
      closed: {
        description: 'The modal is not shown; the chosen seats are kept for the form.',
        on: {
          open: { target: 'rendering', actions: ['keepAvailableSeats', 'clearChange'] },
        },
      },
      rendering: {
        description: 'The modal is on the stack and the map is being drawn (about 50 ms).',
        after: { render: { target: 'open' } },
        on: {
          back: { target: 'closed', actions: 'seatsBack' },
        },
      },
      open: {
        description:
          'Seats can be chosen on the picture or from the section, row and seat lists; zoom and pan move the picture.',
        on: {
          'seat.toggle': [
            { guard: 'isSelectedSeat', actions: 'deselectSeat' },
            { guard: 'isAvailableSeat', actions: 'selectSeats' },
            { actions: 'refuseSeat' },
          ],
          'zoom.in': { actions: 'zoomIn' },
          'zoom.out': { actions: 'zoomOut' },
          'zoom.by': { actions: 'zoomBy' },
          'pan.by': { actions: 'panBy' },
          'view.reset': { actions: 'resetView' },
          confirm: { guard: 'allocationComplete', target: 'closed', actions: 'notifySeatsConfirmed' },
          back: { target: 'closed', actions: 'seatsBack' },
        },
      },
    },
  });

export type SeatMapMachine = typeof seatMapMachine;

/** The machine for one loaded map: its guards and actions read that map (closure, not context). */
export function provideSeatMap(map: SeatTopology) {
  return seatMapMachine.provide(seatMapBehaviour(map));
}
