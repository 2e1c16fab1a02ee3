/**
 * Generic parsing of the API query conventions: `_embed=a,b`, `_limit`, `_sort`, `_ondate=YYYY-MM-DD`,
 * `field._in=a,b`, `field._gte=`, `field._lt=` (also `_gt`, `_lte`), and plain `field=value`.
 */
import * as z from 'zod/mini';
import { dayjs } from '../util';
import { describeIssues, invalid } from './errors';

export interface FieldFilter {
  in?: string[];
  gte?: string;
  gt?: string;
  lt?: string;
  lte?: string;
  eq?: string;
}

const OPS = ['in', 'gte', 'gt', 'lt', 'lte'] as const;
const dateRe = /^\d{4}-\d{2}-\d{2}$/;

const controlSchema = z.object({
  _embed: z.optional(
    z.string().check(z.regex(/^[a-z_.]*(,[a-z_.]+)*$/, 'must be a comma-separated list of names')),
  ),
  _limit: z.optional(z.string().check(z.regex(/^\d{1,4}$/, 'must be a whole number from 1 to 1000'))),
  _sort: z.optional(
    z.string().check(z.regex(/^-?[a-z_.]+$/, 'must be a field name, optionally prefixed by -')),
  ),
  _ondate: z.optional(z.string().check(z.regex(dateRe, 'must be a date YYYY-MM-DD'))),
});

export class ParsedQuery {
  readonly embed: Set<string>;
  readonly limit: number | null;
  readonly sort: string | null;
  readonly ondate: string | null;
  readonly filters = new Map<string, FieldFilter>();

  constructor(readonly raw: URLSearchParams) {
    const control: Record<string, string> = {};
    for (const key of ['_embed', '_limit', '_sort', '_ondate']) {
      const v = raw.get(key);
      if (v !== null) control[key] = v;
    }
    const parsed = controlSchema.safeParse(control);
    if (!parsed.success) throw invalid('query', `Invalid query: ${describeIssues(parsed.error.issues)}`);
    this.embed = new Set((parsed.data._embed ?? '').split(',').filter(Boolean));
    const limit = parsed.data._limit === undefined ? null : Number(parsed.data._limit);
    if (limit !== null && (limit < 1 || limit > 1000))
      throw invalid('query', '_limit must be from 1 to 1000.');
    this.limit = limit;
    this.sort = parsed.data._sort ?? null;
    this.ondate = parsed.data._ondate ?? null;
    if (this.ondate && !dayjs(this.ondate, 'YYYY-MM-DD').isValid())
      throw invalid('query', '_ondate is not a date.');

    for (const [key, value] of raw.entries()) {
      if (key.startsWith('_')) continue;
      const dot = key.lastIndexOf('._');
      const op = dot >= 0 ? key.slice(dot + 2) : null;
      if (op && (OPS as readonly string[]).includes(op)) {
        const field = key.slice(0, dot);
        const f = this.filters.get(field) ?? {};
        if (op === 'in') f.in = value.split(',').filter(Boolean);
        else f[op as Exclude<(typeof OPS)[number], 'in'>] = value;
        this.filters.set(field, f);
      } else {
        const f = this.filters.get(key) ?? {};
        f.eq = value;
        this.filters.set(key, f);
      }
    }
  }

  has(embed: string): boolean {
    return this.embed.has(embed);
  }

  in(field: string): string[] | null {
    return this.filters.get(field)?.in ?? null;
  }

  eq(field: string): string | null {
    return this.filters.get(field)?.eq ?? null;
  }

  /** A boolean flag (`true`/`false`/`1`/`0`); null when absent. */
  bool(field: string): boolean | null {
    const v = this.raw.get(field);
    if (v === null) return null;
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    throw invalid('query', `${field} must be true or false.`);
  }

  /** Lower/upper bounds of an instant field; dates (YYYY-MM-DD) are read as midnight in `tz`. */
  range(field: string, tz: string): { gte: Date | null; lt: Date | null } {
    const f = this.filters.get(field);
    const gte = f?.gte ?? f?.gt;
    const lt = f?.lt ?? f?.lte;
    return {
      gte: gte ? instant(`${field}._gte`, gte, tz) : null,
      lt: lt ? instant(`${field}._lt`, lt, tz) : null,
    };
  }

  /** Bounds of a date field (YYYY-MM-DD strings). */
  dateRange(field: string): { gte: string | null; lt: string | null } {
    const f = this.filters.get(field);
    const check = (name: string, v: string | undefined) => {
      if (v === undefined) return null;
      if (!dateRe.test(v) || !dayjs(v).isValid())
        throw invalid('query', `${name} must be a date YYYY-MM-DD.`);
      return v;
    };
    return { gte: check(`${field}._gte`, f?.gte), lt: check(`${field}._lt`, f?.lt) };
  }
}

const isoRe = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export function instant(name: string, value: string, tz: string): Date {
  if (dateRe.test(value)) {
    const d = dayjs.tz(value, tz);
    if (d.isValid()) return d.toDate();
  } else if (isoRe.test(value)) {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw invalid('query', `${name} must be an ISO-8601 date-time with a zone, or a date YYYY-MM-DD.`);
}
