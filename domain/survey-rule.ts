/**
 * Surveys per ticket group (spec 1 §3 "Survey spec", §5 "Survey fields", §7 "survey answers go as
 * ticket_group_id with data"): one rule for the reserve core, the membership form and the server alike.
 *
 * A group's meta `additional_info_spec` is a JSON schema: `properties` (title, description, type, format,
 * enum, minimum, maximum, maxLength, propertyOrder) and a `required` list. How a question is asked:
 * `enum` gives options, format `email` an email input, format `date` a date input, type `integer` or
 * `number` a number input, anything else text. A question's name is the context its answer is kept under:
 * an empty name, or one of commas only, is no question. An unreadable spec asks nothing.
 *
 * Answers: text trimmed, empty ones dropped, numbers converted (spec 1 §5). What a given answer may be:
 * one of the options, an address, a YYYY-MM-DD date, a number (whole for integer) within minimum and
 * maximum, at most maxLength characters; every required question answered.
 */
import { isEmail } from './email';

/** The group meta key of a survey. */
export const SURVEY_META = 'additional_info_spec';

/** The input a question is asked with. */
export type SurveyInput = 'select' | 'email' | 'date' | 'number' | 'text';

export interface SurveyQuestion {
  /** The answer's key (its context). */
  name: string;
  /** The title, else the name. */
  title: string;
  description: string | null;
  input: SurveyInput;
  /** Options of an `enum` question, else null. */
  choices: string[] | null;
  /** A number question that takes whole numbers only (type integer). */
  integer: boolean;
  minimum: number | null;
  maximum: number | null;
  maxLength: number | null;
  required: boolean;
}

/** What is wrong with one answer. */
export type SurveyProblem = 'required' | 'choice' | 'email' | 'date' | 'number' | 'range' | 'tooLong';

