/**
 * Message rules (spec 1 §3 "Message rule", §7 GET events/{id} embeds `message_rule`): a seller's texts shown on
 * the reserve screens when a rule's triggers hold. A rule has actions, each a text shown in one place:
 * - `date_annotation`: on a day of the date picker (a line of the day button, beside its badges);
 * - `date_message`: under the chosen day;
 * - `session_annotation`: on a time of the session picker;
 * - `session_message`: under the chosen time;
 * - `quantity_message`: with the ticket quantities.
 * Its triggers: `dateOrSession` (a `dateInterval` of venue days, inclusive; `weekdays`, ISO 1 = Monday to
 * 7 = Sunday or their English names; a `time_of_day` start and end, 'HH:mm' venue time, end excluded) and
 * `quantity` (the tickets chosen of the types named by `ticket_type_ids`/`ticket_type_names` or of the groups
 * named by `ticket_group_ids`/`ticket_group_names`, every type when none is named, counted from `min`, default 1,
 * to `max`). Every trigger a rule has must hold; a rule without triggers always holds. A day's actions read no
 * time of day (a day has none); a trigger that needs a day or a time not chosen yet does not hold.
 * Rules apply by `_rank` (lowest first, then id): an annotation is the first rule's that holds; messages are
 * every text that holds, in that order, each once.
 */
import { zonedParts } from './zoned-day';

export const MESSAGE_ACTIONS = [
  'date_annotation',
  'date_message',
  'session_annotation',
  'session_message',
  'quantity_message',
] as const;
export type MessageAction = (typeof MESSAGE_ACTIONS)[number];

/** A rule's text is plain text (never HTML), at most this long; longer ones are cut with an ellipsis. */
export const MESSAGE_TEXT_MAX = 500;

export interface DateOrSessionTrigger {
  /** Inclusive venue days (YYYY-MM-DD), or null: open on that side. */
  from: string | null;
  to: string | null;
  /** ISO weekdays (1 Monday to 7 Sunday); null: any day. */
  weekdays: number[] | null;
  /** Minutes after midnight, start included and end excluded; null: any time. */
  timeFrom: number | null;
  timeTo: number | null;
}

export interface QuantityTrigger {
  ticketTypeIds: string[];
  ticketTypeNames: string[];
  ticketGroupIds: string[];
  ticketGroupNames: string[];
  min: number;
  max: number | null;
}

export interface MessageRule {
  id: string;
  rank: number;
  actions: Partial<Record<MessageAction, string>>;
  dateOrSession: DateOrSessionTrigger | null;
  quantity: QuantityTrigger | null;
}

/** The rule as the API sends it (collection `message_rule`). */
export interface MessageRuleWire {
  id: string;
  event_template_id: string;
  _rank: number;
  actions: Partial<Record<MessageAction, string>>;
  triggers: {
    dateOrSession?: {
      dateInterval?: { start?: string | null; end?: string | null } | null;
      weekdays?: (number | string)[] | null;
      time_of_day?: { start?: string | null; end?: string | null } | null;
    } | null;
    quantity?: {
      ticket_type_ids?: string[] | null;
      ticket_type_names?: string[] | null;
      ticket_group_ids?: string[] | null;
      ticket_group_names?: string[] | null;
      min?: number | null;
      max?: number | null;
    } | null;
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^(\d{1,2}):(\d{2})$/;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const record = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const day = (v: unknown): string | null => (typeof v === 'string' && DAY.test(v) ? v : null);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : [];
const count = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;

function minutes(v: unknown): number | null {
  const m = typeof v === 'string' ? TIME.exec(v.trim()) : null;
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h <= 24 && min < 60 && h * 60 + min <= 24 * 60 ? h * 60 + min : null;
}

function weekday(v: unknown): number | null {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 1 && v <= 7 ? v : null;
  if (typeof v !== 'string') return null;
  const name = v.trim().toLowerCase();
  const i = WEEKDAYS.findIndex((w) => name.length >= 3 && w.startsWith(name));
  return i === -1 ? null : i + 1;
}

function text(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  if (t === '') return null;
  return t.length > MESSAGE_TEXT_MAX ? `${t.slice(0, MESSAGE_TEXT_MAX - 1)}…` : t;
}

/**
 * A rule as the API sent it, read leniently: unknown actions and unreadable conditions are dropped (an
 * unreadable weekday list means any day), a rule with no text to show is null.
 */
export function readMessageRule(raw: unknown): MessageRule | null {
  const r = record(raw);
  if (!r || typeof r.id !== 'string') return null;
  const rawActions = record(r.actions) ?? {};
  const actions: Partial<Record<MessageAction, string>> = {};
  for (const action of MESSAGE_ACTIONS) {
    const t = text(rawActions[action]);
    if (t !== null) actions[action] = t;
  }
  if (Object.keys(actions).length === 0) return null;
  const triggers = record(r.triggers) ?? {};
  const ds = record(triggers.dateOrSession);
  const q = record(triggers.quantity);
  const interval = record(ds?.dateInterval);
  const time = record(ds?.time_of_day);
  const days = Array.isArray(ds?.weekdays)
    ? ds.weekdays.map(weekday).filter((d): d is number => d !== null)
    : [];
  return {
    id: r.id,
    rank: typeof r._rank === 'number' && Number.isFinite(r._rank) ? r._rank : 0,
    actions,
    dateOrSession: ds
      ? {
          from: day(interval?.start),
          to: day(interval?.end),
          weekdays: days.length > 0 ? [...new Set(days)].sort() : null,
          timeFrom: minutes(time?.start),
          timeTo: minutes(time?.end),
        }
      : null,
    quantity: q
      ? {
          ticketTypeIds: strings(q.ticket_type_ids),
          ticketTypeNames: strings(q.ticket_type_names),
          ticketGroupIds: strings(q.ticket_group_ids),
          ticketGroupNames: strings(q.ticket_group_names),
          min: count(q.min) ?? 1,
          max: count(q.max),
        }
      : null,
  };
}

/** The readable rules of a `message_rule` collection, by rank (then id). */
export function readMessageRules(raw: readonly unknown[]): MessageRule[] {
  return raw
    .map(readMessageRule)
    .filter((r): r is MessageRule => r !== null)
    .sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** ISO weekday (1 Monday to 7 Sunday) of a calendar day. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const w = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)).getUTCDay();
  return w === 0 ? 7 : w;
}

