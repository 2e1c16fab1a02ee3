// @vitest-environment jsdom
/**
 * The reschedule page (issue 24; spec 2 §2 "Reschedule page"), fed by the flow's own selector on snapshots the
 * machine builds: day buttons (8, then 'Show more dates'), the day's sessions as tabs with the chosen one pressed,
 * the cost-increase warning, Update disabled until a date and a session are chosen, a member told to log out, an
 * expired cart's message as the 'Click here to start again.' button.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { rescheduleMachine } from '../../machines/reschedule/reschedule.machine';
import { selectRescheduleView } from '../../machines/reschedule/view';
import { LOADED, MEMBER, OPEN_DAY, SESSIONS } from '../../stories/fixtures/reschedule';
import { RescheduleView, type RescheduleViewProps } from '../../ui/manage/RescheduleView';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);
const strings = createStrings();

function started(loaded = LOADED, update: () => Promise<{ cartId: string }> = async () => ({ cartId: 'c' })) {
  const machine = rescheduleMachine.provide({
    actors: {
      loadReschedule: fromPromise(async () => loaded),
      loadSessions: fromPromise(async () => SESSIONS),
      updateOrder: fromPromise(update),
    },
  });
  return createActor(machine, {
    input: { orderId: 'order-24', sessionId: 'session-a', token: 'tok' },
  }).start();
}

function show(actor: ReturnType<typeof started>, over: Partial<RescheduleViewProps> = {}) {
  const props: RescheduleViewProps = {
    strings,
    view: selectRescheduleView(actor.getSnapshot()),
    currency: 'USD',
    backHref: '/demo-museum/manage/order-24',
    onNavigate: vi.fn(),
    onSelectDate: (date) => actor.send({ type: 'date.select', date }),
    onMoreDates: () => actor.send({ type: 'dates.more' }),
    onSelectSession: (sessionId) => actor.send({ type: 'session.select', sessionId }),
    onUpdate: () => actor.send({ type: 'update' }),
    onRestart: () => actor.send({ type: 'restart' }),
    ...over,
  };
  return render(<RescheduleView {...props} />);
}

describe('RescheduleView', () => {
  it('days, then sessions, then Update; the chosen session pressed', async () => {
    const actor = started();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('choosing'));
    show(actor);
    expect(screen.getByRole('heading', { level: 1, name: 'Reschedule' })).toBeTruthy();
    expect(screen.getByText(/may cost more/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Show more dates' })).toBeTruthy();
    actor.send({ type: 'date.select', date: OPEN_DAY });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('choosing'));
    actor.send({ type: 'session.select', sessionId: 'session-c' });
    cleanup();
    show(actor);
    expect(screen.getByRole('tablist', { name: 'Choose a time' })).toBeTruthy();
    const chosen = screen.getAllByRole('button', { pressed: true });
    expect(chosen.some((b) => b.getAttribute('class') === 'session-button')).toBe(true);
    const update = screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(false);
    fireEvent.click(update);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('done'));
    actor.stop();
  });

  it('a member is told to log out; an expired cart offers to start again', async () => {
    const member = started(MEMBER);
    await vi.waitFor(() => expect(member.getSnapshot().value).toBe('logOut'));
    show(member);
    expect(screen.getByRole('alert').textContent).toBe('Please log-out to edit your tickets');
    cleanup();
    const expired = started(LOADED, async () => {
      throw { code: 'cart_expired', status: 410, description: 'Your cart has expired.' };
    });
    await vi.waitFor(() => expect(expired.getSnapshot().value).toBe('choosing'));
    expired.send({ type: 'date.select', date: OPEN_DAY });
    await vi.waitFor(() => expect(expired.getSnapshot().context.sessions).not.toBeNull());
    expired.send({ type: 'session.select', sessionId: 'session-c' });
    expired.send({ type: 'update' });
    await vi.waitFor(() => expect(expired.getSnapshot().value).toBe('failed'));
    show(expired);
    fireEvent.click(
      screen.getByRole('button', { name: 'Your cart has expired. Click here to start again.' }),
    );
    expect(expired.getSnapshot().value).toBe('loading');
    member.stop();
    expired.stop();
  });
});
