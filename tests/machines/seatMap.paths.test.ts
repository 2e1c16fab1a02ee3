/**
 * Path tests of the seat map: xstate/graph paths over the fixture theatre (stories/fixtures/seatMap), replayed
 * on a real actor with a SimulatedClock (the 50 ms render delay), with the snapshot checked at every step
 * against an oracle restated here from the spec (seat states, neighbour selection, allocation messages, zoom
 * 1..8 and the 50 px pan margin) and an edge-coverage check that every transition was walked.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { seatMapMachine } from '../../machines/seatmap/seatMap.machine';
import type { SeatMapContext, SeatMapEvent, SelectedSeat } from '../../machines/seatmap/types';
import { selectSeatMapView } from '../../machines/seatmap/view';
import {
  AFTER_RENDER,
  fixtureMap,
  orderInput,
  pathEvents,
  reopenInput,
  seatMapMachineForFixture,
  serializeState,
  VIEWPORT,
} from '../../stories/fixtures/seatMap';
import type { MessageParam } from '../../ui/strings';
import { recordCoverage } from './coverage';
import {
  assertFullCoverage,
  createReplayRunner,
  flush,
  type ReplayRunner,
  walkMachinePaths,
} from './graph-helpers';

type Snap = SnapshotFrom<typeof seatMapMachineForFixture>;
type Runner = ReplayRunner<typeof seatMapMachineForFixture>;

// ---- the oracle (spec 1 §4, §5, §9) ---------------------------------------------------------------------

const SPEC = { minZoom: 1, maxZoom: 8, zoomIn: 2, zoomOut: 0.75, panMargin: 50, renderMs: 50 };
const NEEDS = { 'g-stalls': ['Adult', 'Child'], 'g-box': ['Box seat'] } as const;
const GROUP_NAME = { 'g-stalls': 'Stalls', 'g-box': 'Boxes' } as const;

/** The allocation messages as English, straight from the spec's two templates. */
function oracleMessages(selected: readonly SelectedSeat[]): string[] {
  const out: string[] = [];
  for (const [group, tickets] of Object.entries(NEEDS)) {
    const count = selected.filter((s) => s.ticketGroupId === group).length;
    const name = GROUP_NAME[group as keyof typeof GROUP_NAME];
    if (count > tickets.length) out.push(`Too many seats for ${name}`);
    else if (count < tickets.length) out.push(`Not enough seats for ${name} ${tickets[count]}`);
  }
  return out;
}
const english = (m: { key: string; params?: Record<string, MessageParam> }) =>
  m.key === 'seatsTooMany'
    ? `Too many seats for ${m.params?.group}`
    : `Not enough seats for ${m.params?.group} ${m.params?.type}`;

