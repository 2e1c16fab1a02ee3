/**
 * Joins of event detail, calendar, sessions and ticket groups: loaded with the event screens (or in parallel
 * with their API call), not by the app's first load, which needs only the listing and cart joins in join.ts.
 */
import * as z from 'zod/mini';
import { ADMIT_EMAILS_META, ADMIT_NAMES_META, admitAskOf } from '../domain/admit-rule';
import {
  CITYPASS_CODE_GROUPS_KEY,
  CITYPASS_EVENT_KEY,
  type CitypassConfig,
  citypassGroupIdsOf,
  codeGroupsOf,
} from '../domain/citypass-rule';
import { ErrorCode } from '../domain/codes';
import { type MessageRule, readMessageRules } from '../domain/message-rules';
import { parseSurvey, SURVEY_META } from '../domain/survey-rule';
import { ApiError } from './errors';
import { attached, cents, parseDocument, rows, type UrlSettings } from './join';
import { byRank, feeParts, imageRef, PUBLIC_HIDDEN_TYPES, toSummary } from './join-summary';
import type {
  CalendarDayModel,
  EventDetail,
  ReserveFlow,
  SessionModel,
  TicketGroupModel,
  TicketTypeModel,
} from './models';
import type { Document, EventSession, TicketGroup, TicketType } from './schemas';
export function toTicketType(type: TicketType): TicketTypeModel {
  const full = cents(type.currency_amount);
  const discounted = type.discounted_amount === null ? null : cents(type.discounted_amount);
  const priceCents = discounted ?? full;
  const fee = feeParts(type, priceCents);
  return {
    id: type.id,
    groupId: type.ticket_group_id,
    name: type.name,
    description: type.description,
    priceCents,
    originalPriceCents: discounted !== null && discounted !== full ? full : null,
    feeCents: fee.fixed + fee.percent,
    rank: type._rank,
    // A flexible price (spec 1 §3): its bounds, when it has any.
    ...(type.currency_amount_min !== null || type.currency_amount_max !== null
      ? {
          amountMinCents: type.currency_amount_min === null ? null : cents(type.currency_amount_min),
          amountMaxCents: type.currency_amount_max === null ? null : cents(type.currency_amount_max),
          // Its fee parts: the percent is taken of the amount chosen (machines/reserve/core/prices.ts).
          feeFixedCents: fee.fixed,
          feePercentHundredths: type.fee_percent_outside === null ? 0 : cents(type.fee_percent_outside),
        }
      : {}),
  };
}

/** capacity + oversell - used, never below 0; null when capacity is -1 (unlimited). */
export function remainingCapacity(item: {
  capacity: number;
  oversell_capacity: number;
  used_capacity: number;
}) {
  if (item.capacity === -1) return null;
  return Math.max(0, item.capacity + item.oversell_capacity - item.used_capacity);
}

const TRUE_WORDS = ['1', 'on', 'enabled', 'true', 't', 'yes', 'y'];

/** Group meta flexible_date: a flag word (spec 1 §5) marking any-date tickets that need no session. */
const isFlexibleDate = (value: unknown) =>
  value === true || (typeof value === 'string' && TRUE_WORDS.includes(value.trim().toLowerCase()));

const isPublic = (group: TicketGroup) =>
  (PUBLIC_HIDDEN_TYPES as readonly string[]).includes(group.hidden_type);

/** A group's meta admit_names and admit_emails, when either asks (spec 1 §5). */
function admitOf(groupMeta: Record<string, string>): Pick<TicketGroupModel, 'admit'> {
  const names = admitAskOf(groupMeta[ADMIT_NAMES_META]);
  const emails = admitAskOf(groupMeta[ADMIT_EMAILS_META]);
  return names === 'off' && emails === 'off' ? {} : { admit: { names, emails } };
}

/** A group's survey (meta additional_info_spec), when it asks any question (spec 1 §3, §5). */
function surveyOf(groupMeta: Record<string, string>): Pick<TicketGroupModel, 'survey'> {
  const survey = parseSurvey(groupMeta[SURVEY_META]);
  return survey.length ? { survey } : {};
}

/** Public ticket groups of the document (optionally of one event) with their types, both by `_rank`. */
function ticketGroups(doc: Document, eventId?: string): TicketGroupModel[] {
  const types = rows(doc, 'ticket_type');
  const meta = rows(doc, 'meta');
  return rows(doc, 'ticket_group')
    .filter((group) => isPublic(group) && (eventId === undefined || group.event_template_id === eventId))
    .sort(byRank)
    .map((group) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      handler: group.handler,
      hiddenType: group.hidden_type,
      minPerOrder: group.min_tickets_per_order,
      maxPerOrder: group.max_tickets_per_order,
      remaining: remainingCapacity(group),
      excludeFromEventCapacity: group.exclude_from_event_capacity,
      soldOut: group.sold_out,
      ...(isFlexibleDate(attached(meta, 'ticket_group', group.id).flexible_date) ? { flexible: true } : {}),
      ...admitOf(attached(meta, 'ticket_group', group.id)),
      ...surveyOf(attached(meta, 'ticket_group', group.id)),
      ...(group.start_policy === undefined
        ? {}
        : {
            pass: {
              start_policy: group.start_policy,
              start_policy_date: group.start_policy_date ?? null,
              duration_new: group.duration_new ?? null,
            },
          }),
      types: types
        .filter((type) => type.ticket_group_id === group.id)
        .sort(byRank)
        .map(toTicketType),
    }));
}

