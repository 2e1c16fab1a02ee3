/**
 * Attendee details, a part of what a reserve carries (spec 1 §2 "attendee name and email fields", §3 meta
 * admit_names / admit_emails and the reservation line's admit_name / admit_email, §5 "Attendee names"): one
 * rule for every ticket flow (date-first, quantity-first, single event).
 *
 * - Which tickets: every ticket of a group whose meta, or the event's, asks for names or emails
 *   (domain/admit-rule.ts: 'required' requires, 'optional' asks), one entry per ticket, in ticket order.
 * - The name is a first and a last name, joined by a space (spec 1 §5 "Name is first and last joined by a
 *   space"): the form asks the two parts under one label, 'Full Name', or 'Adult 1 Full Name' (prefixed by
 *   the ticket's label) when the form asks for more than one attendee.
 * - Validation: a required part left empty (or only spaces) reads 'Input must not be empty'; an email, when
 *   given, must be an address by the one email rule (domain/email.ts), and is required only when admit_emails
 *   says required.
 */

import type { AdmitDetails, EventDetail, TicketGroupModel } from '../../../api/models';
import {
  ADMIT_EMAILS_META,
  ADMIT_NAMES_META,
  type AdmitAsk,
  admitAskOf,
  joinName,
  NAME_PART_MAX,
  strongerAsk,
} from '../../../domain/admit-rule';
import { isEmail } from '../../../domain/email';
import { type Message, message } from '../../shared/messages';
import { type Quantities, quantityOf } from '../quantities';

/** What the visitor typed for one ticket (untrimmed: trimmed when checked and sent). */
export interface AdmitValue {
  first: string;
  last: string;
  email: string;
}

export type AdmitField = keyof AdmitValue;

/** Per ticket type id, one value per ticket of that type that asks (in ticket order). */
export type Admits = Readonly<Record<string, readonly AdmitValue[]>>;

export const EMPTY_ADMIT: AdmitValue = { first: '', last: '', email: '' };

/** The visitor typed into one attendee field. */
export interface AdmitChangeEvent {
  type: 'admit.change';
  ticketTypeId: string;
  /** The ticket's position among the tickets of its type (0-based). */
  index: number;
  field: AdmitField;
  value: string;
}

/** The context of a flow that asks for attendees. */
export interface AdmitsContext {
  admits: Admits;
  /** A submit was stopped by the attendee rule: the fields show their problems from now on. */
  admitsChecked: boolean;
}

/** No attendees (the quantities were reset), nothing checked yet. */
export const NO_ADMITS: AdmitsContext = { admits: {}, admitsChecked: false };

/** How a group asks for names and emails: the stronger of its meta and the event's. */
export interface AdmitRule {
  names: AdmitAsk;
  emails: AdmitAsk;
}

export function admitRuleOf(
  event: Pick<EventDetail, 'meta'>,
  group: Pick<TicketGroupModel, 'admit'>,
): AdmitRule {
  return {
    names: strongerAsk(admitAskOf(event.meta[ADMIT_NAMES_META]), group.admit?.names ?? 'off'),
    emails: strongerAsk(admitAskOf(event.meta[ADMIT_EMAILS_META]), group.admit?.emails ?? 'off'),
  };
}

const asks = (rule: AdmitRule) => rule.names !== 'off' || rule.emails !== 'off';

/** The ticket types whose tickets take attendee details, each with its group's rule, in the form's order. */
function askingTypes(
  event: Pick<EventDetail, 'meta'>,
  groups: readonly TicketGroupModel[],
): { typeId: string; typeName: string; rule: AdmitRule }[] {
  return groups.flatMap((group) => {
    const rule = admitRuleOf(event, group);
    return asks(rule) ? group.types.map((type) => ({ typeId: type.id, typeName: type.name, rule })) : [];
  });
}

/**
 * The attendees kept in step with the quantities: one value per ticket of each type that asks, the values of
 * the tickets that remain kept by position, new tickets empty, nothing for types that do not ask.
 */
export function admitsInStep(
  event: Pick<EventDetail, 'meta'>,
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  admits: Admits,
): Admits {
  const next: Record<string, AdmitValue[]> = {};
  for (const { typeId } of askingTypes(event, groups)) {
    const count = quantityOf(quantities, typeId);
    if (count <= 0) continue;
    const kept = admits[typeId] ?? [];
    next[typeId] = Array.from({ length: count }, (_, i) => kept[i] ?? EMPTY_ADMIT);
  }
  return next;
}

/** The attendees after the visitor typed into a field of a ticket that has one (else unchanged). */
export function admitsAfterChange(admits: Admits, change: AdmitChangeEvent): Admits {
  const list = admits[change.ticketTypeId];
  const current = list?.[change.index];
  if (!list || !current) return admits;
  const updated = list.map((value, i) =>
    i === change.index ? { ...value, [change.field]: change.value } : value,
  );
  return { ...admits, [change.ticketTypeId]: updated };
}

/** What is wrong with each field of one attendee, or null. */
export type AdmitProblems = Record<AdmitField, Message | null>;

function namePartProblem(value: string, ask: AdmitAsk, tooLong: 'firstNameTooLong' | 'lastNameTooLong') {
  const part = value.trim();
  if (ask === 'off') return null;
  if (part === '') return ask === 'required' ? message('inputEmpty') : null;
  return part.length > NAME_PART_MAX ? message(tooLong, { max: NAME_PART_MAX }) : null;
}

