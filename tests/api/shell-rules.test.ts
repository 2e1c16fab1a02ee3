/**
 * The shell's pure rules (issue 26): route names for every route of the route table (spec 3 §2), the floating
 * back button's destinations and fade (spec 3 §2 Shell, §9: 100 px), and which content blocks a visitor sees
 * (spec 3 §6: per route name and per role, 'anonymous' a pseudo-role), with the runtime configuration's blocks
 * read item by item.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readContentBlocks } from '../../api/content-blocks';
import { blocksFor, type ContentBlock, isCurrentMembership, visitorRoles } from '../../domain/content-blocks';
import {
  BACK_BUTTON_THRESHOLD_PX,
  backButtonOpacity,
  backDestinationOf,
  DEBOUNCE_MS,
  POPSTATE_BACK_WAIT_MS,
  ROUTE_NAMES,
  routeNameOf,
} from '../../domain/shell';

describe('routeNameOf', () => {
  it('names every path the route table routes (routes/App.tsx), never as the 404', () => {
    const app = readFileSync(join(__dirname, '../../routes/App.tsx'), 'utf8');
    const paths = [...app.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1] as string);
    expect(paths.length).toBeGreaterThan(25);
    for (const path of paths) {
      const sample = path.replace(/:(\w+)/g, (_m, name: string) => (name === 'action' ? 'gift' : 'x1'));
      expect(routeNameOf(sample), path).not.toBe('not-found');
    }
  });

  it('names the spec’s routes as a seller would enable them', () => {
    expect(routeNameOf('/')).toBe('home');
    expect(routeNameOf('')).toBe('home');
    expect(routeNameOf('/events')).toBe('events');
    expect(routeNameOf('/events/')).toBe('events');
    expect(routeNameOf('/events?audience=family')).toBe('events');
    expect(routeNameOf('/events/42')).toBe('event');
    expect(routeNameOf('/events/42/renew')).toBe('event');
    expect(routeNameOf('/membership')).toBe('membership');
    expect(routeNameOf('/membership/renew')).toBe('membership');
    expect(routeNameOf('/membership/redeem')).toBe('redeem');
    expect(routeNameOf('/my-account/membership-details')).toBe('my-account');
    expect(routeNameOf('/checkout')).toBe('checkout');
    expect(routeNameOf('/checkout/abc')).toBe('checkout');
    expect(routeNameOf('/checkout/complete')).toBe('complete');
    expect(routeNameOf('/checkout/pending/abc')).toBe('pending');
    expect(routeNameOf('/manage/7/cancel-auto-renew')).toBe('cancel-auto-renew');
    expect(routeNameOf('/manage/7')).toBe('manage');
    expect(routeNameOf('/manage/7/reschedule/9')).toBe('manage');
    expect(routeNameOf('/user/forgot-password')).toBe('forgot-password');
    expect(routeNameOf('/user/register')).toBe('register');
    expect(routeNameOf('/my-account/profile')).toBe('my-account');
    expect(routeNameOf('/events/1/2/3')).toBe('not-found');
    expect(routeNameOf('/nowhere')).toBe('not-found');
  });

  it('every name it gives is one a seller may enable', () => {
    fc.assert(
      fc.property(fc.string(), (path) => {
        expect(ROUTE_NAMES).toContain(routeNameOf(path));
      }),
    );
  });
});

describe('the floating back button', () => {
  it('the spec’s constants: 100 px, 300 ms, 100 ms', () => {
    expect([BACK_BUTTON_THRESHOLD_PX, POPSTATE_BACK_WAIT_MS, DEBOUNCE_MS]).toEqual([100, 300, 100]);
  });

  it('shows on routes with somewhere to go back to, not on home, the listing or after paying', () => {
    expect(backDestinationOf('event')).toBe('/events');
    expect(backDestinationOf('checkout')).toBe('/events');
    expect(backDestinationOf('redeem')).toBe('/membership');
    for (const route of [
      'my-account',
      'register',
      'resend',
      'forgot-password',
      'forgot-membership',
      'set-email',
    ] as const)
      expect(backDestinationOf(route)).toBe('/');
    for (const route of ['home', 'events', 'complete', 'pending', 'not-found'] as const)
      expect(backDestinationOf(route)).toBeNull();
  });

  it('is opaque at the top and fades in step with the scroll, gone from 100 px', () => {
    expect(backButtonOpacity(0)).toBe(1);
    expect(backButtonOpacity(-20)).toBe(1); // overscroll
    expect(backButtonOpacity(25)).toBe(0.75);
    expect(backButtonOpacity(50)).toBe(0.5);
    expect(backButtonOpacity(99)).toBe(0.01);
    expect(backButtonOpacity(100)).toBe(0);
    expect(backButtonOpacity(4000)).toBe(0);
    expect(backButtonOpacity(50, 200)).toBe(0.75);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(backButtonOpacity(high)).toBeLessThanOrEqual(backButtonOpacity(low));
        },
      ),
    );
  });
});

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-01T12:00:00Z');
const current = { role: 'primary', validFrom: NOW - 10 * DAY, validTo: NOW + 10 * DAY };
const lapsed = { role: 'dual', validFrom: NOW - 400 * DAY, validTo: NOW - 35 * DAY };

describe('visitorRoles', () => {
  it('a guest is anonymous only', () => {
    expect(visitorRoles(null, NOW)).toEqual(['anonymous']);
  });

  it('an account is a user; a current membership makes a member with its role; a lapsed one does not', () => {
    expect(visitorRoles([], NOW)).toEqual(['user']);
    expect(visitorRoles([lapsed], NOW)).toEqual(['user']);
    expect(visitorRoles([current, lapsed], NOW)).toEqual(['user', 'member', 'primary']);
    expect(visitorRoles([current, { ...current }], NOW)).toEqual(['user', 'member', 'primary']);
  });

  it('a membership is current from its first to its last instant (ISO or epoch), never with an unreadable date', () => {
    const iso = { validFrom: '2026-05-01T00:00:00Z', validTo: '2026-06-01T12:00:00Z' };
    expect(isCurrentMembership(iso, NOW)).toBe(true);
    expect(isCurrentMembership(iso, NOW + 1)).toBe(false);
    expect(isCurrentMembership({ validFrom: NOW, validTo: NOW }, NOW)).toBe(true);
    expect(isCurrentMembership({ validFrom: NOW + 1, validTo: NOW + DAY }, NOW)).toBe(false);
    expect(isCurrentMembership({ validFrom: 'soon', validTo: NOW + DAY }, NOW)).toBe(false);
  });
});

describe('blocksFor', () => {
  const blocks: ContentBlock[] = [
    { id: 'guests', html: '<p>g</p>', routes: ['events', 'event'], roles: ['anonymous'] },
    { id: 'members', html: '<p>m</p>', routes: ['events'], roles: ['member'] },
    { id: 'patrons', html: '<p>p</p>', roles: ['patron'] },
    { id: 'everyone-events', html: '<p>e</p>', routes: ['event'] },
    { id: 'everywhere', html: '<p>a</p>' },
  ];
  const ids = (route: Parameters<typeof blocksFor>[1], roles: string[]) =>
    blocksFor(blocks, route, roles).map((b) => b.id);

  it('shows a block on its routes to its roles only, in the seller’s order', () => {
    expect(ids('events', ['anonymous'])).toEqual(['guests', 'everywhere']);
    expect(ids('events', ['user', 'member', 'primary'])).toEqual(['members', 'everywhere']);
    expect(ids('events', ['user'])).toEqual(['everywhere']);
    expect(ids('event', ['anonymous'])).toEqual(['guests', 'everyone-events', 'everywhere']);
    expect(ids('home', ['user', 'member', 'patron'])).toEqual(['patrons', 'everywhere']);
    expect(ids('checkout', ['anonymous'])).toEqual(['everywhere']);
  });

  it('an empty list of routes or roles shows nowhere; no blocks, nothing', () => {
    expect(blocksFor([{ id: 'x', html: 'x', routes: [] }], 'home', ['anonymous'])).toEqual([]);
    expect(blocksFor([{ id: 'x', html: 'x', roles: [] }], 'home', ['anonymous'])).toEqual([]);
    expect(blocksFor([], 'home', ['anonymous'])).toEqual([]);
  });
});

describe('readContentBlocks (the runtime configuration’s blocks)', () => {
  it('keeps the blocks that read, drops the others and route names this build does not know', () => {
    expect(
      readContentBlocks([
        { id: 'a', html: '<p>a</p>', routes: ['events', 'galaxy'], roles: ['anonymous'] },
        { id: 'b', html: '' },
        { id: 'c' },
        'd',
        null,
        { id: 'e', html: '<p>e</p>' },
      ]),
    ).toEqual([
      { id: 'a', html: '<p>a</p>', routes: ['events'], roles: ['anonymous'] },
      { id: 'e', html: '<p>e</p>' },
    ]);
    expect(readContentBlocks(undefined)).toEqual([]);
  });
});
