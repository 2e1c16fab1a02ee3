/**
 * City-pass vouchers, a part of what a reserve carries (spec 1 §2 "city-pass voucher entry fields", §3
 * "City-pass config" and reserve payload, §5 "City-pass voucher", §8 "invalid_citypass and code_exhausted:
 * shown beside the voucher field"): one rule for every ticket flow (domain/citypass-rule.ts is shared with the
 * server's sandbox provider).
 *
 * - Which tickets: every ticket of a group the event's `web.ecommerce.citypass` names, one field per ticket.
 * - Validation: each code trimmed and required ('Input must not be empty'); it must match the child pattern
 *   for a child ticket (a type whose name holds a child keyword: the config's, else the option, else 'child'),
 *   the adult pattern for any other: 'Does not match the expected format. Please check your City Pass code.'
 * - A refusal of the server about one voucher (invalid_citypass, code_exhausted with `_extra.code`) is shown
 *   beside the fields holding that voucher until one of them changes.
 */

import type { EventDetail, TicketGroupModel } from '../../../api/models';
import {
  type CitypassConfig,
  childKeywords,
  isChildType,
  type VoucherKind,
  voucherFits,
  voucherKey,
} from '../../../domain/citypass-rule';
import { ErrorCode } from '../../../domain/codes';
import type { FlowError } from '../../shared/flow-error';
import { type Message, message } from '../../shared/messages';
import { type Quantities, quantityOf } from '../quantities';

/** Per ticket type id, what the visitor typed for each ticket (untrimmed). */
export type Vouchers = Readonly<Record<string, readonly string[]>>;

/** The visitor typed into one voucher field. */
export interface VoucherChangeEvent {
  type: 'voucher.change';
  ticketTypeId: string;
  /** The ticket's position among the tickets of its type (0-based). */
  index: number;
  value: string;
}

/** A refusal of the server about one voucher: the voucher (as sent) and what it says. */
export interface VoucherRefusal {
  code: string;
  message: Message;
}

/** The context of a flow that asks for vouchers. */
export interface VouchersContext {
  vouchers: Vouchers;
  /** A submit was stopped by the voucher rule: the fields show their problems from now on. */
  vouchersChecked: boolean;
  voucherRefusal: VoucherRefusal | null;
}

export const NO_VOUCHERS: VouchersContext = { vouchers: {}, vouchersChecked: false, voucherRefusal: null };

/** The event's city-pass config (absent: no group takes vouchers). */
type CitypassEvent = Pick<EventDetail, 'citypass'>;

/** The ticket types that take vouchers, each with its kind, in the form's order. */
export function voucherTypes(
  event: CitypassEvent,
  groups: readonly TicketGroupModel[],
  childOption?: readonly string[],
): { typeId: string; typeName: string; kind: VoucherKind }[] {
  const config = event.citypass;
  if (!config?.ticketGroupIds.length) return [];
  const keywords = childKeywords(config.codeGroups, childOption);
  return groups
    .filter((group) => config.ticketGroupIds.includes(group.id))
    .flatMap((group) =>
      group.types.map((type) => ({
        typeId: type.id,
        typeName: type.name,
        kind: isChildType(type.name, keywords) ? ('child' as const) : ('adult' as const),
      })),
    );
}

/** The vouchers kept in step with the quantities: one per ticket that takes one, kept by position. */
export function vouchersInStep(
  event: CitypassEvent,
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  vouchers: Vouchers,
): Vouchers {
  const next: Record<string, string[]> = {};
  for (const { typeId } of voucherTypes(event, groups)) {
    const count = quantityOf(quantities, typeId);
    if (count <= 0) continue;
    const kept = vouchers[typeId] ?? [];
    next[typeId] = Array.from({ length: count }, (_, i) => kept[i] ?? '');
  }
  return next;
}

/** The vouchers after the visitor typed into a field that exists (else unchanged). */
export function vouchersAfterChange(vouchers: Vouchers, change: VoucherChangeEvent): Vouchers {
  const list = vouchers[change.ticketTypeId];
  if (!list || change.index < 0 || change.index >= list.length) return vouchers;
  return {
    ...vouchers,
    [change.ticketTypeId]: list.map((v, i) => (i === change.index ? change.value : v)),
  };
}

