/**
 * Surveys per ticket group, a part of what a reserve carries (spec 1 §2 "survey questions per ticket group",
 * §3 "Survey spec", §5 "Survey fields", §7 "survey answers go as ticket_group_id with data"): one rule for
 * every ticket flow (date-first, quantity-first, single event) and the membership form, from
 * domain/survey-rule.ts (which the server checks with too).
 *
 * - Which groups: each group with a survey of which at least one ticket is chosen, in the form's order.
 * - Inputs: options for `enum`, email, date and number inputs by format and type, else text.
 * - Validation: required answers not empty ('Input must not be empty'), options from the list, an address,
 *   a date, a number (whole for integer) within minimum and maximum, at most maxLength characters.
 * - Sent: per group its answers trimmed, empty ones dropped, numbers converted; no entry for a group with
 *   no answer; undefined when no group has any.
 */

import type { TicketGroupModel } from '../../../api/models';
import {
  type SurveyAnswers,
  type SurveyInput,
  type SurveyProblem,
  type SurveyQuestion,
  surveyData,
  surveyProblems,
} from '../../../domain/survey-rule';
import { type Message, message } from '../../shared/messages';
import { type Quantities, quantityOf } from '../quantities';

/** What the visitor typed, per ticket group, per question (untrimmed). */
export type Surveys = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The visitor answered one question of a group's survey. */
export interface SurveyChangeEvent {
  type: 'survey.change';
  ticketGroupId: string;
  question: string;
  value: string;
}

/** The context of a flow that asks surveys. */
export interface SurveysContext {
  surveys: Surveys;
  /** A submit was stopped by the survey rule: the questions show their problems from now on. */
  surveysChecked: boolean;
}

export const NO_SURVEYS: SurveysContext = { surveys: {}, surveysChecked: false };

/** The surveys after the visitor answered a question. */
export function surveysAfterChange(surveys: Surveys, change: SurveyChangeEvent): Surveys {
  return {
    ...surveys,
    [change.ticketGroupId]: { ...surveys[change.ticketGroupId], [change.question]: change.value },
  };
}

/** The message of a problem with an answer. */
export function surveyProblemMessage(problem: SurveyProblem, question: SurveyQuestion): Message {
  switch (problem) {
    case 'required':
      return message('inputEmpty');
    case 'email':
      return message('emailInvalid');
    case 'choice':
      return message('surveyChoice');
    case 'date':
      return message('surveyDate');
    case 'tooLong':
      return message('surveyTooLong', { max: question.maxLength ?? 0 });
    default:
      // A number out of its bounds, or not a number: the bounds the question has, one, both or none.
      if (question.minimum !== null && question.maximum !== null)
        return message('surveyRange', { min: question.minimum, max: question.maximum });
      if (question.minimum !== null) return message('surveyMin', { min: question.minimum });
      if (question.maximum !== null) return message('surveyMax', { max: question.maximum });
      return message('surveyNumber');
  }
}

/** Each question's problem as a message, null where the answer holds. */
export function surveyMessages(
  questions: readonly SurveyQuestion[],
  answers: Readonly<Record<string, string>>,
): Record<string, Message | null> {
  const problems = surveyProblems(questions, answers);
  const out: Record<string, Message | null> = {};
  for (const q of questions) {
    const problem = problems[q.name];
    out[q.name] = problem ? surveyProblemMessage(problem, q) : null;
  }
  return out;
}

/** The groups whose surveys the form asks: a survey and at least one chosen ticket. */
export function surveyGroups(
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
): TicketGroupModel[] {
  return groups.filter(
    (group) =>
      (group.survey?.length ?? 0) > 0 && group.types.some((type) => quantityOf(quantities, type.id) > 0),
  );
}

/** The survey rule holds: every asked question of every asked group has a right answer (or none, if optional). */
export function surveysHold(
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  surveys: Surveys,
): boolean {
  return surveyGroups(groups, quantities).every((group) =>
    Object.values(surveyMessages(group.survey ?? [], surveys[group.id] ?? {})).every((m) => m === null),
  );
}

/** What the reserve sends as its additional info, or undefined when no group has an answer. */
export function requestSurveys(
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  surveys: Surveys,
): SurveyAnswers[] | undefined {
  const out = surveyGroups(groups, quantities)
    .map((group) => ({
      ticket_group_id: group.id,
      data: surveyData(group.survey ?? [], surveys[group.id] ?? {}),
    }))
    .filter((entry) => Object.keys(entry.data).length > 0);
  return out.length ? out : undefined;
}

// ---- the view ------------------------------------------------------------------------------------------

/** One question as the views render it. */
export interface SurveyQuestionView {
  name: string;
  title: string;
  description: string | null;
  input: SurveyInput;
  choices: string[] | null;
  minimum: number | null;
  maximum: number | null;
  maxLength: number | null;
  required: boolean;
  value: string;
  /** The rule's verdict now (given to the browser's validity, so the first invalid field gets focus). */
  invalid: Message | null;
  /** Shown after a submit the rule stopped, else null. */
  error: Message | null;
}

/** One group's survey: its name (the section's heading) and its questions. */
export interface SurveyView {
  ticketGroupId: string;
  groupName: string;
  questions: SurveyQuestionView[];
}

/** The questions of one survey with the answers typed; problems show once `checked`. */
export function surveyQuestionViews(
  questions: readonly SurveyQuestion[],
  answers: Readonly<Record<string, string>>,
  checked: boolean,
): SurveyQuestionView[] {
  const messages = surveyMessages(questions, answers);
  return questions.map((q) => ({
    name: q.name,
    title: q.title,
    description: q.description,
    input: q.input,
    choices: q.choices,
    minimum: q.minimum,
    maximum: q.maximum,
    maxLength: q.maxLength,
    required: q.required,
    value: answers[q.name] ?? '',
    invalid: messages[q.name] ?? null,
    error: checked ? (messages[q.name] ?? null) : null,
  }));
}

/** A flow's surveys for the tickets chosen in `groups` (the views' one selector). */
export function selectSurveys(
  context: SurveysContext & { quantities: Quantities },
  groups: readonly TicketGroupModel[],
): SurveyView[] {
  return surveyGroups(groups, context.quantities).map((group) => ({
    ticketGroupId: group.id,
    groupName: group.name,
    questions: surveyQuestionViews(
      group.survey ?? [],
      context.surveys[group.id] ?? {},
      context.surveysChecked,
    ),
  }));
}
