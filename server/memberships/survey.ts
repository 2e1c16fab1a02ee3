/**
 * Survey answers of a membership reserve, checked at the boundary (spec 1 §3 "Survey spec"): the level's
 * ticket group may carry a survey in its meta `additional_info_spec` (a JSON schema: `properties` with title,
 * type, enum, minimum, maximum, maxLength; a `required` list). Answers (`membership.survey`, sizes bounded by
 * `http/validate.ts`) must be for the level's group, to its known questions only, with every required question
 * answered, a listed choice where the question has choices, a number within bounds where it asks for one.
 * Anything else is 400 `validation_failed`, context `survey`, with the field in `_extra.field`.
 */
import { and, eq } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import type { Q } from '../db';
import { invalid } from '../http/errors';
import * as t from '../schema';

export const SURVEY_META_KEY = 'additional_info_spec';

interface Question {
  type: string | null;
  choices: string[] | null;
  minimum: number | null;
  maximum: number | null;
  maxLength: number | null;
}

interface Survey {
  questions: Map<string, Question>;
  required: string[];
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A group's survey from its meta value; an unreadable spec asks nothing. */
export function parseSurvey(value: string | null | undefined): Survey {
  const empty: Survey = { questions: new Map(), required: [] };
  if (!value) return empty;
  let spec: unknown;
  try {
    spec = JSON.parse(value);
  } catch {
    return empty;
  }
  if (typeof spec !== 'object' || spec === null) return empty;
  const { properties, required } = spec as { properties?: unknown; required?: unknown };
  if (typeof properties !== 'object' || properties === null) return empty;
  const questions = new Map<string, Question>();
  for (const [name, raw] of Object.entries(properties as Record<string, unknown>)) {
    const p = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const choices = Array.isArray(p.enum) ? p.enum.filter((c): c is string => typeof c === 'string') : [];
    questions.set(name, {
      type: typeof p.type === 'string' ? p.type : null,
      choices: choices.length ? choices : null,
      minimum: num(p.minimum),
      maximum: num(p.maximum),
      maxLength: num(p.maxLength),
    });
  }
  const names = Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
  return { questions, required: names.filter((n) => questions.has(n)) };
}

const fieldError = (field: string, description: string, extra: Record<string, unknown>) =>
  invalid('survey', description, { field, ...extra });

/** Checks a level reserve's survey answers against its group's survey (before anything is written). */
export async function checkSurvey(
  q: Q,
  levelGroupId: string,
  answers: w.MembershipReserveBody['survey'],
): Promise<void> {
  const entries = answers ?? [];
  entries.forEach((entry, i) => {
    if (entry.ticket_group_id !== levelGroupId)
      throw fieldError(
        `membership.survey.${i}.ticket_group_id`,
        'Survey answers are for the membership level’s ticket group only.',
        { ticket_group_id: entry.ticket_group_id },
      );
  });
  if (entries.length > 1)
    throw fieldError('membership.survey', 'Answer the survey once.', { ticket_group_id: levelGroupId });
  const [row] = await q
    .select({ value: t.meta.value })
    .from(t.meta)
    .where(
      and(
        eq(t.meta.resource, 'ticket_group'),
        eq(t.meta.resourceId, levelGroupId),
        eq(t.meta.key, SURVEY_META_KEY),
      ),
    )
    .limit(1);
  const survey = parseSurvey(row?.value);
  const data = entries[0]?.data ?? {};
  const at = (name: string) => `membership.survey.0.data.${name}`;
  for (const [name, answer] of Object.entries(data)) {
    const question = survey.questions.get(name);
    if (!question)
      throw fieldError(at(name), 'This survey has no such question.', {
        ticket_group_id: levelGroupId,
        question: name,
      });
    const value = answer.trim();
    if (value === '') continue;
    if (question.choices && !question.choices.includes(value))
      throw fieldError(at(name), 'Please choose one of the listed answers.', {
        question: name,
        choices: question.choices,
      });
    if (question.maxLength !== null && value.length > question.maxLength)
      throw fieldError(at(name), `Please answer in at most ${question.maxLength} characters.`, {
        question: name,
        max_length: question.maxLength,
      });
    if (question.type === 'number' || question.type === 'integer') {
      const n = Number(value);
      const whole = question.type === 'integer' ? Number.isInteger(n) : true;
      if (
        !/^-?\d+(\.\d+)?$/.test(value) ||
        !whole ||
        (question.minimum !== null && n < question.minimum) ||
        (question.maximum !== null && n > question.maximum)
      )
        throw fieldError(at(name), 'Please answer with a number in the allowed range.', {
          question: name,
          minimum: question.minimum,
          maximum: question.maximum,
        });
    }
  }
  for (const name of survey.required)
    if ((data[name] ?? '').trim() === '')
      throw fieldError(at(name), 'Please answer this question.', {
        ticket_group_id: levelGroupId,
        question: name,
      });
}
