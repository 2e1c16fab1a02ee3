/** Serving the built SPA: hashed assets and index.html with the runtime configuration injected. */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { RuntimeConfig } from '../../api/schemas';
import { type Coding, negotiate } from './compression';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export interface StaticFile {
  data: Buffer;
  /** The Content-Type of the file itself (whatever its coding). */
  type: string;
  /** The pre-compressed copy served (`name.br`, `name.gz` from the build), or null for the file as-is. */
  encoding: Coding | null;
}

const readIfFile = async (path: string): Promise<Buffer | null> => {
  try {
    const st = await stat(path);
    return st.isFile() ? await readFile(path) : null;
  } catch {
    return null;
  }
};

/**
 * Reads a file under `root` (no path traversal); null when absent. With an `Accept-Encoding` value, answers with
 * the build's brotli or gzip copy beside the file when the client accepts it and the copy exists.
 */
export async function readStatic(
  root: string,
  relPath: string,
  acceptEncoding?: string | null,
): Promise<StaticFile | null> {
  const base = resolve(root);
  let decoded: string;
  try {
    decoded = decodeURIComponent(relPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = resolve(join(base, decoded));
  if (!full.startsWith(base + sep)) return null;
  try {
    const st = await stat(full);
    if (!st.isFile()) return null;
  } catch {
    return null;
  }
  const type = TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream';
  let available: Coding[] = ['br', 'gzip'];
  for (;;) {
    const coding = negotiate(acceptEncoding, available);
    if (!coding) break;
    const data = await readIfFile(`${full}.${coding === 'br' ? 'br' : 'gz'}`);
    if (data) return { data, type, encoding: coding };
    available = available.filter((c) => c !== coding);
  }
  const data = await readIfFile(full);
  return data ? { data, type, encoding: null } : null;
}

/** Response headers of a static file: its type, coding, `Vary: Accept-Encoding` and the given caching. */
export function staticHeaders(file: StaticFile, cacheControl: string): Record<string, string> {
  return {
    'Content-Type': file.type,
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding',
    ...(file.encoding ? { 'Content-Encoding': file.encoding } : {}),
  };
}

export const configScript = (cfg: RuntimeConfig) =>
  `<script id="tix-config" type="application/json">${JSON.stringify(cfg).replace(/</g, '\\u003c')}</script>`;

/**
 * index.html with the configuration (and `head`, e.g. preload hints, the theme) injected before `</head>`; null
 * when the build is missing. `ownFavicon`: the build's favicon links are left out (`head` has the seller's).
 */
export async function renderIndex(
  distDir: string,
  cfg: RuntimeConfig,
  head = '',
  ownFavicon = false,
): Promise<string | null> {
  let html: string;
  try {
    html = await readFile(join(resolve(distDir), 'index.html'), 'utf8');
  } catch {
    return null;
  }
  if (ownFavicon) html = html.replace(/<link rel="icon"[^>]*>/g, '');
  // The seller's default locale before the storefront negotiates the visitor's (issue 26; a canonical BCP 47
  // tag, server/catalog/locales.ts: letters, digits and dashes only).
  if (cfg.locales) html = html.replace('<html lang="en">', `<html lang="${cfg.locales.default}">`);
  const tag = `${head}${configScript(cfg)}`;
  const at = html.indexOf('</head>');
  return at >= 0 ? `${html.slice(0, at)}${tag}${html.slice(at)}` : `${tag}${html}`;
}
