/**
 * Redaction for logs: names, emails, passwords, phone numbers, addresses, additional info and promo codes (a
 * bought code is its buyer's secret; request bodies carry them as `codes`) never reach a log.
 * Keys are compared without case or separators (first_name, firstName, FIRST-NAME), arrays and nested objects are
 * walked, and email-like text inside any other string is masked too.
 */

export const REDACTED = '[redacted]';

const SENSITIVE_KEYS = new Set([
  'name',
  'firstname',
  'lastname',
  'fullname',
  'admitname',
  'email',
  'admitemail',
  'emailconfirm',
  'password',
  'additionalinfo',
  'phone',
  'address',
  'addressmore',
  'zipcode',
  'codes',
]);

const EMAIL_IN_TEXT = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;

const normaliseKey = (key: string): string => key.toLowerCase().replace(/[^a-z0-9]/g, '');

export function isSensitiveKey(key: string): boolean {
  const k = normaliseKey(key);
  return (
    SENSITIVE_KEYS.has(k) ||
    k.endsWith('name') ||
    k.includes('email') ||
    k.includes('password') ||
    k.includes('phone') ||
    k.includes('address') ||
    k.includes('additionalinfo')
  );
}

/** A deep copy of value with sensitive values replaced by '[redacted]'. The input is not modified. */
export function redact(value: unknown): unknown {
  return walk(value, new WeakSet());
}

function walk(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return value.replace(EMAIL_IN_TEXT, REDACTED);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value); // ancestors only: shared (non-cyclic) references are copied each time
  let out: unknown;
  if (Array.isArray(value)) {
    out = value.map((item) => walk(item, seen));
  } else {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = isSensitiveKey(key) ? REDACTED : walk(item, seen);
    }
    out = copy;
  }
  seen.delete(value);
  return out;
}
