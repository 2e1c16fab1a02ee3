import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi } from '../api';
import { createStrings } from '../ui/strings';
import '../ui/theme.css';
import { App } from './App';
import { createCartActor } from './cart';
import { type AppServices, ServicesProvider } from './context';
import { loadInspector } from './inspect';
import { readRuntimeConfig } from './runtime';

async function start() {
  const config = readRuntimeConfig();
  const inspect = await loadInspector(window.location.search, import.meta.env.DEV || config.inspect);
  const api = createApi(config, {
    logger: { warn: (message, data) => console.warn(message, data) },
  });
  const services: AppServices = {
    config,
    api,
    strings: createStrings(),
    inspect,
    cart: createCartActor({ api, config, inspect }),
  };
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <ServicesProvider value={services}>
        <App />
      </ServicesProvider>
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