/** One group's answers as a reserve sends them (the request's `additionalInfo`). */
export interface SurveyAnswers {
  ticket_group_id: string;
  data: Record<string, string | number>;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** Spec 1 §5: a question's context must not be empty or commas only. */
export const isContext = (name: string) => name.replace(/[,\s]/g, '') !== '';

function inputOf(p: Record<string, unknown>, choices: string[] | null): SurveyInput {
  if (choices) return 'select';
  if (p.format === 'email') return 'email';
  if (p.format === 'date') return 'date';
  if (p.type === 'integer' || p.type === 'number') return 'number';
  return 'text';
}

/** A group's survey from its meta value (JSON text or the parsed object), in `propertyOrder`. */
export function parseSurvey(value: unknown): SurveyQuestion[] {
  let spec: unknown = value;
  if (typeof value === 'string') {
    try {
      spec = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (typeof spec !== 'object' || spec === null) return [];
  const { properties, required } = spec as { properties?: unknown; required?: unknown };
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return [];
  const requiredNames = Array.isArray(required) ? required.filter((r) => typeof r === 'string') : [];
  const out: (SurveyQuestion & { order: number; at: number })[] = [];
  Object.entries(properties as Record<string, unknown>).forEach(([name, raw], at) => {
    if (!isContext(name)) return;
    const p = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const listed = Array.isArray(p.enum) ? p.enum.filter((c): c is string => typeof c === 'string') : [];
    const choices = listed.length ? listed : null;
    out.push({
      name,
      title: str(p.title) ?? name,
      description: str(p.description),
      input: inputOf(p, choices),
      choices,
      integer: p.type === 'integer',
      minimum: num(p.minimum),
      maximum: num(p.maximum),
      maxLength: num(p.maxLength),
      required: requiredNames.includes(name),
      order: num(p.propertyOrder) ?? Number.MAX_SAFE_INTEGER,
      at,
    });
  });
  return out
    .sort((a, b) => a.order - b.order || a.at - b.at)
    .map(({ order: _order, at: _at, ...question }) => question);
}

const NUMBER = /^[-+]?\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with one given answer (trimmed, not empty), or null. */
export function answerProblem(question: SurveyQuestion, answer: string | number): SurveyProblem | null {
  const value = typeof answer === 'number' ? String(answer) : answer.trim();
  if (question.choices) return question.choices.includes(value) ? null : 'choice';
  if (question.maxLength !== null && value.length > question.maxLength) return 'tooLong';
  if (question.input === 'email') return isEmail(value) ? null : 'email';
  if (question.input === 'date')
    return DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : 'date';
  if (question.input === 'number') {
    const n = typeof answer === 'number' ? answer : Number(value);
    if (!Number.isFinite(n) || (typeof answer === 'string' && !NUMBER.test(value))) return 'number';
    if (question.integer && !Number.isInteger(n)) return 'number';
    if (
      (question.minimum !== null && n < question.minimum) ||
      (question.maximum !== null && n > question.maximum)
    )
      return 'range';
  }
  return null;
}

const isBlank = (answer: string | number | undefined) =>
  answer === undefined || (typeof answer === 'string' && answer.trim() === '');

/** Each question's problem with the answers as typed (or as sent), null where it holds. */
export function surveyProblems(
  questions: readonly SurveyQuestion[],
  answers: Readonly<Record<string, string | number>>,
): Record<string, SurveyProblem | null> {
  const out: Record<string, SurveyProblem | null> = {};
  for (const q of questions) {
    const answer = answers[q.name];
    out[q.name] = isBlank(answer)
      ? q.required
        ? 'required'
        : null
      : answerProblem(q, answer as string | number);
  }
  return out;
}

/** The answers as sent: trimmed, empty ones dropped, numbers converted, only the survey's questions. */
export function surveyData(
  questions: readonly SurveyQuestion[],
  answers: Readonly<Record<string, string>>,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const q of questions) {
    const value = (answers[q.name] ?? '').trim();
    if (value === '') continue;
    out[q.name] = q.input === 'number' && NUMBER.test(value) ? Number(value) : value;
  }
  return out;
}

/** Why a reserve's answers are refused (the server's check), or null when they hold. */
export interface SurveyRefusal {
  ticketGroupId: string;
  question: string | null;
  problem: SurveyProblem | 'group' | 'repeated' | 'unknown';
}

/**
 * The server's check of a reserve's answers: each entry for a group the reserve takes tickets of (`surveys`
 * holds each such group's questions), one entry per group, known questions only, each answer right; every
 * required question of each group answered.
 */
export function checkSurveyAnswers(
  entries: readonly { ticket_group_id: string; data: Readonly<Record<string, string | number>> }[],
  surveys: ReadonlyMap<string, readonly SurveyQuestion[]>,
): SurveyRefusal | null {
  const seen = new Set<string>();
  for (const entry of entries) {
    const groupId = entry.ticket_group_id;
    const questions = surveys.get(groupId);
    if (!questions) return { ticketGroupId: groupId, question: null, problem: 'group' };
    if (seen.has(groupId)) return { ticketGroupId: groupId, question: null, problem: 'repeated' };
    seen.add(groupId);
    for (const name of Object.keys(entry.data))
      if (!questions.some((q) => q.name === name))
        return { ticketGroupId: groupId, question: name, problem: 'unknown' };
  }
  for (const [groupId, questions] of surveys) {
    const data = entries.find((e) => e.ticket_group_id === groupId)?.data ?? {};
    const problems = surveyProblems(questions, data);
    const wrong = questions.find((q) => problems[q.name] !== null);
    if (wrong)
      return { ticketGroupId: groupId, question: wrong.name, problem: problems[wrong.name] as SurveyProblem };
  }
  return null;
}

/** The server's description of a refusal (the client shows its own message beside the form). */
export function surveyRefusalText(refusal: SurveyRefusal): string {
  switch (refusal.problem) {
    case 'group':
      return 'Survey answers are for the ticket groups of this reserve only.';
    case 'repeated':
      return 'Answer each ticket group’s survey once.';
    case 'unknown':
      return 'This survey has no such question.';
    case 'required':
      return 'Please answer this question.';
    case 'choice':
      return 'Please choose one of the listed answers.';
    case 'range':
    case 'number':
      return 'Please answer with a number in the allowed range.';
    case 'tooLong':
      return 'This answer is too long.';
    default:
      return 'Please check this answer.';
  }
}
