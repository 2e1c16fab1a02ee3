// @vitest-environment jsdom
/**
 * The single-event form and the one-ticket picker rendered from view models the machines' selectors build
 * on real actors (fakes for the API), driven by a person's clicks and keys.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionModel } from '../../api/models';
import { reserveIntoCartWith } from '../../machines/reserve/core/reserveIntoCart.machine';
import { oneTicketReserveMachine } from '../../machines/reserve/oneTicketReserve.machine';
import { selectOneTicketView } from '../../machines/reserve/oneTicketReserve.view';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import { cart, donationEvent, PASS_TODAY, passEvent } from '../../stories/fixtures/oneTicketReserve';
import { lecture, lectureSession, seatedEvent } from '../../stories/fixtures/singleEventReserve';
import { OneTicketPicker } from '../../ui/reserve/OneTicketPicker';
import { createStrings } from '../../ui/strings';
import { flush } from '../machines/graph-helpers';
import { SingleEventHarness } from './single-event-harness';

afterEach(cleanup);
const strings = createStrings();

function singleActor(event = lecture) {
  const reserve = vi.fn(async () => cart);
  const machine = singleEventReserveMachine.provide({
    actors: {
      loadSession: fromPromise(async (): Promise<SessionModel | null> => lectureSession),
      loadSessionGroups: fromPromise(async () => event.ticketGroups),
      reserveIntoCart: reserveIntoCartWith(reserve),
    },
  });
  const actor = createActor(machine, { input: { event } });
  actor.start();
  return { actor, reserve };
}

function SingleHarness({ actor }: { actor: ReturnType<typeof singleActor>['actor'] }) {
  return <SingleEventHarness actor={actor} strings={strings} />;
}

describe('SingleEventReserve', () => {
  it('shows the session, keeps submit disabled under 1 ticket, and reserves from the keyboard', async () => {
    const user = userEvent.setup();
    const { actor, reserve } = singleActor();
    await flush();
    render(<SingleHarness actor={actor} />);
    expect(screen.getByRole('heading', { name: 'Date' })).toBeTruthy();
    expect(screen.getByText('Sat, Dec 12, 2026, 6:30 PM')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove one General' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Add one General' }));
    expect(screen.getByLabelText('General quantity').textContent).toBe('1');
    expect(screen.getByText('$20.00', { selector: 'strong' })).toBeTruthy();
    expect(submit.disabled).toBe(false);
    submit.focus();
    await user.keyboard('{Enter}');
    await flush();
    expect(reserve).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('tells the visitor that seats are needed and keeps submit disabled', async () => {
    const { actor } = singleActor(seatedEvent);
    await flush();
    render(<SingleHarness actor={actor} />);
    expect(screen.getByText('A seat must be chosen for every seated ticket.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

function oneActor(event = donationEvent, today?: string) {
  const reserve = vi.fn(async () => cart);
  const machine = oneTicketReserveMachine.provide({
    actors: {
      loadGroups: fromPromise(async () => event.ticketGroups),
      reserveIntoCart: reserveIntoCartWith(reserve),
    },
  });
  const actor = createActor(machine, { input: { event, ...(today ? { today } : {}) } });
  actor.start();
  return { actor, reserve };
}

function OneHarness({ actor }: { actor: ReturnType<typeof oneActor>['actor'] }) {
  const view = useSelector(actor, selectOneTicketView);
  return (
    <OneTicketPicker
      strings={strings}
      currency="USD"
      view={view}
      onChoose={(ticketTypeId) => actor.send({ type: 'ticket.choose', ticketTypeId })}
      onSubmit={() => actor.send({ type: 'submit' })}
      onRetry={() => actor.send({ type: 'retry' })}
    />
  );
}

describe('OneTicketPicker', () => {
  it('is one radio group: one amount at a time, no decrease, arrow keys move the choice', async () => {
    const user = userEvent.setup();
    const { actor, reserve } = oneActor();
    await flush();
    render(<OneHarness actor={actor} />);
    expect(screen.getByRole('group', { name: 'Donation' })).toBeTruthy();
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /Remove one/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Supporter/ }));
    expect(actor.getSnapshot().context.quantities).toEqual({ 't-25': 1 });
    await user.keyboard('{ArrowDown}');
    expect(actor.getSnapshot().context.quantities).toEqual({ 't-50': 1 });
    expect(radios.filter((r) => r.checked)).toHaveLength(1);
    expect(screen.getByText('$50.00', { selector: 'strong' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await flush();
    expect(reserve).toHaveBeenCalledTimes(1);
  });

  it("shows each pass's validity under its group", async () => {
    const { actor } = oneActor(passEvent, PASS_TODAY);
    await flush();
    render(<OneHarness actor={actor} />);
    const season = screen.getByRole('group', { name: 'Garden Season Pass' });
    expect(season.textContent).toContain('Valid from Sat, Nov 21, 2026 to Sun, Oct 31, 2027');
    const explorer = screen.getByRole('group', { name: '30-Day Explorer Pass' });
    expect(explorer.textContent).toContain('Valid from Sat, Nov 21, 2026 to Sun, Dec 20, 2026');
  });
});