/** The spec's rule for one voucher: required (trimmed), and of the format of the ticket's kind. */
export function voucherProblem(config: CitypassConfig, kind: VoucherKind, value: string): Message | null {
  const code = value.trim();
  if (code === '') return message('inputEmpty');
  return voucherFits(code, kind, config.codeGroups) ? null : message('citypassFormat');
}

/** One ticket's voucher field as the form asks it. */
export interface VoucherEntry {
  ticketTypeId: string;
  index: number;
  kind: VoucherKind;
  /** 'City Pass code for City Pass Adult 1'. */
  label: Message;
  value: string;
  problem: Message | null;
}

export function voucherEntries(
  event: CitypassEvent,
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  vouchers: Vouchers,
): VoucherEntry[] {
  const config = event.citypass;
  if (!config) return [];
  const inStep = vouchersInStep(event, groups, quantities, vouchers);
  return voucherTypes(event, groups).flatMap(({ typeId, typeName, kind }) =>
    (inStep[typeId] ?? []).map((value, index) => ({
      ticketTypeId: typeId,
      index,
      kind,
      label: message('citypassCodeOf', { name: typeName, number: index + 1 }),
      value,
      problem: voucherProblem(config, kind, value),
    })),
  );
}

/** The voucher rule holds: every ticket that takes a voucher has one of its format. */
export function vouchersHold(
  event: CitypassEvent,
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  vouchers: Vouchers,
): boolean {
  return voucherEntries(event, groups, quantities, vouchers).every((e) => e.problem === null);
}

/** What the reserve sends: per type, the trimmed vouchers in ticket order; undefined when none is asked. */
export function requestVouchers(
  event: CitypassEvent,
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  vouchers: Vouchers,
): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  for (const entry of voucherEntries(event, groups, quantities, vouchers)) {
    const list = out[entry.ticketTypeId] ?? [];
    list[entry.index] = entry.value.trim();
    out[entry.ticketTypeId] = list;
  }
  return Object.keys(out).length ? out : undefined;
}

// ---- the server's refusals ------------------------------------------------------------------------------

/** Refusals shown beside the voucher field (spec 1 §8). */
const BESIDE_THE_FIELD: ReadonlySet<string> = new Set<string>([
  ErrorCode.invalid_citypass,
  ErrorCode.code_exhausted,
]);

/**
 * The refusal of a reserve that names one voucher the visitor typed (its `_extra.code`), or null: then the
 * refusal is the form's notice as any other.
 */
export function voucherRefusalOf(error: FlowError | null, vouchers: Vouchers): VoucherRefusal | null {
  if (!error || !BESIDE_THE_FIELD.has(error.code)) return null;
  const extra = error.extra;
  const code = typeof extra === 'object' && extra !== null ? (extra as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || code.trim() === '') return null;
  const typed = Object.values(vouchers).some((list) => list.some((v) => voucherKey(v) === voucherKey(code)));
  if (!typed) return null;
  const description = error.description?.trim();
  return {
    code,
    message: description ? message('errorDescription', { description }) : message('citypassFormat'),
  };
}

// ---- the view ------------------------------------------------------------------------------------------

/** One voucher field as the views render it. */
export interface VoucherView {
  ticketTypeId: string;
  index: number;
  label: Message;
  value: string;
  /** The rule's verdict now (the view gives it to the browser's validity). */
  invalid: Message | null;
  /** Shown beside the field: the rule's problem after a stopped submit, else the server's refusal of it. */
  error: Message | null;
}

/** A flow's voucher fields for the tickets chosen in `groups` (the views' one selector). */
export function selectVouchers(
  context: VouchersContext & { event: CitypassEvent; quantities: Quantities },
  groups: readonly TicketGroupModel[],
): VoucherView[] {
  const refused = context.voucherRefusal;
  return voucherEntries(context.event, groups, context.quantities, context.vouchers).map((entry) => {
    // The refused code is never blank (voucherRefusalOf), so a blank field never matches it.
    const refusal = refused && voucherKey(entry.value) === voucherKey(refused.code) ? refused.message : null;
    return {
      ticketTypeId: entry.ticketTypeId,
      index: entry.index,
      label: entry.label,
      value: entry.value,
      invalid: entry.problem,
      error: (context.vouchersChecked ? entry.problem : null) ?? refusal,
    };
  });
}