function checkStep(runner: Runner, event: EventObject, before: SeatMapContext, beforeValue: unknown): void {
  const snapshot = runner.actor.getSnapshot() as Snap;
  const { context } = snapshot;
  // The context is small plain data: no seat geometry, no map (tens of thousands of seats stay out of it).
  expect(JSON.parse(JSON.stringify(context))).toEqual(context);
  expect(JSON.stringify(context)).not.toMatch(/"x"|"r"|seatById|previous/);
  // Every chosen seat exists, was available when loaded, sits in one of its own groups, and is chosen once.
  const ids = context.selected.map((s) => s.seatId);
  expect(new Set(ids).size).toBe(ids.length);
  for (const s of context.selected) {
    const seat = fixtureMap.seatById.get(s.seatId);
    expect(seat?.state).toBe('available');
    expect(seat?.groups).toContain(s.ticketGroupId);
  }
  // Zoom within 1..8; the map never leaves the viewport by more than the pan margin.
  expect(context.zoom).toBeGreaterThanOrEqual(SPEC.minZoom);
  expect(context.zoom).toBeLessThanOrEqual(SPEC.maxZoom);
  if (context.viewport.width > 0) {
    const scale = Math.min(
      context.viewport.width / fixtureMap.width,
      context.viewport.height / fixtureMap.height,
    );
    const w = fixtureMap.width * scale * context.zoom;
    const h = fixtureMap.height * scale * context.zoom;
    const { width: vw, height: vh } = context.viewport;
    expect(context.panX).toBeGreaterThanOrEqual(Math.min(vw - w, 0) - SPEC.panMargin - 1e-9);
    expect(context.panX).toBeLessThanOrEqual(Math.max(vw - w, 0) + SPEC.panMargin + 1e-9);
    expect(context.panY).toBeGreaterThanOrEqual(Math.min(vh - h, 0) - SPEC.panMargin - 1e-9);
    expect(context.panY).toBeLessThanOrEqual(Math.max(vh - h, 0) + SPEC.panMargin + 1e-9);
  }
  const e = event as SeatMapEvent;
  if (e.type === 'zoom.in' && before.zoom)
    expect(context.zoom).toBe(Math.min(SPEC.maxZoom, before.zoom * SPEC.zoomIn));
  if (e.type === 'zoom.out') expect(context.zoom).toBe(Math.max(SPEC.minZoom, before.zoom * SPEC.zoomOut));
  // Seat clicks: only available seats are selected, only selected ones deselected; a click on a selected
  // seat removes just that seat; a click on an available seat adds it and neighbours of a group that still
  // needs seats, never past the group's quantity; when every group of the seat has its seats, it is refused.
  if (e.type === 'seat.toggle') {
    const seat = fixtureMap.seatById.get(e.seatId);
    const wasSelected = before.selected.some((s) => s.seatId === e.seatId);
    if (wasSelected) {
      expect(context.selected).toEqual(before.selected.filter((s) => s.seatId !== e.seatId));
    } else if (
      seat?.state !== 'available' ||
      seat.groups.every((g) => {
        const want = NEEDS[g as keyof typeof NEEDS]?.length ?? 0;
        return before.selected.filter((s) => s.ticketGroupId === g).length >= want;
      })
    ) {
      expect(context.selected).toEqual(before.selected);
      expect(context.lastChange).toEqual({ kind: 'refused', seatIds: [e.seatId], ticketGroupId: null });
    } else {
      const added = context.selected.slice(before.selected.length);
      expect(context.selected.slice(0, before.selected.length)).toEqual(before.selected);
      expect(added[0]?.seatId).toBe(e.seatId);
      const group = added[0]?.ticketGroupId as keyof typeof NEEDS;
      expect(added.every((s) => s.ticketGroupId === group)).toBe(true);
      const had = before.selected.filter((s) => s.ticketGroupId === group).length;
      const want = NEEDS[group].length;
      expect(had).toBeLessThan(want);
      expect(had + added.length).toBeLessThanOrEqual(want);
      // Neighbours are adjacent in the row: each added seat is next or previous of one chosen before it.
      for (const [i, s] of added.entries()) {
        if (i === 0) continue;
        const seatI = fixtureMap.seatById.get(s.seatId);
        expect(added.slice(0, i).some((p) => p.seatId === seatI?.previous || p.seatId === seatI?.next)).toBe(
          true,
        );
      }
    }
  }
  // Confirm closes only with the allocation complete; then the messages are empty.
  if (e.type === 'confirm') {
    const complete = oracleMessages(before.selected).length === 0;
    expect(snapshot.value).toBe(complete ? 'closed' : 'open');
  }
  if (e.type === 'back') expect(snapshot.value).toBe('closed');
  if (event.type === AFTER_RENDER) {
    expect(beforeValue).toBe('rendering');
    expect(snapshot.value).toBe('open');
  }
  // The view model: the spec's messages, confirm allowed exactly when they are none.
  const view = selectSeatMapView(snapshot, fixtureMap);
  expect(view.messages.map(english)).toEqual(oracleMessages(context.selected));
  expect(view.canConfirm).toBe(snapshot.value === 'open' && oracleMessages(context.selected).length === 0);
  expect(view.canZoomIn).toBe(snapshot.value === 'open' && context.zoom < SPEC.maxZoom);
}

const previous = new WeakMap<Runner, { context: SeatMapContext; value: unknown }>();

function onStep(runner: Runner, _expected: Snap, event: EventObject): void {
  const before = previous.get(runner) ?? {
    context: runner.actor.getSnapshot().context,
    value: 'closed',
  };
  checkStep(runner, event, before.context, before.value);
  const now = runner.actor.getSnapshot();
  previous.set(runner, { context: now.context, value: now.value });
}

// ---- tests --------------------------------------------------------------------------------------------

describe('seat map paths', () => {
  it('config is clean data, every state described, the registered machine is the same config', () => {
    const parsed = JSON.parse(JSON.stringify(seatMapMachine.config)) as {
      id: string;
      states: Record<string, { description?: string }>;
    };
    expect(parsed.id).toBe('seatMap');
    expect(Object.keys(parsed.states).sort()).toEqual(['closed', 'open', 'rendering']);
    for (const state of Object.values(parsed.states)) expect(state.description).toBeTruthy();
    expect(JSON.stringify(seatMapMachineForFixture.config)).toBe(JSON.stringify(seatMapMachine.config));
  });

  it('walks every transition on a real actor, checked against the oracle at every step (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: seatMapMachineForFixture,
      inputs: [orderInput],
      events: pathEvents,
      serializeState,
      onStep,
    });
    assertFullCoverage(report);
    recordCoverage('seatMap', report);
    console.info(
      `seatMap paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.transitions} transitions, all walked`,
    );
  }, 180_000);
});