/** A chosen ticket type with its group, and how many. */
export interface ChosenTickets {
  typeId: string;
  typeName: string;
  groupId: string;
  groupName: string;
  quantity: number;
}

/** Where the texts are wanted: the day (venue), the time of day (minutes after midnight), the tickets chosen. */
export interface RuleScope {
  date: string | null;
  minutes: number | null;
  tickets: readonly ChosenTickets[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function dayHolds(t: DateOrSessionTrigger, date: string | null): boolean {
  const needsDay = t.from !== null || t.to !== null || t.weekdays !== null;
  if (!needsDay) return true;
  if (date === null) return false;
  if (t.from !== null && date < t.from) return false;
  if (t.to !== null && date > t.to) return false;
  return t.weekdays === null || t.weekdays.includes(isoWeekday(date));
}

function timeHolds(t: DateOrSessionTrigger, minutes: number | null): boolean {
  if (t.timeFrom === null && t.timeTo === null) return true;
  if (minutes === null) return false;
  return (t.timeFrom === null || minutes >= t.timeFrom) && (t.timeTo === null || minutes < t.timeTo);
}

/** The tickets a quantity trigger counts: of the types or groups it names (by id or name), else all. */
export function countedTickets(t: QuantityTrigger, tickets: readonly ChosenTickets[]): number {
  const named =
    t.ticketTypeIds.length + t.ticketTypeNames.length + t.ticketGroupIds.length + t.ticketGroupNames.length >
    0;
  return tickets
    .filter(
      (c) =>
        !named ||
        t.ticketTypeIds.includes(c.typeId) ||
        t.ticketGroupIds.includes(c.groupId) ||
        t.ticketTypeNames.some((n) => same(n, c.typeName)) ||
        t.ticketGroupNames.some((n) => same(n, c.groupName)),
    )
    .reduce((sum, c) => sum + Math.max(0, c.quantity), 0);
}

/** The rule's triggers hold in the scope (a day's actions read no time of day). */
export function ruleHolds(rule: MessageRule, action: MessageAction, scope: RuleScope): boolean {
  const ds = rule.dateOrSession;
  if (ds && !dayHolds(ds, scope.date)) return false;
  if (ds && !action.startsWith('date_') && !timeHolds(ds, scope.minutes)) return false;
  const q = rule.quantity;
  if (q) {
    const n = countedTickets(q, scope.tickets);
    if (n < q.min || (q.max !== null && n > q.max)) return false;
  }
  return true;
}

/** Every text of `action` whose rule holds, by rank, each once. */
export function ruleTexts(rules: readonly MessageRule[], action: MessageAction, scope: RuleScope): string[] {
  const out: string[] = [];
  for (const rule of rules) {
    const t = rule.actions[action];
    if (t !== undefined && !out.includes(t) && ruleHolds(rule, action, scope)) out.push(t);
  }
  return out;
}

/** The annotation of `action` (date_annotation, session_annotation): the first rule's that holds, or null. */
export function ruleAnnotation(
  rules: readonly MessageRule[],
  action: 'date_annotation' | 'session_annotation',
  scope: RuleScope,
): string | null {
  return ruleTexts(rules, action, scope)[0] ?? null;
}

/** A session's day and time of day in the venue's zone, for its scope. */
export function sessionScope(start: string, timeZone: string, tickets: readonly ChosenTickets[]): RuleScope {
  const parts = zonedParts(start, timeZone);
  return { date: parts.date, minutes: parts.hour * 60 + parts.minute, tickets };
}
