/**
 * Pure rules of the upsell chain (spec 1 §2, §4, §9; spec 3 §2): the visit window a reserve sets, per the
 * seller's `visit_time` mode, which reserve starts the chain, and what comes after a step.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { CartModel, UpsellConfig, VisitTimeMode } from '../../api/models';
import type { VisitWindow } from '../listing/rules';

dayjs.extend(utc);
dayjs.extend(timezone);

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
  const start = dayjs.utc(visit.start);
  const day = start.tz(tz).format('YYYY-MM-DD');
  const dayStart = dayjs.tz(day, tz).toISOString();
  const dayEnd = dayjs.tz(dayjs.utc(day).add(1, 'day').format('YYYY-MM-DD'), tz).toISOString();
  switch (mode) {
    case 'timeslot':
      return { start: start.toISOString(), end: visit.end ?? dayEnd, timezone: tz };
    case 'same_start':
      return {
        start: start.toISOString(),
        end: start.add(SAME_START_WINDOW_MS, 'ms').toISOString(),
        timezone: tz,
      };
    case 'same_date':
      return { start: dayStart, end: dayEnd, timezone: tz };
    case 'until_close':
      return { start: start.toISOString(), end: dayEnd, timezone: tz };
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
