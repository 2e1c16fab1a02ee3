/**
 * What an error report keeps (issue 26): nothing personal. Pure. Emails are masked as every log masks them
 * (domain/redact.ts); query strings and fragments are cut from every URL and path (they carry reset tokens, order
 * ids with their link tokens, member codes); long runs of token characters (tokens, JWTs, session ids) and of
 * digits (card numbers, phone numbers) are masked; control characters go; every field is cut to its bound.
 */
import { REDACTED, redact } from '../../domain/redact';

/** A query string or fragment: from `?` or `#` to the next space or quote. */
const QUERY = /[?#][^\s"'<>)]*/g;
/** Runs of 20 or more token characters (base64url, hex, JWT parts) that contain a digit: tokens, not words. */
const TOKEN = /[A-Za-z0-9_\-.]{20,}/g;
/** Record ids (events, sessions, carts) stay: they name what failed and grant nothing. */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** 7 or more digits, with spaces or dashes between (card, phone and account numbers). */
const DIGITS = /\d(?:[\s-]?\d){6,}/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** One text of a report, redacted and cut to `max` characters. */
export function redactText(value: string, max: number): string {
  const ids: string[] = [];
  // Queries first: an email's pattern would otherwise take the path before `?email=…` with it.
  const masked = (redact(value.replace(CONTROL, '').replace(QUERY, '')) as string)
    .replace(UUID, (id) => `\u0001${ids.push(id) - 1}\u0001`)
    .replace(TOKEN, (run) => (/\d/.test(run) ? REDACTED : run))
    .replace(DIGITS, REDACTED)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the placeholders above, never in the input
    .replace(/\u0001(\d+)\u0001/g, (_, i: string) => ids[Number(i)] ?? '');
  return masked.length > max ? `${masked.slice(0, max - 1)}…` : masked;
}
