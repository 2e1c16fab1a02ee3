/**
 * Survey answers of a membership reserve (`membership.survey`), checked by the same rule as a ticket reserve's
 * additional info (cart/survey.ts, domain/survey-rule.ts): answers for the level's ticket group only, once, to
 * its known questions, every required question answered, a listed choice where the question has choices, a
 * number within bounds where it asks for one. Anything else is 400 `additional_info_validation_failed`.
 */
import type * as w from '../../api/schemas';
import { assertSurveyAnswers, surveysOf } from '../cart/survey';
import type { AppCtx } from '../http/context';

/** Checks a level reserve's survey answers against its group's survey (before anything is written). */
export async function checkSurvey(
  ctx: AppCtx,
  levelGroupId: string,
  answers: w.MembershipReserveBody['survey'],
): Promise<void> {
  assertSurveyAnswers(answers ?? [], await surveysOf(ctx, ctx.db, [levelGroupId]));
}
