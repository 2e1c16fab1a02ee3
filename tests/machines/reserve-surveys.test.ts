/**
 * Surveys per ticket group (spec 1 §5 "Survey fields: required per the spec's required list; types map: enum
 * to options, email to email, date to date, integer to number, string to text. Empty answers are dropped;
 * numbers are converted. Survey question contexts must not be empty or commas only."; §7 "survey answers go
 * as ticket_group_id with data"): the one rule (domain/survey-rule.ts), the core's part (core/surveys.ts), and
 * how each ticket flow carries it to the reserve. Expected values are written from the spec, not read from
 * the code.
 */
import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, type EventObject, fromPromise, SimulatedClock } from 'xstate';
import type { EventDetail, SessionModel, TicketGroupModel } from '../../api/models';
import { checkSurveyAnswers, parseSurvey, surveyData, surveyProblems } from '../../domain/survey-rule';
import { requestSurveys, selectSurveys, surveysHold } from '../../machines/reserve/core/surveys';
import { selectDateFirstReserveView } from '../../machines/reserve/dateFirstReserve.view';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import { selectQuantityFirstReserveView } from '../../machines/reserve/quantityFirstReserve.view';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import { selectSingleEventView } from '../../machines/reserve/singleEventReserve.view';
import { cart, event, general, NOW } from '../../stories/fixtures/dateFirstReserve';
import { qfDays, qfEvent, qfSessionsByDate } from '../../stories/fixtures/quantityFirstReserve';
import { lecture, lectureGroup, lectureSession } from '../../stories/fixtures/singleEventReserve';
import '../../ui/form-strings';
import '../../ui/reserve/strings';
import { createStrings, resolveMessage } from '../../ui/strings';
import { flush } from './graph-helpers';
import { dateFirstOnFixtures, postTickets, sendAsTheView, type TicketsPost } from './reserve-core-helpers';

const T = createStrings();
const text = (m: Parameters<typeof resolveMessage>[1] | null) => (m ? resolveMessage(T, m) : null);

const SPEC = {
  properties: {
    notes: { title: 'Notes', type: 'string', maxLength: 5, propertyOrder: 6 },
    heard: { title: 'How did you hear?', type: 'string', enum: ['Friend', 'Web'], propertyOrder: 1 },
    age: { title: 'Age', type: 'integer', minimum: 0, maximum: 120, propertyOrder: 2 },
    contact: { title: 'Contact', type: 'string', format: 'email', propertyOrder: 3 },
    visit: { title: 'Visit', type: 'string', format: 'date', propertyOrder: 4 },
    ratio: { type: 'number', propertyOrder: 5 },
    '': { title: 'empty context' },
    ', ,': { title: 'commas only' },
  },
  required: ['heard', 'age', ', ,'],
};
const questions = parseSurvey(JSON.stringify(SPEC));

