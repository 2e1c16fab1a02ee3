/**
 * City-pass vouchers (spec 1 §2 "city-pass voucher entry fields", §3 "City-pass config", event config
 * `web.ecommerce.citypass`, reserve payload `preReservePromoCodes { codes, handler (default citypass),
 * handler_data.visit_datetime }`, §5 "City-pass voucher"): one rule for the reserve core and the server's
 * sandbox provider alike.
 *
 * - Which tickets: every ticket of a ticket group the event's config `web.ecommerce.citypass` names
 *   (`{ ticket_group_ids: [...] }`) takes one voucher.
 * - Child or adult: a ticket type whose name holds one of the child keywords (the code groups'
 *   `child_ticket_type_keywords`, else the caller's option, else 'child'; case-insensitive) is a child ticket.
 * - Format: the voucher, trimmed, must match the child pattern (`child_regexp`) of a code group for a child
 *   ticket, the adult pattern (`adult_regexp`) for any other.
 */

/** The `handler` of `preReservePromoCodes` that carries vouchers. */
export const CITYPASS_HANDLER = 'citypass';
/** The seller's config key of the code groups. */
export const CITYPASS_CODE_GROUPS_KEY = 'citypass_code_groups';
/** The event's config key of the groups that take vouchers. */
export const CITYPASS_EVENT_KEY = 'web.ecommerce.citypass';
/** The keyword that marks a child ticket type when neither the config nor an option gives one (spec 1 §5). */
export const DEFAULT_CHILD_KEYWORDS: readonly string[] = ['child'];
/** A voucher is at most this long (the promo code limit: spec 2 §5). */
export const VOUCHER_MAX = 35;
/** Patterns longer than this are ignored (seller configuration, compiled on every check). */
const PATTERN_MAX = 200;

/** One code group of the seller's config, as configured (patterns as text). */
export interface CitypassCodeGroup {
  adult_regexp: string | null;
  child_regexp: string | null;
  child_ticket_type_keywords: string[];
}

/** What a page needs to check vouchers: the groups that take them and the seller's code groups. */
export interface CitypassConfig {
  ticketGroupIds: string[];
  codeGroups: CitypassCodeGroup[];
}

export type VoucherKind = 'adult' | 'child';

const parsed = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
};
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
const pattern = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' && value.length <= PATTERN_MAX ? value : null;

/** The seller's `citypass_code_groups` (a list, or one object); malformed entries are left out. */
export function codeGroupsOf(value: unknown): CitypassCodeGroup[] {
  const v = parsed(value);
  const list = Array.isArray(v) ? v : typeof v === 'object' && v !== null ? [v] : [];
  return list.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const e = entry as Record<string, unknown>;
    const group = {
      adult_regexp: pattern(e.adult_regexp),
      child_regexp: pattern(e.child_regexp),
      child_ticket_type_keywords: strings(e.child_ticket_type_keywords),
    };
    return group.adult_regexp || group.child_regexp ? [group] : [];
  });
}

/** The ticket group ids of the event's `web.ecommerce.citypass` (`{ ticket_group_ids }`), or none. */
export function citypassGroupIdsOf(value: unknown): string[] {
  const v = parsed(value);
  if (typeof v !== 'object' || v === null) return [];
  return strings((v as Record<string, unknown>).ticket_group_ids);
}

/** The child keywords: the code groups' own, else the option, else 'child' (spec 1 §5). */
export function childKeywords(
  groups: readonly CitypassCodeGroup[],
  option?: readonly string[],
): readonly string[] {
  const configured = groups.flatMap((g) => g.child_ticket_type_keywords);
  if (configured.length) return configured;
  return option?.length ? option : DEFAULT_CHILD_KEYWORDS;
}

/** Whether a ticket type of this name is a child ticket. */
export function isChildType(typeName: string, keywords: readonly string[]): boolean {
  const name = typeName.toLowerCase();
  return keywords.some((k) => k.trim() !== '' && name.includes(k.trim().toLowerCase()));
}

function matches(source: string | null, code: string): boolean {
  if (!source) return false;
  try {
    return new RegExp(source).test(code);
  } catch {
    return false;
  }
}

/** The kinds of voucher the code's format is (adult, child, both or none), over every code group. */
export function voucherKinds(code: string, groups: readonly CitypassCodeGroup[]): VoucherKind[] {
  const c = code.trim();
  const kinds: VoucherKind[] = [];
  if (groups.some((g) => matches(g.adult_regexp, c))) kinds.push('adult');
  if (groups.some((g) => matches(g.child_regexp, c))) kinds.push('child');
  return kinds;
}

/** Whether the voucher (trimmed) has the format of the ticket's kind. */
export function voucherFits(code: string, kind: VoucherKind, groups: readonly CitypassCodeGroup[]): boolean {
  const c = code.trim();
  return c !== '' && c.length <= VOUCHER_MAX && voucherKinds(c, groups).includes(kind);
}

/** A voucher as it is stored and compared: trimmed, upper case. */
export const voucherKey = (code: string): string => code.trim().toUpperCase();
