/**
 * The event's message rules where the reserve screens show them (spec 1 §3 "Message rule"; the rule itself in
 * domain/message-rules.ts), and all-day days (domain/all-day.ts): one part the date-first and quantity-first views
 * share. Day annotations are a badge of the day; session annotations a note of the time; the date, session and
 * quantity messages show under the chosen day, the chosen time and the ticket quantities.
 */
import type { EventDetail, TicketGroupModel } from '../../api/models';
import {
  type ChosenTickets,
  type MessageRule,
  ruleAnnotation,
  ruleTexts,
  sessionScope,
} from '../../domain/message-rules';
import { type Quantities, quantityOf } from './quantities';

const NO_RULES: readonly MessageRule[] = [];
const rulesOf = (event: Pick<EventDetail, 'messageRules'>) => event.messageRules ?? NO_RULES;

/** The chosen tickets of the groups, with their type and group names (what quantity triggers count). */
export function chosenTickets(groups: readonly TicketGroupModel[], quantities: Quantities): ChosenTickets[] {
  return groups.flatMap((group) =>
    group.types
      .filter((type) => quantityOf(quantities, type.id) > 0)
      .map((type) => ({
        typeId: type.id,
        typeName: type.name,
        groupId: group.id,
        groupName: group.name,
        quantity: quantityOf(quantities, type.id),
      })),
  );
}

/** A day's annotation (date_annotation), or null. */
export const dayAnnotation = (
  event: Pick<EventDetail, 'messageRules'>,
  date: string,
  tickets: readonly ChosenTickets[],
): string | null => ruleAnnotation(rulesOf(event), 'date_annotation', { date, minutes: null, tickets });

/** A session's annotation (session_annotation): its venue day and time of day, or null. */
export const sessionAnnotation = (
  event: Pick<EventDetail, 'messageRules' | 'venue'>,
  start: string,
  tickets: readonly ChosenTickets[],
): string | null =>
  rulesOf(event).length === 0
    ? null
    : ruleAnnotation(
        rulesOf(event),
        'session_annotation',
        sessionScope(start, event.venue.timezone, tickets),
      );

/** The messages of the rules that hold: under the chosen day, the chosen time and the quantities. */
export interface RuleMessagesView {
  date: string[];
  session: string[];
  quantity: string[];
}

export const NO_RULE_MESSAGES: RuleMessagesView = { date: [], session: [], quantity: [] };

/**
 * The messages for what is chosen: date messages once a day is, session messages once a time is, quantity
 * messages for the tickets chosen (on the chosen day and time, when the rule names one).
 */
export function ruleMessages(
  event: Pick<EventDetail, 'messageRules' | 'venue'>,
  chosen: { date: string | null; sessionStart: string | null; tickets: readonly ChosenTickets[] },
): RuleMessagesView {
  const rules = rulesOf(event);
  if (rules.length === 0) return NO_RULE_MESSAGES;
  const { tickets } = chosen;
  const at = chosen.sessionStart
    ? sessionScope(chosen.sessionStart, event.venue.timezone, tickets)
    : { date: chosen.date, minutes: null, tickets };
  return {
    date: chosen.date === null ? [] : ruleTexts(rules, 'date_message', { ...at, date: chosen.date }),
    session: chosen.sessionStart === null ? [] : ruleTexts(rules, 'session_message', at),
    quantity: ruleTexts(rules, 'quantity_message', at),
  };
}
