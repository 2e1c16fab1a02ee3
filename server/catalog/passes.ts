/**
 * Passes (ticket group handler `passes`, spec 1 §3): reserved without a session, each ticket carrying its
 * validity (domain/pass-validity.ts; our reading of `start_policy`, `start_policy_date` and `duration_new` in
 * server/README.md "Passes"). A group's policy is parsed strictly before a ticket is made from it: a policy
 * the rule cannot read, or a pass whose validity has ended, is refused (400 validation_failed, context
 * ticket_group), never sold without dates.
 */
import * as z from 'zod/mini';
import { isDay, PASSES_HANDLER, parseDuration, passValidity } from '../../domain/pass-validity';
import type { Row } from '../http/docs';
import { invalid } from '../http/errors';
import type * as t from '../schema';

export { PASSES_HANDLER };

const day = z.string().check(z.refine(isDay, 'a calendar day, YYYY-MM-DD'));
const duration = z
  .string()
  .check(z.refine((s) => parseDuration(s) !== null, 'an ISO-8601 duration (P30D, P1Y)'));

/** A pass group's policy: fixedfrom needs a duration (its day is optional), fixedto needs its day. */
export const passPolicy = z.union([
  z.strictObject({
    start_policy: z.literal('fixedfrom'),
    start_policy_date: z.nullable(day),
    duration_new: duration,
  }),
  z.strictObject({
    start_policy: z.literal('fixedto'),
    start_policy_date: day,
    duration_new: z.nullable(z.string()),
  }),
]);

export const PASS_CONTEXT = 'ticket_group';

/** The validity of a ticket of a `passes` group bought now, or a refusal for the group (see above). */
export function passTicketValidity(
  group: Row<typeof t.ticketGroup>,
  nowMs: number,
  timeZone: string,
  where: string,
): { validFrom: Date; validTo: Date } {
  const parsed = passPolicy.safeParse({
    start_policy: group.startPolicy,
    start_policy_date: group.startPolicyDate,
    duration_new: group.durationNew,
  });
  const validity = parsed.success ? passValidity(parsed.data, nowMs, timeZone) : null;
  if (!validity) throw invalid(PASS_CONTEXT, `${where}: Sorry, these ticket types are not available.`);
  return { validFrom: new Date(validity.validFrom), validTo: new Date(validity.validTo) };
}