const isReserveFlow = (value: string | undefined): value is ReserveFlow =>
  value === 'date_first' || value === 'quantity_first';

/**
 * The event of GET events/{id}. Throws ApiError 'event_not_found' (404) when the document holds no event
 * (or not the one asked for, when `id` is given).
 */
export function toEventDetail(raw: unknown, urls: UrlSettings, id?: string): EventDetail {
  const doc = parseDocument(raw);
  const events = rows(doc, 'event_template');
  const event = id === undefined ? events[0] : events.find((e) => e.id === id);
  if (!event) throw new ApiError({ code: ErrorCode.event_not_found, status: 404, context: 'event_template' });
  const meta = attached(rows(doc, 'meta'), 'event_template', event.id);
  const config = attached(rows(doc, 'config'), 'event_template', event.id);
  return {
    ...toSummary(doc, event, urls),
    description: event.description,
    reserveFlow: isReserveFlow(meta.reserve_flow) ? meta.reserve_flow : null,
    hiddenType: event.hidden_type,
    meta,
    config,
    ticketGroups: ticketGroups(doc, event.id),
    cover: imageRef(urls, meta.image_cover, 'cover', config),
    ...citypassOf(doc, config),
    ...messageRulesOf(raw, event.id),
  };
}

/**
 * The collection `message_rule` (embedded by GET events/{id}), parsed here rather than in the first load's
 * document schema: each rule is read leniently by the domain rule (domain/message-rules.ts), the event's only.
 */
const messageRuleDocument = z.object({
  message_rule: z.optional(z.object({ _data: z.array(z.looseObject({ event_template_id: z.string() })) })),
});

function messageRulesOf(raw: unknown, eventId: string): { messageRules?: MessageRule[] } {
  const parsed = z.safeParse(messageRuleDocument, raw);
  const rows = parsed.success ? (parsed.data.message_rule?._data ?? []) : [];
  const rules = readMessageRules(rows.filter((r) => r.event_template_id === eventId));
  return rules.length > 0 ? { messageRules: rules } : {};
}

/**
 * The event's city-pass config: the groups its `web.ecommerce.citypass` names, with the seller's formats
 * (`citypass_code_groups`, a seller row the server sends along with such an event's config).
 */
function citypassOf(doc: Document, config: Record<string, unknown>): { citypass?: CitypassConfig } {
  const ticketGroupIds = citypassGroupIdsOf(config[CITYPASS_EVENT_KEY]);
  if (!ticketGroupIds.length) return {};
  const row = rows(doc, 'config').find((r) => r.resource === 'seller' && r.key === CITYPASS_CODE_GROUPS_KEY);
  return { citypass: { ticketGroupIds, codeGroups: codeGroupsOf(row?.value) } };
}

/** Ticket groups with their types of GET events/{id}/sessions/{sid}. */
export function toSessionGroups(raw: unknown): TicketGroupModel[] {
  return ticketGroups(parseDocument(raw));
}

export function toCalendar(raw: unknown): CalendarDayModel[] {
  const doc = parseDocument(raw);
  return rows(doc, 'calendar').map((day) => ({
    date: day.date,
    status: day.status === 'available' || day.status === 'sold_out' ? day.status : 'other',
    minPriceCents: day.min_price === null ? null : cents(day.min_price),
    availability: day.availability,
  }));
}

const toSession = (session: EventSession): SessionModel => ({
  id: session.id,
  eventId: session.event_template_id,
  start: session.start_datetime,
  end: session.end_datetime,
  availableCapacity: remainingCapacity(session),
  soldOut: session.sold_out,
});

/**
 * Sessions in document order (the server sorts them). With `now`, sessions outside their sales window
 * (sales_start in the future or sales_end in the past) are left out (spec 1 §5).
 */
export function toSessions(raw: unknown, options: { now?: number } = {}): SessionModel[] {
  const doc = parseDocument(raw);
  const { now } = options;
  return rows(doc, 'event_session')
    .filter((s) => {
      if (now === undefined) return true;
      if (s.sales_start !== null && Date.parse(s.sales_start) > now) return false;
      if (s.sales_end !== null && Date.parse(s.sales_end) < now) return false;
      return true;
    })
    .map(toSession);
}
