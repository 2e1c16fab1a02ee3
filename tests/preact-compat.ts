/**
 * The views' and routes' tests render with preact/compat, as the build does (vite.config.ts). Vite's alias
 * covers the modules Vite transforms; Node loads the CommonJS libraries (Testing Library,
 * use-sync-external-store) itself, so their require('react') is sent here to the same preact/compat module
 * (Preact's entries are ES modules, which Node's require shares with import: one Preact in the process).
 */
import Module from 'node:module';

const compat: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

type Resolve = (request: string, ...rest: unknown[]) => string;
const node = Module as unknown as { _resolveFilename: Resolve & { compat?: true } };
if (!node._resolveFilename.compat) {
  const original = node._resolveFilename;
  const resolve: Resolve & { compat?: true } = function (this: unknown, request, ...rest) {
    return original.call(this, compat[request] ?? request, ...rest);
  };
  resolve.compat = true;
  node._resolveFilename = resolve;
}

// Preact runs effects after the next paint: a requestAnimationFrame raced by a 35 ms timer whose callback calls
// cancelAnimationFrame. When a test file's last render leaves effects pending, that timer fires after its jsdom
// environment is gone (cancelAnimationFrame is no longer defined) and fails the run with an uncaught error.
// Tests have no frames to wait for: effects run on the next task instead, with no frame to cancel.
import { options } from 'preact';

options.requestAnimationFrame = (callback) => setTimeout(callback, 0);
