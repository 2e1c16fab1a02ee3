// @vitest-environment jsdom
/**
 * Attendee fields on the reserve forms (spec 1 §2, §5), rendered from the view models the machines' selectors
 * build on real actors (fakes for the API), driven by a person's keys: each field labelled with its attendee
 * ('Full Name' or 'Adult 1 Full Name'), errors linked with aria-describedby, the first invalid field focused
 * on submit, the names sent first and last joined by a space.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionModel } from '../../api/models';
import { reserveIntoCartWith } from '../../machines/reserve/core/reserveIntoCart.machine';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import { cart } from '../../stories/fixtures/oneTicketReserve';
import { attendeeLecture, lecture, lectureSession } from '../../stories/fixtures/singleEventReserve';
import { createStrings } from '../../ui/strings';
import { flush } from '../machines/graph-helpers';
import { SingleEventHarness } from './single-event-harness';

afterEach(cleanup);
const strings = createStrings();

function start(event = attendeeLecture) {
  const reserve = vi.fn(async (_input: unknown) => cart);
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

function Harness({ actor }: { actor: ReturnType<typeof start>['actor'] }) {
  return <SingleEventHarness actor={actor} strings={strings} />;
}

describe('attendee fields', () => {
  it("one ticket: 'Full Name' over first and last name and an optional 'Email'; more: prefixed by the ticket", async () => {
    const user = userEvent.setup();
    const { actor } = start();
    await flush();
    render(<Harness actor={actor} />);
    expect(screen.queryByRole('heading', { name: 'Attendees' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add one General' }));
    const fullName = screen.getByRole('group', { name: 'Full Name' });
    expect(within(fullName).getByRole('textbox', { name: 'Full Name First name' })).toBeRequired();
    expect(within(fullName).getByRole('textbox', { name: 'Full Name Last name' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Add one General' }));
    await user.click(screen.getByRole('button', { name: 'Add one Student' }));
    const section = screen.getByRole('region', { name: 'Attendees' });
    expect(
      within(section)
        .getAllByRole('group')
        .map((g) => g.querySelector('legend')?.textContent),
    ).toEqual(['General 1 Full Name', 'General 2 Full Name', 'Student 1 Full Name']);
    expect(screen.getByRole('textbox', { name: 'Student 1 Email' })).toBeInTheDocument();
  });

  it("submit with an empty name focuses it and shows 'Input must not be empty', linked to the field; filled, reserves", async () => {
    const user = userEvent.setup();
    const { actor, reserve } = start();
    await flush();
    render(<Harness actor={actor} />);
    await user.click(screen.getByRole('button', { name: 'Add one General' }));
    await user.type(screen.getByRole('textbox', { name: 'Full Name First name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Full Name Last name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const last = screen.getByRole('textbox', { name: 'Full Name Last name' });
    expect(last).toHaveFocus();
    expect(last).toHaveAttribute('aria-invalid', 'true');
    expect(last).toHaveAccessibleDescription('Input must not be empty');
    expect(screen.getByRole('textbox', { name: 'Full Name First name' })).not.toHaveAttribute('aria-invalid');
    expect(reserve).not.toHaveBeenCalled();

    await user.clear(last);
    await user.type(last, 'Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@localhost');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(reserve).not.toHaveBeenCalled();

    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await flush();
    expect(reserve).toHaveBeenCalledTimes(1);
    expect(reserve.mock.calls[0]?.[0]).toMatchObject({
      request: { tickets: { admits: { 't-general': [{ name: 'Ada Lovelace' }] } } },
    });
  });

  it('an event that asks nothing shows no attendee fields', async () => {
    const user = userEvent.setup();
    const { actor } = start(lecture);
    await flush();
    render(<Harness actor={actor} />);
    await user.click(screen.getByRole('button', { name: 'Add one General' }));
    expect(screen.queryByRole('region', { name: 'Attendees' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
