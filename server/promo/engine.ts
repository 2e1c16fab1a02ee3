/**
 * The discount engine (issue 21): which cart mods a cart's tickets get and what they take off, as a pure
 * function of the tickets, the seller's mods, the code groups the cart's applied codes belong to and whether the
 * cart's owner is a member. The cart document, the pay checks and the completion's re-check all use it, so what
 * the visitor sees is what they are charged.
 *
 * Rules (server/README.md "Promo codes"):
 * - A mod is active when it is automatic (`all`, or `members` for a current member) or one of its activating code
 *   groups has a code applied to the cart, and its scope holds at least `min_quantity` (default 1) tickets.
 * - Percent: each scoped ticket's face value × bp / 10000, rounded half up to the cent, per ticket.
 * - Fixed: per scoped ticket for a ticket-type, group or event scope (at most the ticket's value); once for the
 *   cart scope (at most the scoped value).
 * - A ticket never goes below 0 however many mods apply: each ticket's discounts together are capped at its
 *   face value, mods taken in rank order. Fees outside the price stay as the ticket's price makes them.
 * - A blocking mod blocks while its scope holds enough tickets and no code of its activating groups is applied.
 */

export interface EngineTicket {
  id: string;
  ticketTypeId: string;
  ticketGroupId: string;
  eventTemplateId: string;
  valueCents: number;
}

export interface EngineMod {
  id: string;
  percentBp: number | null;
  fixedCents: number | null;
  scope: string;
  scopeId: string | null;
  minQuantity: number | null;
  automatic: string | null;
  activatingCodeGroupIds: string[];
  blockingCheckout: boolean;
  rank: number;
}

export interface ModResult {
  id: string;
  /** Cents this mod takes off the cart (0 for a mod that only blocks or is not active). */
  amountCents: number;
  /** Whether it blocks checkout now (a blocking mod without its code). */
  blocking: boolean;
  /** Whether it applies (active and with enough scoped tickets). */
  active: boolean;
}

export interface Discounts {
  totalCents: number;
  mods: ModResult[];
  /** Cents off per ticket id. */
  perTicket: Map<string, number>;
}

export const inScope = (mod: Pick<EngineMod, 'scope' | 'scopeId'>, k: EngineTicket) => {
  switch (mod.scope) {
    case 'ticket_type':
      return k.ticketTypeId === mod.scopeId;
    case 'ticket_group':
      return k.ticketGroupId === mod.scopeId;
    case 'event_template':
      return k.eventTemplateId === mod.scopeId;
    case 'cart':
      return true;
    default:
      return false;
  }
};

/** A mod's percent of a value, rounded half up to the cent. */
export const percentOf = (valueCents: number, bp: number) => Math.floor((valueCents * bp + 5000) / 10000);

/** The discounts of a cart (see the module's rules). */
export function computeDiscounts(
  tickets: readonly EngineTicket[],
  mods: readonly EngineMod[],
  appliedCodeGroupIds: ReadonlySet<string>,
  isMember: boolean,
): Discounts {
  const left = new Map(tickets.map((k) => [k.id, Math.max(0, k.valueCents)]));
  const perTicket = new Map<string, number>();
  const results: ModResult[] = [];
  const sorted = [...mods].sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
  for (const mod of sorted) {
    const scoped = tickets.filter((k) => inScope(mod, k));
    const enough = scoped.length > 0 && scoped.length >= (mod.minQuantity ?? 1);
    const coded = mod.activatingCodeGroupIds.some((g) => appliedCodeGroupIds.has(g));
    const automatic = mod.automatic === 'all' || (mod.automatic === 'members' && isMember);
    const active = enough && (coded || automatic);
    const blocking = mod.blockingCheckout && enough && !coded;
    let amountCents = 0;
    if (active && !blocking) {
      const take = (k: EngineTicket, cents: number) => {
        const room = left.get(k.id) ?? 0;
        const off = Math.min(room, Math.max(0, cents));
        left.set(k.id, room - off);
        perTicket.set(k.id, (perTicket.get(k.id) ?? 0) + off);
        amountCents += off;
      };
      if (mod.percentBp) for (const k of scoped) take(k, percentOf(k.valueCents, mod.percentBp));
      if (mod.fixedCents && mod.scope !== 'cart') for (const k of scoped) take(k, mod.fixedCents);
      if (mod.fixedCents && mod.scope === 'cart') {
        // Once for the cart, spread over its tickets in order (each at most what is left of it).
        let rest = mod.fixedCents;
        for (const k of scoped) {
          if (rest <= 0) break;
          const before = amountCents;
          take(k, rest);
          rest -= amountCents - before;
        }
      }
    }
    results.push({ id: mod.id, amountCents, blocking, active: active && !blocking });
  }
  let totalCents = 0;
  for (const cents of perTicket.values()) totalCents += cents;
  return { totalCents, mods: results, perTicket };
}

/** The price a code holder pays for one ticket of a type (the banner's `discounted_amount`): single-ticket mods. */
export function discountedPrice(
  ticket: EngineTicket,
  mods: readonly EngineMod[],
  codeGroupIds: ReadonlySet<string>,
) {
  const d = computeDiscounts([ticket], mods, codeGroupIds, false);
  return ticket.valueCents - (d.perTicket.get(ticket.id) ?? 0);
}
