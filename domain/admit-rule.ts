/**
 * Whether a reserve asks for attendee names and emails (spec 1 §3 event meta `admit_names`, `admit_emails`,
 * also set on a ticket group; §5 "Attendee names: required when the group or event meta says required; email
 * required only when admit_emails is required"): one rule for the reserve core and the server alike.
 *
 * A meta value reads as: 'required' (any case) asks and requires; 'optional', or a flag word that is true
 * (spec 1 §5: 1, on, enabled, true, t, yes, y), asks without requiring; anything else (absent, 'off', a false
 * word) does not ask. The group's and the event's values combine to the stronger: either one saying
 * 'required' makes it required.
 */
export type AdmitAsk = 'required' | 'optional' | 'off';

/** The meta keys (event template and ticket group). */
export const ADMIT_NAMES_META = 'admit_names';
export const ADMIT_EMAILS_META = 'admit_emails';

const TRUE_WORDS = ['1', 'on', 'enabled', 'true', 't', 'yes', 'y'];

/** How one meta value asks. */
export function admitAskOf(value: unknown): AdmitAsk {
  if (typeof value !== 'string') return value === true ? 'optional' : 'off';
  const word = value.trim().toLowerCase();
  if (word === 'required') return 'required';
  if (word === 'optional' || TRUE_WORDS.includes(word)) return 'optional';
  return 'off';
}

const STRENGTH: Record<AdmitAsk, number> = { off: 0, optional: 1, required: 2 };

/** The stronger of the values (the group's and the event's). */
export function strongerAsk(...asks: AdmitAsk[]): AdmitAsk {
  return asks.reduce<AdmitAsk>((a, b) => (STRENGTH[b] > STRENGTH[a] ? b : a), 'off');
}

/** A name of first and last: each trimmed, joined by a space (one of them alone when the other is empty). */
export function joinName(first: string, last: string): string {
  return [first.trim(), last.trim()].filter((part) => part !== '').join(' ');
}

/** The longest first or last name (spec 1 §9: 50 for fields other than email); a name is both plus a space. */
export const NAME_PART_MAX = 50;
export const ADMIT_NAME_MAX = NAME_PART_MAX * 2 + 1;
