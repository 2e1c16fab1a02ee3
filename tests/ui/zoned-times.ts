/**
 * Views write session times from the start and the venue's zone (issue 26): these turn a test's English time
 * ('1:00 PM') into what the view models carry, an instant on 21 Nov 2026 in UTC, so the view writes it back.
 */
function isoAt(label: string): string {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(label);
  if (!match) throw new Error(`not a time: ${label}`);
  const hour = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return `2026-11-21T${String(hour).padStart(2, '0')}:${match[2]}:00.000Z`;
}

/** A session's start and zone for a time of day. */
export const at = (label: string) => ({ start: isoAt(label), timeZone: 'UTC' });

/** A conflicting time as the view models carry it. */
export const zoned = (label: string) => ({ time: isoAt(label), zone: 'UTC' });
