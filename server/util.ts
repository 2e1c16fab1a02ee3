import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };

/** Deterministic RFC 4122 version-5-style UUID derived from a name (stable seed ids across runs). */
export function stableId(name: string): string {
  const h = createHash('sha1').update(`tix-storefront:${name}`).digest();
  h[6] = ((h[6] ?? 0) & 0x0f) | 0x50;
  h[8] = ((h[8] ?? 0) & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const newId = (): string => randomUUID();

/** `length` characters drawn uniformly from `alphabet` by node:crypto (secrets: codes and card numbers). */
export const randomText = (alphabet: string, length: number): string =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

const HUMAN = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A short human-friendly code without look-alike characters, e.g. "K7Q3-9XWP". */
export function humanCode(length = 8): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) {
    if (i > 0 && i % 4 === 0) out += '-';
    out += HUMAN[(bytes[i] ?? 0) % HUMAN.length];
  }
  return out;
}

export const money = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

export const parseMoney = (s: string): number => {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(s.trim());
  if (!m) return Number.NaN;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
};

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** Percent fee in cents for a price, given basis points. */
export const percentFee = (priceCents: number, bp: number | null): number =>
  bp ? Math.round((priceCents * bp) / 10000) : 0;
