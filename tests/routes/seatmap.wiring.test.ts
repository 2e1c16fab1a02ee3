/**
 * The seat-map modal's wiring: the machine for one loaded map, and what the route is told. Confirm hands the form
 * the seats chosen per ticket group with their names; back only closes; neither tells anything before.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { provideSeatMapModal } from '../../routes/event/seatmap/wiring';
import { fixtureMap, orderInput } from '../../stories/fixtures/seatMap';

function start() {
  const confirmed = vi.fn();
  const back = vi.fn();
  const clock = new SimulatedClock();
  const actor = createActor(provideSeatMapModal(fixtureMap, { confirmed, back }), {
    input: orderInput,
    clock,
  }).start();
  actor.send({ type: 'open' });
  clock.increment(50);
  expect(actor.getSnapshot().value).toBe('open');
  return { actor, confirmed, back };
}

describe('seat map wiring', () => {
  it('confirm hands the seats per ticket group, with their names', () => {
    const { actor, confirmed, back } = start();
    actor.send({ type: 'seat.toggle', seatId: 'A1' });
    actor.send({ type: 'seat.toggle', seatId: 'B1' });
    expect(confirmed).not.toHaveBeenCalled();
    actor.send({ type: 'confirm' });
    expect(confirmed).toHaveBeenCalledTimes(1);
    expect(confirmed).toHaveBeenCalledWith(
      { 'g-stalls': ['A1', 'A2'], 'g-box': ['B1'] },
      { A1: 'Stalls A-1', A2: 'Stalls A-2', B1: 'Stalls B-1' },
    );
    expect(back).not.toHaveBeenCalled();
    actor.stop();
  });

  it('back closes without seats', () => {
    const { actor, confirmed, back } = start();
    actor.send({ type: 'seat.toggle', seatId: 'A1' });
    actor.send({ type: 'back' });
    expect(back).toHaveBeenCalledTimes(1);
    expect(confirmed).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('closed');
    actor.stop();
  });
});
