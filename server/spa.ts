/** Serving the built SPA: hashed assets and index.html with the runtime configuration injected. */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { RuntimeConfig } from '../api/schemas';

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

/** Reads a file under `root` (no path traversal); null when absent. */
export async function readStatic(
  root: string,
  relPath: string,
): Promise<{ data: Buffer; type: string } | null> {
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
    return {
      data: await readFile(full),
      type: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
    };
  } catch {
    return null;
  }
}

export const configScript = (cfg: RuntimeConfig) =>
  `<script id="tix-config" type="application/json">${JSON.stringify(cfg).replace(/</g, '\\u003c')}</script>`;

/** index.html with the configuration injected before `</head>`; null when the build is missing. */
export async function renderIndex(distDir: string, cfg: RuntimeConfig): Promise<string | null> {
  let html: string;
  try {
    html = await readFile(join(resolve(distDir), 'index.html'), 'utf8');
  } catch {
    return null;
  }
  const tag = configScript(cfg);
  const at = html.indexOf('</head>');
  return at >= 0 ? `${html.slice(0, at)}${tag}${html.slice(at)}` : `${tag}${html}`;
}
