/**
 * Survey answers of a reserve (spec 1 §3 "Survey spec", §5 "Survey fields", §7 "survey answers go as
 * ticket_group_id with data"), checked before anything is written by the one rule the storefront uses
 * (domain/survey-rule.ts): answers only for the groups the reserve takes tickets of, once per group, to known
 * questions, every required question answered, options from the list, numbers in range. Anything else is
 * 400 `additional_info_validation_failed` (context `additional_info`, `_extra` the group, the question and
 * the problem). Membership levels check their own survey the same way (memberships/reserve.ts, `survey`).
 */
import { ErrorCode } from '../../domain/codes';
import {
  checkSurveyAnswers,
  parseSurvey,
  SURVEY_META,
  type SurveyAnswers,
  type SurveyQuestion,
  surveyRefusalText,
} from '../../domain/survey-rule';
import type { Q } from '../db';
import type { AppCtx } from '../http/context';
import { ApiError } from '../http/errors';

export const ADDITIONAL_INFO_CONTEXT = 'additional_info';

/** The surveys of the given groups (a group without one asks nothing). */
export async function surveysOf(ctx: Pick<AppCtx, 'cache'>, q: Q, groupIds: readonly string[]) {
  const ids = [...new Set(groupIds)];
  const meta = ids.length ? await ctx.cache.meta(q, ids) : [];
  const surveys = new Map<string, SurveyQuestion[]>();
  for (const id of ids) {
    const row = meta.find((m) => m.resourceId === id && m.key === SURVEY_META);
    surveys.set(id, parseSurvey(row?.value));
  }
  return surveys;
}

/**
 * The answers to keep per ticket group (each of the group's tickets carries them): those of the groups the
 * reserve takes tickets of, once checked; a group answered with nothing keeps none.
 */
export function answersByGroup(
  entries: readonly SurveyAnswers[],
  groupIds: readonly string[],
): Map<string, Record<string, string | number>> {
  const groups = new Set(groupIds);
  const out = new Map<string, Record<string, string | number>>();
  for (const entry of entries)
    if (groups.has(entry.ticket_group_id) && Object.keys(entry.data).length)
      out.set(entry.ticket_group_id, { ...entry.data });
  return out;
}

/** Refuses answers that do not fit the groups' surveys (400 additional_info_validation_failed). */
export function assertSurveyAnswers(
  entries: readonly SurveyAnswers[],
  surveys: ReadonlyMap<string, readonly SurveyQuestion[]>,
): void {
  const refusal = checkSurveyAnswers(entries, surveys);
  if (!refusal) return;
  throw new ApiError(
    400,
    ErrorCode.additional_info_validation_failed,
    ADDITIONAL_INFO_CONTEXT,
    surveyRefusalText(refusal),
    { ticket_group_id: refusal.ticketGroupId, question: refusal.question, problem: refusal.problem },
  );
}