describe('the survey rule (domain/survey-rule.ts)', () => {
  it('maps types to inputs in propertyOrder; drops empty and comma-only contexts; reads the required list', () => {
    expect(questions.map((q) => [q.name, q.input, q.required])).toEqual([
      ['heard', 'select', true],
      ['age', 'number', true],
      ['contact', 'email', false],
      ['visit', 'date', false],
      ['ratio', 'number', false],
      ['notes', 'text', false],
    ]);
    expect(questions.find((q) => q.name === 'ratio')?.title).toBe('ratio');
    expect(parseSurvey('{not json')).toEqual([]);
    expect(parseSurvey(null)).toEqual([]);
    expect(parseSurvey(JSON.stringify({ properties: [] }))).toEqual([]);
  });

  it('sends answers trimmed, empty ones dropped, numbers converted', () => {
    expect(
      surveyData(questions, {
        heard: ' Web ',
        age: ' 42 ',
        ratio: '0.5',
        contact: '  ',
        notes: ' hi ',
        x: 'y',
      }),
    ).toEqual({ heard: 'Web', age: 42, ratio: 0.5, notes: 'hi' });
  });

  it('finds each problem: required, choice, email, date, whole number, range, length', () => {
    expect(surveyProblems(questions, {})).toMatchObject({ heard: 'required', age: 'required', notes: null });
    expect(
      surveyProblems(questions, {
        heard: 'Radio',
        age: '2.5',
        contact: 'ada@',
        visit: '21/11/2026',
        ratio: 'x',
        notes: 'toolong',
      }),
    ).toEqual({
      heard: 'choice',
      age: 'number',
      contact: 'email',
      visit: 'date',
      ratio: 'number',
      notes: 'tooLong',
    });
    expect(surveyProblems(questions, { heard: 'Web', age: '121' }).age).toBe('range');
    expect(surveyProblems(questions, { heard: 'Web', age: 120, visit: '2026-11-21' })).toMatchObject({
      age: null,
      visit: null,
    });
  });

  it("the server's check: the reserve's groups only, once each, known questions, required present", () => {
    const surveys = new Map([['g-a', questions]]);
    const ok = { ticket_group_id: 'g-a', data: { heard: 'Web', age: 3 } };
    expect(checkSurveyAnswers([ok], surveys)).toBeNull();
    expect(checkSurveyAnswers([], surveys)).toMatchObject({ question: 'heard', problem: 'required' });
    expect(checkSurveyAnswers([ok, { ticket_group_id: 'g-b', data: {} }], surveys)).toMatchObject({
      ticketGroupId: 'g-b',
      problem: 'group',
    });
    expect(checkSurveyAnswers([ok, ok], surveys)).toMatchObject({ problem: 'repeated' });
    expect(checkSurveyAnswers([{ ...ok, data: { ...ok.data, shoe: 1 } }], surveys)).toMatchObject({
      question: 'shoe',
      problem: 'unknown',
    });
  });
});

// ---- the core ------------------------------------------------------------------------------------------

const surveyed = (g: TicketGroupModel): TicketGroupModel => ({ ...g, survey: questions });

describe('the core (core/surveys.ts)', () => {
  const g = surveyed(general);
  it('asks a group’s survey only once one of its tickets is chosen', () => {
    const context = { surveys: {}, surveysChecked: false };
    expect(selectSurveys({ ...context, quantities: {} }, [g])).toEqual([]);
    const [view] = selectSurveys({ ...context, quantities: { 't-adult': 1 } }, [g]);
    expect(view?.groupName).toBe('General admission');
    expect(view?.questions.map((q) => [q.title, q.input, q.required, q.error])).toEqual([
      ['How did you hear?', 'select', true, null],
      ['Age', 'number', true, null],
      ['Contact', 'email', false, null],
      ['Visit', 'date', false, null],
      ['ratio', 'number', false, null],
      ['Notes', 'text', false, null],
    ]);
    expect(surveysHold([g], {}, {})).toBe(true);
    expect(surveysHold([g], { 't-adult': 1 }, {})).toBe(false);
    expect(surveysHold([g], { 't-adult': 1 }, { [g.id]: { heard: 'Web', age: '9' } })).toBe(true);
  });

  it('shows problems once checked, with the spec’s empty message', () => {
    const [view] = selectSurveys(
      { surveys: { [g.id]: { age: '200' } }, surveysChecked: true, quantities: { 't-adult': 1 } },
      [g],
    );
    expect(view?.questions.slice(0, 2).map((q) => text(q.error))).toEqual([
      'Input must not be empty',
      'Please enter a number from 0 to 120.',
    ]);
  });

  it('sends one entry per asked group with answers; none without', () => {
    expect(requestSurveys([g], { 't-adult': 1 }, {})).toBeUndefined();
    expect(requestSurveys([g], {}, { [g.id]: { heard: 'Web' } })).toBeUndefined();
    expect(requestSurveys([g], { 't-adult': 1 }, { [g.id]: { heard: 'Web', age: '7' } })).toEqual([
      { ticket_group_id: g.id, data: { heard: 'Web', age: 7 } },
    ]);
  });
});

// ---- the flows -----------------------------------------------------------------------------------------

const reserveWith = (record: (post: TicketsPost) => void) => postTickets(record, async () => cart);

async function send(actor: AnyActorRef, e: Record<string, unknown>) {
  sendAsTheView(actor, e as EventObject);
  await flush();
}
const answer = (ticketGroupId: string, question: string, value: string) => ({
  type: 'survey.change',
  ticketGroupId,
  question,
  value,
});

