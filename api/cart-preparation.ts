/**
 * The cart preparation request (spec 1 §4 "Cart lifecycle"): one modify whose steps run in this order —
 * create (no cart until the first modify creates one; later ones use its id), remove, the default promo
 * codes (their errors ignored), the codes before the reserve, the reserve, the codes after the reserve.
 *
 * The steps are a typed, ordered list built by a pure function; the code steps come from injectable
 * providers that are no-ops until the promo-code work fills them. `preparationBody` turns the list into the
 * modify body (the server applies its fields in the same order); `api/cart.ts` sends it for every reserve.
 */
import { CITYPASS_HANDLER } from '../domain/citypass-rule';
import type {
  ApplyCodeBody,
  CartModifyBody,
  PreReservePromoCodes,
  PromoCodesPayload,
  ReservationLine,
} from './schemas';

export type PreparationStep =
  | { step: 'create' }
  | { step: 'remove'; ticketIds: string[] }
  | { step: 'defaultCodes'; codes: string[]; ignoreErrors: true }
  | { step: 'codesBeforeReserve'; codes: string[]; handler?: string; visitDatetime?: string | null }
  | { step: 'reserve'; lines: ReservationLine[] }
  | { step: 'codesAfterReserve'; codes: string[] };

export type PreparationStepName = PreparationStep['step'];

/** The order of the steps (spec 1 §4). */
export const PREPARATION_ORDER: readonly PreparationStepName[] = [
  'create',
  'remove',
  'defaultCodes',
  'codesBeforeReserve',
  'reserve',
  'codesAfterReserve',
];

/** The code steps: each returns the codes to apply at its place. No-ops today (the promo-code work fills them). */
export interface CodeSteps {
  defaultCodes(): string[];
  codesBeforeReserve(): string[];
  codesAfterReserve(): string[];
}

export const NO_CODE_STEPS: CodeSteps = {
  defaultCodes: () => [],
  codesBeforeReserve: () => [],
  codesAfterReserve: () => [],
};

export interface PreparationRequest {
  /** The cart to modify, read when the request is made; null: the first modify creates one. */
  cartId: string | null;
  remove?: string[];
  add: ReservationLine[];
  /** This reserve's own codes before the reserve (the 'code required' prompt's code), after the providers'. */
  codesBeforeReserve?: string[];
  /** This reserve's default codes (the query's promo codes, `promoCodesToPreload`), after the providers'. */
  defaultCodes?: string[];
  /**
   * City-pass vouchers, one per line of a group that takes them, in line order (`reservationVouchers`): they are
   * the codes before the reserve, with handler citypass and the visit; the other codes before the reserve then go
   * after it (the server counts those for code-required groups as well).
   */
  vouchers?: { codes: string[]; visitDatetime: string | null };
}

/**
 * The promo codes a page's query preloads (spec 1 §9: "Promo codes from a comma list (preloaded, else the
 * first default), trimmed"): the query's comma list (`promo`), each trimmed, blanks and repeats dropped; with
 * none, the first of the default codes.
 */
export function promoCodesToPreload(list: string | null, defaults: readonly string[] = []): string[] {
  const preloaded = [...new Set((list ?? '').split(',').map((code) => code.trim()))].filter(Boolean);
  return preloaded.length ? preloaded : defaults.slice(0, 1);
}

/** The steps of one preparation request, in order; steps with nothing to do are left out. */
export function preparationSteps(
  request: PreparationRequest,
  codes: CodeSteps = NO_CODE_STEPS,
): PreparationStep[] {
  const steps: PreparationStep[] = [];
  if (request.cartId === null) steps.push({ step: 'create' });
  if (request.remove?.length) steps.push({ step: 'remove', ticketIds: [...request.remove] });
  const defaults = [...codes.defaultCodes(), ...(request.defaultCodes ?? [])];
  if (defaults.length) steps.push({ step: 'defaultCodes', codes: defaults, ignoreErrors: true });
  const before = [...codes.codesBeforeReserve(), ...(request.codesBeforeReserve ?? [])];
  const vouchers = request.vouchers?.codes.length ? request.vouchers : null;
  if (vouchers)
    steps.push({
      step: 'codesBeforeReserve',
      codes: [...vouchers.codes],
      handler: CITYPASS_HANDLER,
      visitDatetime: vouchers.visitDatetime,
    });
  else if (before.length) steps.push({ step: 'codesBeforeReserve', codes: before });
  if (request.add.length) steps.push({ step: 'reserve', lines: request.add });
  const after = [...(vouchers ? before : []), ...codes.codesAfterReserve()];
  if (after.length) steps.push({ step: 'codesAfterReserve', codes: after });
  return steps;
}

/**
 * The modify body of the steps (keys in step order; `create` is the absent cart id of the path). Each code
 * step is an object, as the server reads it (api/request-bodies.ts): `{ codes }` for the default codes and the
 * codes after the reserve, `{ codes }` plus the optional `handler` and `handler_data` before it (spec 1 §3).
 */
export function preparationBody(steps: readonly PreparationStep[]): CartModifyBody {
  const body: CartModifyBody = {};
  for (const s of steps) {
    if (s.step === 'remove') body.remove = s.ticketIds;
    else if (s.step === 'defaultCodes')
      body.preloadedPromoCodes = { codes: s.codes } satisfies PromoCodesPayload;
    else if (s.step === 'codesBeforeReserve')
      body.preReservePromoCodes = (
        s.handler
          ? {
              codes: s.codes,
              handler: s.handler,
              ...(s.visitDatetime ? { handler_data: { visit_datetime: s.visitDatetime } } : {}),
            }
          : { codes: s.codes }
      ) satisfies PreReservePromoCodes;
    else if (s.step === 'reserve') body.add = s.lines;
    else if (s.step === 'codesAfterReserve')
      body.postReservePromoCodes = { codes: s.codes } satisfies PromoCodesPayload;
  }
  return body;
}

/**
 * The body of POST (my/)cart/{id}/apply_code (issue 21; spec 2 §7): the codes trimmed, and the server's
 * require_benefit and ignore_errors when given.
 */
export function applyCodeBody(
  codes: readonly string[],
  { requireBenefit, ignoreErrors }: { requireBenefit?: boolean; ignoreErrors?: boolean } = {},
): ApplyCodeBody {
  const body: ApplyCodeBody = { codes: codes.map((c) => c.trim()) };
  if (requireBenefit !== undefined) body.require_benefit = requireBenefit;
  if (ignoreErrors !== undefined) body.ignore_errors = ignoreErrors;
  return body;
}
