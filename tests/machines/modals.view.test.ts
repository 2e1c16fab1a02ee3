/** The modal stack's view-model selector, on snapshots built by the machine itself. */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { modalsMachine } from '../../machines/modals/modals.machine';
import { CLOSE_TRANSITION_MS, DEFAULT_MODAL_SIZE } from '../../machines/modals/rules';
import type { ModalsEvent } from '../../machines/modals/types';
import { selectModal, selectModals } from '../../machines/modals/view';

/** A started actor on a simulated clock, after `events`. */
function actorAfter(events: ModalsEvent[]) {
  const clock = new SimulatedClock();
  const actor = createActor(modalsMachine, { clock });
  actor.start();
  for (const event of events) actor.send(event);
  return { actor, clock };
}

describe('selectModals', () => {
  it('shows nothing and leaves the page interactive when no modal is open', () => {
    const { actor } = actorAfter([]);
    expect(selectModals(actor.getSnapshot())).toEqual({
      modals: [],
      top: null,
      open: [],
      pageInert: false,
      closing: false,
    });
  });

  it('lists the modals bottom to top with sizes from the presets and the opener, the last one on top', () => {
    const { actor } = actorAfter([
      { type: 'modal.open', name: 'chooseDate', data: { eventId: 'e1' } },
      { type: 'modal.open', name: 'login', size: 'sm', closeable: false },
      { type: 'modal.open', name: 'terms' },
    ]);
    expect(selectModals(actor.getSnapshot())).toEqual({
      modals: [
        {
          name: 'chooseDate',
          size: 'md',
          closeable: true,
          closing: false,
          top: false,
          data: { eventId: 'e1' },
        },
        { name: 'login', size: 'sm', closeable: false, closing: false, top: false, data: null },
        { name: 'terms', size: DEFAULT_MODAL_SIZE, closeable: true, closing: false, top: true, data: null },
      ],
      top: 'terms',
      open: ['chooseDate', 'login', 'terms'],
      pageInert: true,
      closing: false,
    });
  });

  it('shows the cart-expiry modal small and not closeable whatever its opener asked', () => {
    const { actor } = actorAfter([{ type: 'modal.open', name: 'cartExpiry', size: 'lg', closeable: true }]);
    expect(selectModal(actor.getSnapshot(), 'cartExpiry')).toEqual({
      name: 'cartExpiry',
      size: 'sm',
      closeable: false,
      closing: false,
      top: true,
      data: null,
    });
  });

  it('keeps closing modals listed (to play their transition) but not open, until the transition ends', () => {
    const { actor, clock } = actorAfter([
      { type: 'modal.open', name: 'seatMap' },
      { type: 'modal.open', name: 'description' },
      { type: 'modal.dismiss' },
    ]);
    const closing = selectModals(actor.getSnapshot());
    expect(closing.modals.map((m) => [m.name, m.closing, m.top])).toEqual([
      ['seatMap', false, false],
      ['description', true, true],
    ]);
    expect(closing).toMatchObject({ top: 'description', open: ['seatMap'], pageInert: true, closing: true });

    clock.increment(CLOSE_TRANSITION_MS);
    const after = selectModals(actor.getSnapshot());
    expect(after.modals.map((m) => [m.name, m.closing, m.top])).toEqual([['seatMap', false, true]]);
    expect(after).toMatchObject({ top: 'seatMap', open: ['seatMap'], closing: false });
    expect(selectModal(actor.getSnapshot(), 'description')).toBeNull();
  });

  it('returns the same view for the same stack (useSelector re-renders only on change)', () => {
    const { actor } = actorAfter([{ type: 'modal.open', name: 'giftCards' }]);
    const first = selectModals(actor.getSnapshot());
    actor.send({ type: 'modal.open', name: 'giftCards' });
    expect(selectModals(actor.getSnapshot())).toBe(first);
    actor.send({ type: 'modal.open', name: 'promoCodes' });
    expect(selectModals(actor.getSnapshot())).not.toBe(first);
  });
});