/** The spec's rule for one attendee: required parts not empty, an email an address when one is given. */
export function admitProblems(rule: AdmitRule, value: AdmitValue): AdmitProblems {
  const email = value.email.trim();
  return {
    first: namePartProblem(value.first, rule.names, 'firstNameTooLong'),
    last: namePartProblem(value.last, rule.names, 'lastNameTooLong'),
    email:
      rule.emails === 'off'
        ? null
        : email === ''
          ? rule.emails === 'required'
            ? message('inputEmpty')
            : null
          : isEmail(email)
            ? null
            : message('emailInvalid'),
  };
}

/** One ticket's attendee fields as the form asks them. */
export interface AdmitEntry {
  ticketTypeId: string;
  index: number;
  rule: AdmitRule;
  /** 'Full Name', or prefixed by the ticket's label ('Adult 1 Full Name') when more than one is asked. */
  nameLabel: Message;
  /** 'Email', or 'Adult 1 Email' likewise. */
  emailLabel: Message;
  value: AdmitValue;
  problems: AdmitProblems;
}

/** Every ticket's attendee entry, in the form's order (the groups', then ticket order). */
export function admitEntries(
  event: Pick<EventDetail, 'meta'>,
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  admits: Admits,
): AdmitEntry[] {
  const inStep = admitsInStep(event, groups, quantities, admits);
  const tickets = askingTypes(event, groups).flatMap(({ typeId, typeName, rule }) =>
    (inStep[typeId] ?? []).map((value, index) => ({ typeId, typeName, rule, value, index })),
  );
  const prefixed = tickets.length > 1;
  return tickets.map(({ typeId, typeName, rule, value, index }) => {
    const ticket = { name: typeName, number: index + 1 };
    return {
      ticketTypeId: typeId,
      index,
      rule,
      nameLabel: prefixed ? message('attendeeNameOf', ticket) : message('attendeeName'),
      emailLabel: prefixed ? message('attendeeEmailOf', ticket) : message('attendeeEmail'),
      value,
      problems: admitProblems(rule, value),
    };
  });
}

const hasProblem = (entry: AdmitEntry) => Object.values(entry.problems).some((p) => p !== null);

/** The attendee rule holds: no entry has a problem. */
export function admitsHold(
  event: Pick<EventDetail, 'meta'>,
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  admits: Admits,
): boolean {
  return !admitEntries(event, groups, quantities, admits).some(hasProblem);
}

/**
 * What the reserve sends: per type, one name and email per ticket in ticket order (name the trimmed first and
 * last joined by a space; empty ones left out); undefined when no ticket carries any.
 */
export function requestAdmits(
  event: Pick<EventDetail, 'meta'>,
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  admits: Admits,
): Record<string, AdmitDetails[]> | undefined {
  const out: Record<string, AdmitDetails[]> = {};
  let any = false;
  for (const entry of admitEntries(event, groups, quantities, admits)) {
    const details: AdmitDetails = {};
    const name = entry.rule.names === 'off' ? '' : joinName(entry.value.first, entry.value.last);
    const email = entry.rule.emails === 'off' ? '' : entry.value.email.trim();
    if (name) details.name = name;
    if (email) details.email = email;
    if (name || email) any = true;
    const list = out[entry.ticketTypeId] ?? [];
    list[entry.index] = details;
    out[entry.ticketTypeId] = list;
  }
  return any ? out : undefined;
}

// ---- the view ------------------------------------------------------------------------------------------

/** One input of an attendee entry as the views render it. */
export interface AdmitFieldView {
  field: AdmitField;
  value: string;
  required: boolean;
  /** The rule's verdict now (the view gives it to the browser's validity, so the first invalid gets focus). */
  invalid: Message | null;
  /** Shown after a submit the rule stopped, else null. */
  error: Message | null;
}

/** One ticket's attendee fields: the name's label over its first and last parts, and the email. */
export interface AttendeeView {
  ticketTypeId: string;
  index: number;
  nameLabel: Message;
  /** First and last name, or none when only emails are asked. */
  name: AdmitFieldView[];
  emailLabel: Message;
  email: AdmitFieldView | null;
}

/** The attendee entries as the views show them; problems show once a submit was stopped (`checked`). */
export function attendeeViews(entries: readonly AdmitEntry[], checked: boolean): AttendeeView[] {
  const field = (entry: AdmitEntry, name: AdmitField, ask: AdmitAsk): AdmitFieldView => ({
    field: name,
    value: entry.value[name],
    required: ask === 'required',
    invalid: entry.problems[name],
    error: checked ? entry.problems[name] : null,
  });
  return entries.map((entry) => ({
    ticketTypeId: entry.ticketTypeId,
    index: entry.index,
    nameLabel: entry.nameLabel,
    name:
      entry.rule.names === 'off'
        ? []
        : [field(entry, 'first', entry.rule.names), field(entry, 'last', entry.rule.names)],
    emailLabel: entry.emailLabel,
    email: entry.rule.emails === 'off' ? null : field(entry, 'email', entry.rule.emails),
  }));
}

/** A flow's attendee fields for the tickets chosen in `groups` (the views' one selector). */
export function selectAttendees(
  context: AdmitsContext & { event: Pick<EventDetail, 'meta'>; quantities: Quantities },
  groups: readonly TicketGroupModel[],
): AttendeeView[] {
  return attendeeViews(
    admitEntries(context.event, groups, context.quantities, context.admits),
    context.admitsChecked,
  );
}
