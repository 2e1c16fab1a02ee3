/**
 * The confirm-field rule (spec 3 §5): a field requires a matching value in a named input, optionally
 * case-insensitively; its error key is 'MustMatch' with the input it names. One rule for every confirm pair:
 * the identity form's email re-entry (case-insensitive, 'Email addresses must match.'), the registration's
 * password re-entry ('Passwords must match.'), a seller's field bound to another (`mustEqual`).
 */

export const MUST_MATCH = 'MustMatch' as const;

export interface MustMatchRule<Name extends string = string> {
  /** The input whose value this one must match. */
  name: Name;
  caseInsensitive?: boolean;
}

export interface MustMatchError<Name extends string = string> {
  key: typeof MUST_MATCH;
  name: Name;
}

/** The rule's error for `value` against the named input's `other`, or null when they match. */
export function mustMatch<Name extends string>(
  value: string,
  other: string,
  rule: MustMatchRule<Name>,
): MustMatchError<Name> | null {
  const same = rule.caseInsensitive ? value.toLowerCase() === other.toLowerCase() : value === other;
  return same ? null : { key: MUST_MATCH, name: rule.name };
}
