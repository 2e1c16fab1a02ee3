// @vitest-environment jsdom
/**
 * The shell's lazy slot (routes/app/ShellSlot.tsx, issue 26) on the app's own session and a memory location: a
 * guest sees the blocks enabled for 'anonymous' on the route; a member logging in sees the members' blocks and the
 * banner instead; the back button shows on event detail only, fades once the scroll has rested 100 ms past
 * 100 px, and with nothing in the tab's history goes to the listing.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Api } from '../../api';
import type { MembershipModel } from '../../api/models';
import { type AppDeps, createAppActor, sessionOf } from '../../routes/app/root';
import ShellSlot from '../../routes/app/ShellSlot';
import { type AppServices, ServicesProvider } from '../../routes/app/services';
import { createStorage } from '../../routes/storage';
import { createStrings } from '../../ui/strings';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const DAY = 86_400_000;
const clock = { now: () => NOW, setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };

const blocks = [
  { id: 'guests', html: '<p>Members visit free.</p>', routes: ['events', 'event'], roles: ['anonymous'] },
  { id: 'members', html: '<p>Bring your card.</p>', routes: ['events'], roles: ['member'] },
  { id: 'home-only', html: '<p>Home page note.</p>', routes: ['home'] },
];

function membership(validTo: number): MembershipModel {
  return {
    id: 'm1',
    identityId: 'i1',
    memberId: '100001',
    role: 'primary',
    levelName: 'Family',
    autoRenewState: 'scheduled',
    validFrom: new Date(NOW - 30 * DAY).toISOString(),
    validTo: new Date(validTo).toISOString(),
    purchaseLimit: null,
    ticketOrderId: null,
    ticketGroupId: null,
  };
}

function mount(path: string) {
  const deps: AppDeps = {
    api: { cart: {}, members: {} } as unknown as Pick<Api, 'cart' | 'members'>,
    sellerId: 's-1',
    storage: createStorage(() => undefined),
    clock,
    channel: null,
  };
  const app = createAppActor(deps);
  const location = memoryLocation({ path, record: true });
  const services = {
    app,
    clock,
    strings: createStrings(),
    config: { slug: 'demo', contentBlocks: blocks },
  } as unknown as AppServices;
  render(
    <Router hook={location.hook}>
      <ServicesProvider value={services}>
        <ShellSlot part="top" />
        <main>route</main>
        <ShellSlot part="bottom" />
      </ServicesProvider>
    </Router>,
  );
  const logIn = (validTo: number) =>
    act(() =>
      sessionOf(app).send({
        type: 'session.loggedIn',
        session: {
          member: {
            userId: 'u1',
            identityId: 'i1',
            email: 'ada@example.com',
            firstName: 'Ada',
            lastName: 'Lovelace',
            hasPassword: true,
            needsEmail: false,
            meta: {},
          },
          memberships: [membership(validTo)],
          via: 'credentials',
        },
      }),
    );
  return { location, logIn };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the shell slot', () => {
  it('a guest sees the anonymous block; a member the members’ block and the banner; no back button on the listing', async () => {
    const { logIn } = mount('/events');
    await waitFor(() => expect(screen.getByText('Members visit free.')).toBeTruthy());
    expect(screen.queryByText('Bring your card.')).toBeNull();
    expect(screen.queryByText('Home page note.')).toBeNull();
    expect(screen.queryByText(/Welcome back!/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();
    logIn(NOW + 300 * DAY);
    await waitFor(() => expect(screen.getByText('Bring your card.')).toBeTruthy());
    expect(screen.queryByText('Members visit free.')).toBeNull();
    expect(
      screen.getByText('Welcome back! Your Family membership benefits apply to your visit.'),
    ).toBeTruthy();
  });

  it('an account whose membership has lapsed is no member: no banner, no members’ block', async () => {
    const { logIn } = mount('/events');
    logIn(NOW - DAY);
    await act(async () => {});
    expect(screen.queryByText(/Welcome back!/)).toBeNull();
    expect(screen.queryByText('Bring your card.')).toBeNull();
    expect(screen.queryByText('Members visit free.')).toBeNull();
  });

  it('event detail: the back button fades once the scroll rests past 100 px, and goes to the listing', async () => {
    vi.useFakeTimers();
    const { location } = mount('/events/42');
    const back = screen.getByRole('button', { name: 'Go back' });
    expect(back.hasAttribute('data-faded')).toBe(false);
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      fireEvent.scroll(window);
    };
    scrollTo(60);
    scrollTo(150);
    act(() => vi.advanceTimersByTime(99));
    expect(back.hasAttribute('data-faded')).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(back.hasAttribute('data-faded')).toBe(true);
    scrollTo(0);
    act(() => vi.advanceTimersByTime(100));
    expect(back.style.getPropertyValue('--tix-back-fade')).toBe('1');
    // jsdom's tab holds this page alone: nothing to go back to, so to the destination.
    expect(window.history.length).toBe(1);
    await act(async () => {
      fireEvent.click(back);
    });
    expect(location.history.at(-1)).toBe('/events');
  });
});
