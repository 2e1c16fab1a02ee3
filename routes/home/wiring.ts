/**
 * Home (spec 3 §2 "Route table: /", §9 "Default home option order"): with membership presell on, three blocks
 * in the order of `homepage_3cta_order` (default login, join, guest); a logged-in member goes on to the
 * events. Presell off: `/events/{admission event id}`, or `/events` without one.
 */
import type { Api } from '../../api';
import type { HomeConfig } from '../../api/config';
import type { HomeBlock } from '../../ui/account/HomeView';

export const DEFAULT_HOME_ORDER: readonly HomeBlock[] = ['login', 'join', 'guest'];

const isBlock = (value: string): value is HomeBlock =>
  (DEFAULT_HOME_ORDER as readonly string[]).includes(value);

/**
 * The configured order: known names, first occurrence, case and spaces ignored; blocks it leaves out follow
 * in the default order (all three always show); nothing usable gives the default.
 */
export function homeOrder(configured: readonly string[] | null): HomeBlock[] {
  const named = (configured ?? []).map((entry) => entry.trim().toLowerCase()).filter(isBlock);
  const unique = [...new Set(named)];
  return [...unique, ...DEFAULT_HOME_ORDER.filter((block) => !unique.includes(block))];
}

export type HomeDecision = { kind: 'redirect'; to: string } | { kind: 'blocks'; order: HomeBlock[] };

export function homeDecision(config: HomeConfig, loggedIn: boolean): HomeDecision {
  if (!config.membershipPresell) {
    const to = config.admissionEventId ? `/events/${encodeURIComponent(config.admissionEventId)}` : '/events';
    return { kind: 'redirect', to };
  }
  if (loggedIn) return { kind: 'redirect', to: '/events' };
  return { kind: 'blocks', order: homeOrder(config.homeOrder) };
}

/** Cached GET config of the home keys. */
export const loadHomeConfig = (api: Pick<Api, 'config'>, signal: AbortSignal) => api.config.home({ signal });
