/**
 * The city-pass voucher rule read from spec 1 §5 and §8, for the reserve flows' path tests (an oracle beside
 * the core's own rule in machines/reserve/core/vouchers.ts, over the fixture's formats in
 * stories/fixtures/citypass.ts): "each code trimmed and required; must match the adult or child pattern; child
 * type is detected by ticket type name keywords", one voucher per ticket of a City Pass group, and
 * "invalid_citypass and code_exhausted: shown beside the voucher field".
 */
import { expect } from 'vitest';
import type { EventDetail, TicketGroupModel } from '../../api/models';
import type { VoucherRefusal, Vouchers, VoucherView } from '../../machines/reserve/core/vouchers';
import type { ReserveNotice } from '../../machines/reserve/dateFirstReserve.types';
import { createStrings, resolveMessage, type UiMessage } from '../../ui/strings';
import '../../ui/reserve/strings';

const T = createStrings();
const text = (m: UiMessage | null) => (m ? resolveMessage(T, m) : null);

/** Every City Pass ticket chosen, with its kind and what was typed for it, in the form's order. */
function citypassTickets(
  event: Pick<EventDetail, 'citypass'>,
  groups: readonly TicketGroupModel[],
  quantities: Readonly<Record<string, number>>,
  vouchers: Vouchers,
) {
  const ids = event.citypass?.ticketGroupIds ?? [];
  return groups
    .filter((g) => ids.includes(g.id))
    .flatMap((g) => g.types)
    .flatMap((type) =>
      Array.from({ length: quantities[type.id] ?? 0 }, (_, i) => ({
        kind: /child/i.test(type.name) ? 'child' : 'adult',
        value: vouchers[type.id]?.[i] ?? '',
      })),
    );
}

/** The spec's rule over the fixture's formats: every City Pass ticket has a trimmed voucher of its kind. */
export function voucherRuleHolds(
  event: Pick<EventDetail, 'citypass'>,
  groups: readonly TicketGroupModel[],
  quantities: Readonly<Record<string, number>>,
  vouchers: Vouchers,
): boolean {
  return citypassTickets(event, groups, quantities, vouchers).every(({ kind, value }) =>
    (kind === 'child' ? /^CP-C\d{6}$/ : /^CP-A\d{6}$/).test(value.trim()),
  );
}

/**
 * One field per City Pass ticket; a field shows the rule's problem only after a stopped submit; the server's
 * refusal of a voucher shows beside the field holding it, never as the form's notice.
 */
export function expectVoucherView(
  where: string,
  view: readonly VoucherView[],
  context: {
    event: Pick<EventDetail, 'citypass'>;
    quantities: Readonly<Record<string, number>>;
    vouchers: Vouchers;
    vouchersChecked: boolean;
    voucherRefusal: VoucherRefusal | null;
    messages: readonly ReserveNotice[];
  },
  groups: readonly TicketGroupModel[],
): void {
  expect(view.length, `${where}: one voucher field per City Pass ticket`).toBe(
    citypassTickets(context.event, groups, context.quantities, context.vouchers).length,
  );
  const refused = context.voucherRefusal;
  for (const field of view) {
    if (!context.vouchersChecked && !refused)
      expect(field.error, `${where}: no error before a submit`).toBeNull();
    if (refused && field.value.trim().toUpperCase() === refused.code.toUpperCase() && field.invalid === null)
      expect(text(field.error), `${where}: the refusal beside its field`).toBe(text(refused.message));
  }
  if (refused)
    expect(
      context.messages.some((m) => text(m.message) === text(refused.message)),
      `${where}: a refused voucher is not the form's notice`,
    ).toBe(false);
}
