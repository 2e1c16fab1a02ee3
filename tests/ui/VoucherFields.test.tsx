// @vitest-environment jsdom
/**
 * City-pass voucher fields on the single-event form (spec 1 §2, §5, §8), rendered from the view model the
 * machine's selector builds on a real actor (a fake reserve), driven by a person's keys: one required field per
 * City Pass ticket named by its ticket, the format message linked with aria-describedby and the field focused on
 * submit, the server's refusal beside the field.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CartModel, SessionModel } from '../../api/models';
import { reserveIntoCartWith } from '../../machines/reserve/core/reserveIntoCart.machine';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import { cart } from '../../stories/fixtures/oneTicketReserve';
import {
  citypassLecture,
  lectureSession,
  VOUCHERS,
  voucherUsedError,
} from '../../stories/fixtures/singleEventReserve';
import { createStrings } from '../../ui/strings';
import { flush } from '../machines/graph-helpers';
import { SingleEventHarness } from './single-event-harness';

afterEach(cleanup);
const strings = createStrings();
const FORMAT = 'Does not match the expected format. Please check your City Pass code.';

function start(answer: () => Promise<CartModel> = async () => cart) {
  const reserve = vi.fn(async (_input: unknown) => answer());
  const machine = singleEventReserveMachine.provide({
    actors: {
      loadSession: fromPromise(async (): Promise<SessionModel | null> => lectureSession),
      loadSessionGroups: fromPromise(async () => citypassLecture.ticketGroups),
      reserveIntoCart: reserveIntoCartWith(reserve),
    },
  });
  const actor = createActor(machine, { input: { event: citypassLecture } });
  actor.start();
  return { actor, reserve };
}

function Harness({ actor }: { actor: ReturnType<typeof start>['actor'] }) {
  return <SingleEventHarness actor={actor} strings={strings} />;
}

describe('city-pass voucher fields', () => {
  it('one required field per City Pass ticket; a wrong format is focused with the spec message; a right one reserves', async () => {
    const user = userEvent.setup();
    const { actor, reserve } = start();
    await flush();
    render(<Harness actor={actor} />);
    expect(screen.queryByRole('heading', { name: 'City Pass vouchers' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add one City Pass Adult' }));
    await user.click(screen.getByRole('button', { name: 'Add one City Pass Child' }));
    expect(screen.getByRole('region', { name: 'City Pass vouchers' })).toBeInTheDocument();
    const adult = screen.getByRole('textbox', { name: 'City Pass code for City Pass Adult 1' });
    const child = screen.getByRole('textbox', { name: 'City Pass code for City Pass Child 1' });
    expect(adult).toBeRequired();
    await user.type(adult, VOUCHERS.adult);
    await user.type(child, VOUCHERS.adult);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(child).toHaveFocus();
    expect(child).toHaveAttribute('aria-invalid', 'true');
    expect(child).toHaveAccessibleDescription(FORMAT);
    expect(adult).not.toHaveAttribute('aria-invalid');
    expect(reserve).not.toHaveBeenCalled();

    await user.clear(child);
    await user.type(child, VOUCHERS.child);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await flush();
    expect(reserve).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("the server's refusal of a voucher shows beside its field", async () => {
    const user = userEvent.setup();
    const { actor } = start(async () => {
      throw voucherUsedError;
    });
    await flush();
    render(<Harness actor={actor} />);
    await user.click(screen.getByRole('button', { name: 'Add one City Pass Adult' }));
    const adult = screen.getByRole('textbox', { name: 'City Pass code for City Pass Adult 1' });
    await user.type(adult, VOUCHERS.adult);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await flush();
    expect(adult).toHaveAccessibleDescription(
      `The City Pass code "${VOUCHERS.adult}" has already been used.`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
