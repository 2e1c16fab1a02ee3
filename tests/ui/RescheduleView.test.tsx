// @vitest-environment jsdom
/**
 * The reschedule page (issue 24; spec 2 §2 "Reschedule page"), fed by the flow's own selector on snapshots the
 * machine builds: day buttons with their price lines (8, then 'Show more dates', which opens the 'Choose date' calendar dialog; a day chosen
 * there is selected and shows among the buttons, pressed), the day's sessions as tabs with the chosen one pressed,
 * the cost-increase warning, Update disabled until a date and a session are chosen, a member told to log out, an
 * expired cart's message as the 'Click here to start again.' button.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { orderLoadMachine } from '../../machines/orderLoad/orderLoad.machine';
import type { OrderLoaded, OrderLoadInput } from '../../machines/orderLoad/types';
import { rescheduleMachine } from '../../machines/reschedule/reschedule.machine';
import { selectRescheduleView } from '../../machines/reschedule/view';
import { LATE_DAY, LOADED, MEMBER, OPEN_DAY, SESSIONS } from '../../stories/fixtures/reschedule';
import { RescheduleView, type RescheduleViewProps } from '../../ui/manage/RescheduleView';
import { createStrings } from '../../ui/strings';
import { installDialogPolyfill } from './dialog-polyfill';

installDialogPolyfill();
afterEach(cleanup);
const strings = createStrings();

function started(loaded = LOADED, update: () => Promise<{ cartId: string }> = async () => ({ cartId: 'c' })) {
  const machine = rescheduleMachine.provide({
    actors: {
      orderLoad: orderLoadMachine.provide({
        actors: { loadOrder: fromPromise<OrderLoaded, OrderLoadInput>(async () => loaded) },
      }),
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
    calendar: null,
    onShowMore: vi.fn(),
    onCloseCalendar: vi.fn(),
    onDismissCalendar: vi.fn(),
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
    // The reserve's day buttons, each with its price line for the moving tickets (the story's: Free on even days,
    // from $30.00 on odd ones); a sold-out day says so.
    const days = within(screen.getByRole('list')).getAllByRole('button');
    expect(days.map((b) => b.getAttribute('aria-label')?.split(',')[0])).toEqual([
      'Wed 2 Free',
      'Thu 3 From $30.00',
      'Fri 4 Free',
      'Sat 5 From $30.00',
      'Sun 6 Free',
      'Mon 7 Sold out',
      'Tue 8 Free',
      'Wed 9 From $30.00',
    ]);
    actor.send({ type: 'date.select', date: OPEN_DAY });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('choosing'));
    actor.send({ type: 'session.select', sessionId: 'session-c' });
    cleanup();
    show(actor);
    expect(screen.getByRole('tablist', { name: 'Choose a time' })).toBeTruthy();
    const chosen = screen.getAllByRole('button', { pressed: true });
    expect(chosen.some((b) => b.getAttribute('class') === 'session-button')).toBe(true);
    // An Adult costs $30.00 there: the free one $30.00 more, the $25.00 one $5.00 more.
    expect(
      screen.getByText('This time costs $35.00 more. You pay the difference when you confirm your changes.'),
    ).toBeTruthy();
    const update = screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(false);
    fireEvent.click(update);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('done'));
    actor.stop();
  });

  it("'Show more dates' opens the 'Choose date' calendar; a day chosen there is selected and shown pressed", async () => {
    const actor = started();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('choosing'));
    const onShowMore = vi.fn();
    show(actor, { onShowMore });
    // 8 of the 10 days as buttons; the 11th is not among them.
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(8);
    const more = screen.getByRole('button', { name: 'Show more dates' });
    expect(more.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(more);
    expect(onShowMore).toHaveBeenCalledTimes(1);
    cleanup();
    const onCloseCalendar = vi.fn();
    show(actor, { calendar: { closing: false, size: 'md' }, onCloseCalendar });
    const dialog = await screen.findByRole('dialog', { name: 'Choose date' });
    const grid = within(dialog).getByRole('grid', { name: 'December 2026' });
    // Every day of the event, the 7th sold out ('Not available').
    expect(
      within(grid).getByRole('button', { name: /Monday, December 7, 2026, Not available/ }),
    ).toBeTruthy();
    // The calendar's days carry the same price lines.
    fireEvent.click(
      within(grid).getByRole('button', { name: /^11 From \$30\.00, Friday, December 11, 2026$/ }),
    );
    expect(onCloseCalendar).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(actor.getSnapshot().context.selectedDate).toBe(LATE_DAY));
    cleanup();
    show(actor);
    const pressed = screen.getAllByRole('button', { pressed: true });
    expect(pressed.map((b) => b.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/December 11, 2026$/),
    ]);
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
