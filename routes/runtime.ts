import * as z from 'zod/mini';
import { type RuntimeConfig, runtimeConfig } from '../api/schemas';

/** Reads the runtime configuration the server injected into index.html, validated at the boundary. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const el = doc.getElementById('tix-config');
  if (!el?.textContent) throw new Error('The storefront configuration is missing from the page.');
  return z.parse(runtimeConfig, JSON.parse(el.textContent));
}
