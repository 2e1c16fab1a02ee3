// @vitest-environment jsdom
/**
 * The event screen under React's <StrictMode> (as `npm run dev` renders it): StrictMode mounts, unmounts and
 * mounts again, and @xstate/react keeps the same actors across it, stopping them (which aborts each invoked
 * API call's signal) and restarting them. The first, aborted call must never reach the restarted machine as an
 * error. Every seeded event is rendered against the reference server in-process (its seed, as a visitor sees
 * it), each answer arriving on a later macrotask, after StrictMode's abort; none may show the unexpected-error
 * text once every call has been answered.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type Api, createApi } from '../../api';
import { UNEXPECTED_MESSAGE } from '../../api/errors';
import { runtimeConfig } from '../../api/schemas';
import type { Clock } from '../../machines/shared/clock';
import { createAppActor } from '../../routes/app/root';
import { type AppServices, ServicesProvider } from '../../routes/app/services';
import EventScreen from '../../routes/event/EventScreen';
import { createStorage } from '../../routes/storage';
import { createStrings } from '../../ui/strings';
import { startTestServer, type TestServer } from '../server/helpers';

let s: TestServer;
let api: Api;
let config: AppServices['config'];
const calls: { path: string; aborted: boolean }[] = [];
const eventCalls: { name: string; signal: AbortSignal }[] = [];
let inFlight = 0;

/** One macrotask (not a timer): the answer of a request comes after what StrictMode does synchronously. */
const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

beforeAll(async () => {
  s = await startTestServer();
  config = z.parse(runtimeConfig, await (await s.app.request('/__config')).json());
  // The server's answer arrives on a later task, whether or not the caller aborted meanwhile (a network does
  // not take a response back): the client must drop an answer to an aborted call, as it would in a browser.
  const fetchLater: typeof fetch = async (input, init) => {
    const path = String(input);
    inFlight += 1;
    try {
      await nextTask();
      calls.push({ path, aborted: init?.signal?.aborted === true });
      return await s.app.request(path, init as RequestInit);
    } finally {
      inFlight -= 1;
    }
  };
  const client = createApi(config, { fetch: fetchLater, now: () => s.clock.now });
  // The events client loads on its first call, so StrictMode's abort can come before a call reaches fetch:
  // the calls are recorded at the client too, with their signals.
  const events = new Proxy(client.events, {
    get: (target, name) => {
      const method = Reflect.get(target, name) as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        const options = args.at(-1) as { signal?: AbortSignal } | undefined;
        if (options?.signal) eventCalls.push({ name: String(name), signal: options.signal });
        return method(...args);
      };
    },
  });
  api = { ...client, events };
}, 60_000);
afterAll(async () => {
  await s.handle.close();
});
afterEach(() => cleanup());

const clock: Clock = {
  now: () => s.clock.now,
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

function services(): AppServices {
  const app = createAppActor({
    api,
    sellerId: config.sellerId,
    storage: createStorage(() => undefined),
    clock,
  });
  return { config, api, strings: createStrings(), inspect: undefined, clock, app };
}

/** Every call answered, the lazy layout in and nothing busy: the screen as the visitor is left with it. */
async function settled(name: string) {
  await waitFor(
    () => {
      expect(inFlight).toBe(0);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(name);
      expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    },
    { timeout: 20_000 },
  );
  await act(nextTask);
}

describe('the event screen in StrictMode', () => {
  it('shows every seeded event and never the unexpected error', async () => {
    const events = await api.events.listAvailable({ withMemberEvents: true });
    expect(events.length).toBeGreaterThanOrEqual(5);
    const abortedPaths: string[] = [];
    const abortedCalls: string[] = [];
    for (const event of events) {
      calls.length = 0;
      eventCalls.length = 0;
      const value = services();
      value.app.start();
      const view = render(
        <StrictMode>
          <ServicesProvider value={value}>
            <EventScreen id={event.id} />
          </ServicesProvider>
        </StrictMode>,
      );
      await settled(event.name);
      expect(document.body.textContent, event.name).not.toContain(UNEXPECTED_MESSAGE);
      abortedPaths.push(...calls.filter((call) => call.aborted).map((call) => call.path));
      abortedCalls.push(...eventCalls.filter((call) => call.signal.aborted).map((call) => call.name));
      view.unmount();
      value.app.stop();
    }
    // StrictMode did abort calls of the reserve machines' invoked actors (the case this test is about), not
    // only the screen's own load of the event: before they were sent (the client still loading) or while in
    // flight, whose answers still came.
    const reserveCalls = [
      ...abortedPaths.filter((path) => /\/(calendar|sessions)\b/.test(path)),
      ...abortedCalls.filter((name) => /^(calendar|sessions|firstSession|sessionGroups|session)/.test(name)),
    ];
    expect(reserveCalls).not.toEqual([]);
  });
});
