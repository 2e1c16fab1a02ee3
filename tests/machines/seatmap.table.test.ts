/**
 * The seat map held to its independent transition table (issue 29, ./seatmap.table.ts, written from spec 1 §2,
 * §4, §5, §9): every state × world × event sample (the view's numbers compared to a millionth of a px), and the
 * start from the form's needs and earlier seats.
 */
import { describe, expect, it } from 'vitest';
import { getInitialMicrosteps } from 'xstate';
import { provideSeatMap, seatMapMachine } from '../../machines/seatmap/seatMap.machine';
import type { SeatMapContext } from '../../machines/seatmap/types';
import { events, MAP, NEEDS, table, worlds } from './seatmap.table';
import { atomicStates, expectTable } from './transition-table';

const machine = provideSeatMap(MAP);
const round = (v: number) => Math.round(v * 1e6) / 1e6;
const strip = (c: SeatMapContext) => ({
  ...c,
  zoom: round(c.zoom),
  panX: round(c.panX),
  panY: round(c.panY),
});

describe('seat map held to its transition table (spec 1 §4, §9)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(seatMapMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls (what the route is told, the render delay) are the table’s', () => {
    expect(expectTable({ machine, table, worlds, events, strip })).toBeGreaterThan(200);
  });

  it('starts closed, at zoom 1 with no viewport yet, with the form’s needs and earlier seats', () => {
    const selected = [{ seatId: 'A4', ticketGroupId: 'g-stalls' }];
    const snapshot = getInitialMicrosteps(machine, { needs: NEEDS, selected })[0]?.[0];
    expect(snapshot?.value).toBe('closed');
    expect(snapshot?.context).toEqual({
      needs: NEEDS,
      selected,
      zoom: 1,
      panX: 0,
      panY: 0,
      viewport: { width: 0, height: 0 },
      lastChange: null,
    });
    expect(getInitialMicrosteps(machine, { needs: [] })[0]?.[0].context.selected).toEqual([]);
  });
});
