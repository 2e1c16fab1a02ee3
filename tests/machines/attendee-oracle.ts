/**
 * The attendee rule read from spec 1 §5, for the reserve flows' path tests (an oracle beside the core's own
 * rule in machines/reserve/core/admits.ts): "Attendee names: required when the group or event meta says
 * required; email required only when admit_emails is required", one attendee per ticket of such groups, an
 * email (when given) an address by the one email rule (domain/email.ts).
 */
import { expect } from 'vitest';
import type { EventDetail, TicketGroupModel } from '../../api/models';
import { isEmail } from '../../domain/email';
import type { Admits, AttendeeView } from '../../machines/reserve/core/admits';

type Kind = 'names' | 'emails';

/** 'required', 'asked' (optional) or null, from the group's and the event's meta. */
function asked(
  event: Pick<EventDetail, 'meta'>,
  group: TicketGroupModel,
  kind: Kind,
): 'required' | 'asked' | null {
  const eventWord = event.meta[`admit_${kind}`]?.trim().toLowerCase();
  const groupWord = group.admit?.[kind];
  if (eventWord === 'required' || groupWord === 'required') return 'required';
  if (eventWord === 'optional' || groupWord === 'optional') return 'asked';
  return null;
}

const count = (quantities: Readonly<Record<string, number>>, id: string) => quantities[id] ?? 0;

/** Each ticket of an asking group has exactly one attendee entry, and nothing else has one. */
export function expectAdmitsInStep(
  where: string,
  event: Pick<EventDetail, 'meta'>,
  groups: readonly TicketGroupModel[],
  quantities: Readonly<Record<string, number>>,
  admits: Admits,
): void {
  const expected: Record<string, number> = {};
  for (const group of groups) {
    if (!asked(event, group, 'names') && !asked(event, group, 'emails')) continue;
    for (const type of group.types)
      if (count(quantities, type.id) > 0) expected[type.id] = count(quantities, type.id);
  }
  const actual = Object.fromEntries(Object.entries(admits).map(([id, list]) => [id, list.length]));
  expect(actual, `${where}: one attendee per ticket that asks`).toEqual(expected);
}

/** The spec's rule over every ticket that asks. */
export function attendeeRuleHolds(
  event: Pick<EventDetail, 'meta'>,
  groups: readonly TicketGroupModel[],
  quantities: Readonly<Record<string, number>>,
  admits: Admits,
): boolean {
  return groups.every((group) => {
    const names = asked(event, group, 'names');
    const emails = asked(event, group, 'emails');
    return group.types.every((type) =>
      Array.from({ length: count(quantities, type.id) }, (_, i) => admits[type.id]?.[i]).every((a) => {
        if (!names && !emails) return true;
        if (!a) return false;
        const email = a.email.trim();
        if (names === 'required' && (a.first.trim() === '' || a.last.trim() === '')) return false;
        if (emails === 'required' && email === '') return false;
        return !emails || email === '' || isEmail(email);
      }),
    );
  });
}

/** The fields show their problems only once a submit was stopped; one attendee reads 'Full Name'. */
export function expectAttendeeView(
  where: string,
  attendees: readonly AttendeeView[],
  checked: boolean,
  label: (attendee: AttendeeView) => string,
): void {
  for (const attendee of attendees) {
    for (const field of [...attendee.name, ...(attendee.email ? [attendee.email] : [])]) {
      if (!checked) expect(field.error, `${where}: no error before a stopped submit`).toBeNull();
      else expect(field.error, `${where}: the error is the rule's`).toEqual(field.invalid);
    }
  }
  if (attendees.length === 1) expect(label(attendees[0] as AttendeeView)).toBe('Full Name');
  if (attendees.length > 1) for (const a of attendees) expect(label(a)).toMatch(/^.+ \d+ Full Name$/);
}
