import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { createApi } from '../api';
import '../ui/theme.css';
import { storedOrderTokens } from '../api';
import { isReportedCall } from '../domain/error-messages/base';
import { App } from './App';
import { realClock } from './app/clock';
import type { ErrorReporting } from './app/error-reporting';
import { createAppActor, isLoggedIn } from './app/root';
import { StringsRoot } from './app/StringsRoot';
import { loadInspector } from './inspect';
import { readRuntimeConfig } from './runtime';
import { createStorage, storage } from './storage';

async function start() {
  const config = readRuntimeConfig();
  // The visitor's locale (issue 26): its code loads only for a seller that names locales.
  const visitorLocale = config.locales
    ? await import('./app/locale').then((m) => m.startLocale(config))
    : undefined;
  const inspect = await loadInspector(window.location.search, import.meta.env.DEV || config.inspect);
  // Members use the my/ endpoints: the client asks the member session at each call.
  let member = () => false;
  // Error reporting (spec 3 §8): the spec's filter first, then the reporting code, loaded with the first report
  // (the default adapter posts to the reference server).
  let reporting: Promise<ErrorReporting> | undefined;
  const report = (use: (reporting: ErrorReporting, page: string) => void) => {
    const page = window.location.pathname;
    reporting ??= import('./app/error-reporting').then((m) => m.createErrorReporting(config));
    reporting.then(
      (r) => use(r, page),
      () => {},
    );
  };
  const reportError = (error: unknown, kind: 'render' | 'rejection') =>
    report((r, page) => r.failure(error, kind, page));
  const api = createApi(config, {
    isMember: () => member(),
    // The negotiated locale (a seller naming locales): the emails are written in it (payments and every call that mails).
    locale: () => visitorLocale?.locale ?? null,
    // The paid orders' read tokens, for this tab's session (api/order-tokens.ts).
    orderTokens: storedOrderTokens(createStorage(() => globalThis.sessionStorage)),
    logger: { warn: (message, data) => console.warn(message, data) },
    onError: (error, call) => {
      if (isReportedCall(error, call.path)) report((r, page) => r.call(error, call, page));
    },
  });
  const clock = realClock;
  const app = createAppActor({
    api,
    sellerId: config.sellerId,
    storage,
    clock,
    inspect,
    events: window,
    login: config.login,
    moreTime: config.moreTime === true,
    publicIdentityId: config.publicIdentityId ?? null,
    // The adapter loads only for a seller with a data layer, at the first ticket added.
    analytics: config.dataLayer
      ? {
          addToCart: (added, currency) =>
            void import('./app/analytics').then((m) =>
              m.dataLayerAnalytics(window as unknown as { dataLayer?: unknown[] }).addToCart(added, currency),
            ),
        }
      : undefined,
    channel:
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`tix:${config.sellerId}:cart`),
    cookies: () => document.cookie,
    navigate: (path) => navigate(`/${config.slug}${path === '/' ? '/' : path}`),
    leave: (url) => window.location.assign(url),
    providerSignOut: async () => {
      const { loadIdentityProvider, providerSettings } = await import('./login/provider');
      const provider = await loadIdentityProvider(
        providerSettings(config.login, window.location.origin, config.slug),
      );
      await provider.signOut();
    },
  });
  member = () => isLoggedIn(app);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <StringsRoot services={{ config, api, inspect, clock, app, reportError, locale: visitorLocale }}>
        <App />
      </StringsRoot>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML =
      '<main style="font-family:system-ui;padding:2rem"><h1>Oops!</h1><p>Sorry, something unexpected happened. Please try again later.</p><button type="button" onclick="location.reload()">Reload</button></main>';
  }
});