describe('date-first', () => {
  it('a submit with a required answer missing reserves nothing and shows it; answered, it sends the answers', async () => {
    const reserve = vi.fn();
    const g = surveyed(general);
    const machine = dateFirstOnFixtures([g], reserveWith(reserve));
    const actor = createActor(machine, { input: { event, now: NOW }, clock: new SimulatedClock() });
    actor.start();
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    await send(actor, { type: 'session.select', sessionId: 's-0930' });
    expect(selectDateFirstReserveView(actor.getSnapshot()).surveys).toEqual([]);
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    expect(selectDateFirstReserveView(actor.getSnapshot()).canSubmit).toBe(true);
    await send(actor, answer(g.id, 'heard', 'Web'));
    await send(actor, { type: 'submit' });
    expect(reserve).not.toHaveBeenCalled();
    const view = selectDateFirstReserveView(actor.getSnapshot());
    expect(view.surveys[0]?.questions.map((q) => [q.name, text(q.error)]).slice(0, 2)).toEqual([
      ['heard', null],
      ['age', 'Input must not be empty'],
    ]);
    await send(actor, answer(g.id, 'age', ' 12 '));
    await send(actor, answer(g.id, 'notes', '   '));
    await send(actor, { type: 'submit' });
    expect(reserve).toHaveBeenCalledTimes(1);
    expect(reserve.mock.calls[0]?.[0].request).toEqual({
      eventId: event.id,
      sessionId: 's-0930',
      quantities: { 't-adult': 1 },
      additionalInfo: [{ ticket_group_id: g.id, data: { heard: 'Web', age: 12 } }],
    });
  });
});

describe('quantity-first', () => {
  it('the attendee section asks the survey; the reserve carries the answers', async () => {
    const reserve = vi.fn();
    const ev: EventDetail = {
      ...qfEvent,
      id: 'ev-qf-survey',
      ticketGroups: qfEvent.ticketGroups.map(surveyed),
    };
    const machine = quantityFirstReserveMachine.provide({
      actors: {
        loadCalendar: fromPromise(async () => qfDays),
        loadSessions: fromPromise(async ({ input }) => qfSessionsByDate[input.date] ?? []),
        reserveIntoCart: reserveWith(reserve),
      },
    });
    const actor = createActor(machine, { input: { event: ev }, clock: new SimulatedClock() });
    actor.start();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'tickets.find' });
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    await send(actor, { type: 'session.select', sessionId: 's-0930' });
    const view = selectQuantityFirstReserveView(actor.getSnapshot());
    expect(view.surveys.map((s) => s.ticketGroupId)).toEqual(['g-general']);
    await send(actor, { type: 'submit' });
    expect(reserve).not.toHaveBeenCalled();
    await send(actor, answer('g-general', 'heard', 'Friend'));
    await send(actor, answer('g-general', 'age', '30'));
    await send(actor, { type: 'submit' });
    expect(reserve.mock.calls[0]?.[0].request.additionalInfo).toEqual([
      { ticket_group_id: 'g-general', data: { heard: 'Friend', age: 30 } },
    ]);
  });
});

describe('single event', () => {
  it('the form asks the survey of the chosen tickets; the reserve carries the answers', async () => {
    const reserve = vi.fn();
    const g = surveyed(lectureGroup);
    const machine = singleEventReserveMachine.provide({
      actors: {
        loadSession: fromPromise<SessionModel | null, { eventId: string }>(async () => lectureSession),
        loadSessionGroups: fromPromise(async () => [g]),
        reserveIntoCart: reserveWith(reserve),
      },
    });
    const actor = createActor(machine, { input: { event: lecture } });
    actor.start();
    await flush();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-student' });
    await send(actor, { type: 'submit' });
    expect(reserve).not.toHaveBeenCalled();
    expect(selectSingleEventView(actor.getSnapshot()).surveys[0]?.groupName).toBe('Lecture tickets');
    await send(actor, answer(g.id, 'heard', 'Web'));
    await send(actor, answer(g.id, 'age', '19'));
    await send(actor, answer(g.id, 'contact', 'ada@example.com'));
    await send(actor, { type: 'submit' });
    expect(reserve.mock.calls[0]?.[0].request.additionalInfo).toEqual([
      { ticket_group_id: g.id, data: { heard: 'Web', age: 19, contact: 'ada@example.com' } },
    ]);
  });
});
