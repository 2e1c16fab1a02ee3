/**
 * The upsell chain's route rules (spec 3 §2 "Navigation rules"): the `expresscheckout` query and which routes
 * are event routes. Apart from `rules.ts` so that the app's route effects load only these.
 */

/** Flag words (spec 1 §5): the `expresscheckout` query is on for any of these or an empty value. */
const TRUE_WORDS = new Set(['', '1', 'on', 'enabled', 'true', 't', 'yes', 'y']);
export function expressCheckoutFrom(search: string): boolean | null {
  const value = new URLSearchParams(search).get('expresscheckout');
  if (value === null) return null;
  return TRUE_WORDS.has(value.trim().toLowerCase());
}

/** Event routes (the chain lives only on them): `/events` and `/events/{id}[/{action}]`. */
export function isEventRoute(path: string): boolean {
  return path === '/events' || path.startsWith('/events/');
}