describe('seat map decisions (examples)', () => {
  const start = (input = orderInput) => createReplayRunner(seatMapMachineForFixture, { input });
  const send = async (runner: Runner, event: SeatMapEvent) => {
    runner.actor.send(event);
    await flush();
  };
  const ids = (runner: Runner) => runner.actor.getSnapshot().context.selected.map((s) => s.seatId);

  it('opens after 50 ms of simulated time, not before', async () => {
    const runner = start();
    await send(runner, VIEWPORT);
    await send(runner, { type: 'open' });
    runner.clock.increment(SPEC.renderMs - 1);
    await flush();
    expect(runner.actor.getSnapshot().value).toBe('rendering');
    runner.clock.increment(1);
    await flush();
    expect(runner.actor.getSnapshot().value).toBe('open');
    runner.actor.stop();
  });

  it('a click on A1 takes A2 too (Adult and Child); B1 then fills Boxes; confirm tells the route the seats', async () => {
    const told: unknown[] = [];
    const runner = createReplayRunner(seatMapMachineForFixture, {
      input: orderInput,
      provide: {
        actions: {
          seatsConfirmed: (_, params) => told.push({ confirmed: params.selected }),
          seatsBack: () => told.push('back'),
        },
      },
    });
    await send(runner, { type: 'open' });
    runner.clock.increment(SPEC.renderMs);
    await flush();
    await send(runner, { type: 'seat.toggle', seatId: 'A1' });
    expect(ids(runner)).toEqual(['A1', 'A2']);
    expect(selectSeatMapView(runner.actor.getSnapshot(), fixtureMap).announcement).toEqual({
      key: 'seatAnnounceSelected',
      seats: 'Stalls A-1, Stalls A-2',
    });
    await send(runner, { type: 'confirm' });
    expect(runner.actor.getSnapshot().value).toBe('open');
    await send(runner, { type: 'seat.toggle', seatId: 'B1' });
    expect(runner.actor.getSnapshot().context.selected.at(-1)).toEqual({
      seatId: 'B1',
      ticketGroupId: 'g-box',
    });
    await send(runner, { type: 'confirm' });
    expect(runner.actor.getSnapshot().value).toBe('closed');
    expect(told).toEqual([
      {
        confirmed: [
          { seatId: 'A1', ticketGroupId: 'g-stalls' },
          { seatId: 'A2', ticketGroupId: 'g-stalls' },
          { seatId: 'B1', ticketGroupId: 'g-box' },
        ],
      },
    ]);
    runner.actor.stop();
  });

  it('A4 alone (A3 booked) leaves the Child without a seat; B3 after Boxes is full goes to Stalls; A1 once both are full is refused', async () => {
    const runner = start();
    await send(runner, { type: 'open' });
    runner.clock.increment(SPEC.renderMs);
    await flush();
    await send(runner, { type: 'seat.toggle', seatId: 'A4' });
    expect(ids(runner)).toEqual(['A4']);
    expect(selectSeatMapView(runner.actor.getSnapshot()).messages.map(english)).toEqual([
      'Not enough seats for Stalls Child',
      'Not enough seats for Boxes Box seat',
    ]);
    await send(runner, { type: 'seat.toggle', seatId: 'B1' });
    await send(runner, { type: 'seat.toggle', seatId: 'B3' });
    expect(runner.actor.getSnapshot().context.selected.at(-1)).toEqual({
      seatId: 'B3',
      ticketGroupId: 'g-stalls',
    });
    expect(selectSeatMapView(runner.actor.getSnapshot()).canConfirm).toBe(true);
    // Every group of A1 has its seats: the click is refused, not selected and then reported as too many.
    const before = ids(runner);
    await send(runner, { type: 'seat.toggle', seatId: 'A1' });
    expect(ids(runner)).toEqual(before);
    expect(runner.actor.getSnapshot().context.lastChange).toEqual({
      kind: 'refused',
      seatIds: ['A1'],
      ticketGroupId: null,
    });
    expect(selectSeatMapView(runner.actor.getSnapshot()).messages).toEqual([]);
    expect(selectSeatMapView(runner.actor.getSnapshot()).canConfirm).toBe(true);
    runner.actor.stop();
  });

  it('reopening keeps the earlier seats that are still available (A3 was booked since)', async () => {
    const runner = start(reopenInput);
    expect(ids(runner)).toEqual(['A3', 'A4']);
    await send(runner, { type: 'open' });
    expect(ids(runner)).toEqual(['A4']);
    runner.actor.stop();
  });

  it('zoom stops at 8 and at 1; a wheel zoom keeps the point under the pointer', async () => {
    const runner = start();
    await send(runner, VIEWPORT);
    await send(runner, { type: 'open' });
    runner.clock.increment(SPEC.renderMs);
    await flush();
    for (let i = 0; i < 5; i++) await send(runner, { type: 'zoom.in' });
    expect(runner.actor.getSnapshot().context.zoom).toBe(8);
    await send(runner, { type: 'view.reset' });
    const { panX, panY } = runner.actor.getSnapshot().context;
    // The map point under (300, 150): (300 - panX) / scale at zoom 1.
    await send(runner, { type: 'zoom.by', factor: 1.5, x: 300, y: 150 });
    const after = runner.actor.getSnapshot().context;
    expect((300 - after.panX) / 1.5).toBeCloseTo(300 - panX);
    expect((150 - after.panY) / 1.5).toBeCloseTo(150 - panY);
    for (let i = 0; i < 10; i++) await send(runner, { type: 'zoom.out' });
    expect(runner.actor.getSnapshot().context.zoom).toBe(1);
    runner.actor.stop();
  });
});
