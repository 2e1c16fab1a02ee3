/**
 * The shell's route names and navigation constants (spec 3 §2 route table and Shell, §6 content blocks, §9).
 * Pure: the route table itself is routes/App.tsx; `routeNameOf` names each of its routes (a test reads App.tsx
 * and checks that every path it routes has a name here), for the content blocks a seller enables per route name
 * and for the floating back button's destination.
 */

/** Floating back button: it has faded out once the page has scrolled this far (spec 3 §9, 100 px). */
export const BACK_BUTTON_THRESHOLD_PX = 100;
/** The popstate-back helper waits this long for the browser's popstate before it gives up (spec 3 §9). */
export const POPSTATE_BACK_WAIT_MS = 300;
/** Debounce default (spec 3 §9): the back button follows the scroll once it has rested this long. */
export const DEBOUNCE_MS = 100;

/** Every route's name (ours: the spec says "route name" without listing them; these follow its route table). */
export const ROUTE_NAMES = [
  'home',
  'events',
  'event',
  'membership',
  'redeem',
  'my-account',
  'register',
  'forgot-membership',
  'forgot-password',
  'reset-password',
  'set-email',
  'verify-email',
  'resend',
  'cancel-auto-renew',
  'manage',
  'checkout',
  'complete',
  'pending',
  'order',
  'login-callback',
  'stories',
  'not-found',
] as const;

export type RouteName = (typeof ROUTE_NAMES)[number];

const ROUTES: ReadonlyArray<readonly [RegExp, RouteName]> = [
  [/^\/?$/, 'home'],
  [/^\/events$/, 'events'],
  [/^\/events\/[^/]+(?:\/[^/]+)?$/, 'event'],
  [/^\/membership\/redeem$/, 'redeem'],
  [/^\/membership(?:\/[^/]+)?$/, 'membership'],
  [/^\/my-account(?:\/membership-details|\/profile)?$/, 'my-account'],
  [/^\/user\/register$/, 'register'],
  [/^\/user\/forgot-membership$/, 'forgot-membership'],
  [/^\/user\/forgot-password$/, 'forgot-password'],
  [/^\/user\/reset-password$/, 'reset-password'],
  [/^\/user\/set-email-address$/, 'set-email'],
  [/^\/user\/verify-email$/, 'verify-email'],
  [/^\/resend$/, 'resend'],
  [/^\/manage\/[^/]+\/cancel-auto-renew$/, 'cancel-auto-renew'],
  [/^\/manage\/[^/]+(?:\/confirm|\/reschedule\/[^/]+)?$/, 'manage'],
  [/^\/checkout\/complete$/, 'complete'],
  [/^\/checkout\/pending\/[^/]+$/, 'pending'],
  [/^\/checkout(?:\/[^/]+)?$/, 'checkout'],
  [/^\/ticket_order\/[^/]+$/, 'order'],
  [/^\/auth0-login$/, 'login-callback'],
  [/^\/_stories$/, 'stories'],
];

/** The route name of a path inside the seller's base (`/events/42`: 'event'); any other path: 'not-found'. */
export function routeNameOf(path: string): RouteName {
  const bare = path.split(/[?#]/)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return ROUTES.find(([pattern]) => pattern.test(trimmed))?.[1] ?? 'not-found';
}

/**
 * Where the floating back button goes when the tab has no page to go back to (our reading: the spec names the
 * button, not its destinations): event detail to the listing, the checkout to the listing, a gift redeem to the
 * membership route, the account and email pages home. Null: no back button (home and the listing are the top;
 * the confirmation and the pending page must not lead back into a paid checkout).
 */
export function backDestinationOf(route: RouteName): string | null {
  switch (route) {
    case 'event':
    case 'checkout':
      return '/events';
    case 'redeem':
      return '/membership';
    case 'my-account':
    case 'register':
    case 'resend':
    case 'forgot-membership':
    case 'forgot-password':
    case 'set-email':
      return '/';
    default:
      return null;
  }
}

/**
 * The floating back button's opacity at a scroll offset (spec 3 §2 "fades as the page scrolls", §9 100 px):
 * 1 at the top, falling in step with the scroll, 0 from the threshold on.
 */
export function backButtonOpacity(scrollY: number, threshold = BACK_BUTTON_THRESHOLD_PX): number {
  if (!(scrollY > 0)) return 1;
  if (scrollY >= threshold) return 0;
  return Math.round((1 - scrollY / threshold) * 100) / 100;
}
