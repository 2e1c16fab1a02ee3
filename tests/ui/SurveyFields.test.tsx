// @vitest-environment jsdom
/**
 * Survey questions on a reserve form (spec 1 §2, §5), rendered from the view model the single-event machine's
 * selector builds on a real actor: a section per group with chosen tickets, inputs by type, the first invalid
 * question focused on submit with its message, and the answers sent with the reserve.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionModel, TicketGroupModel } from '../../api/models';
import { parseSurvey } from '../../domain/survey-rule';
import { reserveIntoCartWith } from '../../machines/reserve/core/reserveIntoCart.machine';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import { cart } from '../../stories/fixtures/oneTicketReserve';
import { lecture, lectureGroup, lectureSession } from '../../stories/fixtures/singleEventReserve';
import { createStrings } from '../../ui/strings';
import { flush } from '../machines/graph-helpers';

import { SingleEventHarness } from './single-event-harness';

afterEach(cleanup);
const strings = createStrings();

const group: TicketGroupModel = {
  ...lectureGroup,
  survey: parseSurvey({
    properties: {
      heard: { title: 'How did you hear?', type: 'string', enum: ['Friend', 'Web'] },
      age: { title: 'Age', type: 'integer', minimum: 0, maximum: 120 },
      contact: { title: 'Contact', type: 'string', format: 'email' },
      visit: { title: 'Visit', type: 'string', format: 'date' },
    },
    required: ['heard'],
  }),
};

it('asks the survey of the chosen group, focuses the first invalid question, sends the answers', async () => {
  const user = userEvent.setup();
  const reserve = vi.fn(async () => cart);
  const machine = singleEventReserveMachine.provide({
    actors: {
      loadSession: fromPromise(async (): Promise<SessionModel | null> => lectureSession),
      loadSessionGroups: fromPromise(async () => [group]),
      reserveIntoCart: reserveIntoCartWith(reserve),
    },
  });
  const actor = createActor(machine, { input: { event: lecture } });
  actor.start();
  await flush();
  function Harness() {
    return <SingleEventHarness actor={actor} strings={strings} />;
  }

  render(<Harness />);
  expect(screen.queryByRole('region', { name: 'A few questions: Lecture tickets' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Add one General' }));
  const survey = screen.getByRole('region', { name: 'A few questions: Lecture tickets' });
  const heard = screen.getByRole('combobox', { name: 'How did you hear?' });
  const age = screen.getByRole('spinbutton', { name: 'Age (optional)' }) as HTMLInputElement;
  expect(age.min).toBe('0');
  expect(age.max).toBe('120');
  expect((screen.getByRole('textbox', { name: 'Contact (optional)' }) as HTMLInputElement).type).toBe(
    'email',
  );
  expect((screen.getByLabelText('Visit (optional)') as HTMLInputElement).type).toBe('date');
  expect(survey).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  await flush();
  expect(reserve).not.toHaveBeenCalled();
  expect(document.activeElement).toBe(heard);
  expect(screen.getByText('Input must not be empty')).toBeTruthy();

  await user.selectOptions(heard, 'Web');
  await user.type(age, '12');
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  await flush();
  expect(reserve).toHaveBeenCalledTimes(1);
  const [input] = (reserve.mock.calls[0] ?? []) as unknown as [{ request: { tickets?: unknown } }];
  expect(input.request.tickets).toMatchObject({
    additionalInfo: [{ ticket_group_id: group.id, data: { heard: 'Web', age: 12 } }],
  });
});
