/**
 * Pure rules of the upsell chain (spec 1 §2, §4, §9; spec 3 §2): the visit window a reserve sets, per the
 * seller's `visit_time` mode, which reserve starts the chain, and what comes after a step.
 */

import type { CartModel, UpsellConfig, VisitTimeMode } from '../../api/models';
import { dayRange, zonedParts } from '../../domain/zoned-day';
import type { VisitWindow } from '../listing/rules';

/** Spec 1 §9: the same_start mode's window is one minute. */
export const SAME_START_WINDOW_MS = 60_000;

/** The anchor reservation a visit window is computed from. */
export interface AnchorVisit {
  start: string; // ISO UTC
  end: string | null; // ISO UTC
  timezone: string;
}

/**
 * The visit window of a mode: timeslot, the anchor session's own slot; same_start, one minute from its start;
 * same_date, its whole venue-local day; until_close, from its start to the end of that day.
 */
export function visitWindow(mode: VisitTimeMode, visit: AnchorVisit): VisitWindow {
  const tz = visit.timezone;
  const startMs = Date.parse(visit.start);
  const start = new Date(startMs).toISOString();
  const { gte: dayStart, lt: dayEnd } = dayRange(zonedParts(startMs, tz).date, tz);
  switch (mode) {
    case 'timeslot':
      return { start, end: visit.end ?? dayEnd, timezone: tz };
    case 'same_start':
      return { start, end: new Date(startMs + SAME_START_WINDOW_MS).toISOString(), timezone: tz };
    case 'same_date':
      return { start: dayStart, end: dayEnd, timezone: tz };
    case 'until_close':
      return { start, end: dayEnd, timezone: tz };
  }
}

/** True when a reserve of `eventId` starts the chain: a configured anchor (any event when none is named). */
export function isAnchor(config: UpsellConfig, eventId: string): boolean {
  return config.anchorEventIds.length === 0 || config.anchorEventIds.includes(eventId);
}

/** The anchor's visit in the cart: its dated item (the last one when several). */
export function anchorVisit(cart: CartModel, eventId: string): AnchorVisit | null {
  const item = cart.items.filter((i) => i.eventId === eventId && i.start !== null).at(-1);
  if (!item?.start) return null;
  return { start: item.start, end: item.end ?? null, timezone: item.timezone };
}

/** The step after `step`, or null when `step` was the last (the chain then goes to checkout). */
export function nextStep(config: UpsellConfig, step: number): number | null {
  return step + 1 < config.steps.length ? step + 1 : null;
}

export { expressCheckoutFrom, isEventRoute } from './query';
