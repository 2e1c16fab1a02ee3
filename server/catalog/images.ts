/** Generated SVG artwork for event images: soft colour shapes and the event title, no external assets. */
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { AppCtx, Env } from '../http/context';
import { invalid, notFound } from '../http/errors';
import * as t from '../schema';

const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Deterministic pseudo-random numbers from a string seed. */
function rng(seed: string) {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

/** Splits a title into at most three lines of roughly `max` characters. */
function wrap(title: string, max: number): string[] {
  const words = title.split(/\s+/);
  const lines: string[] = [];
  let cur = '';
  for (const word of words) {
    if (cur && `${cur} ${word}`.length > max) {
      lines.push(cur);
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) lines.push(cur);
  return lines.slice(0, 3);
}

export function renderSvg(opts: {
  id: string;
  title: string;
  hue: number;
  width: number;
  height: number;
}): string {
  const { width: W, height: H, hue } = opts;
  const r = rng(opts.id);
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const cx = Math.round(r() * W);
    const cy = Math.round(r() * H);
    const rad = Math.round((0.15 + r() * 0.35) * Math.min(W, H));
    const h = (hue + Math.round((r() - 0.5) * 80) + 360) % 360;
    const l = 45 + Math.round(r() * 25);
    shapes.push(
      `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="hsl(${h} 70% ${l}%)" fill-opacity="${(0.35 + r() * 0.4).toFixed(2)}"/>`,
    );
  }
  const fontSize = Math.max(12, Math.round(Math.min(W / 14, H / 6)));
  const lines = wrap(opts.title, Math.max(8, Math.round(W / (fontSize * 0.6))));
  const startY = H / 2 - ((lines.length - 1) * fontSize * 1.2) / 2;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${W / 2}" y="${Math.round(startY + i * fontSize * 1.2)}" text-anchor="middle" dominant-baseline="middle" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${esc(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(opts.title)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 30%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 65% 45%)"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>${shapes.join('')}<rect width="${W}" height="${H}" fill="#000" fill-opacity="0.18"/>${text}</svg>`;
}

const dim = (v: string | undefined, name: string) => {
  if (v === undefined || v === '') return null;
  if (!/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > 4000)
    throw invalid('query', `${name} must be a whole number from 1 to 4000.`);
  return Number(v);
};

export function registerImages(api: Hono<Env>, ctx: AppCtx) {
  api.get('/image/:id', async (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('image');
    const [img] = await ctx.db.select().from(t.image).where(eq(t.image.id, id)).limit(1);
    if (!img || img.sellerId !== c.get('seller').id) throw notFound('image');
    let w = dim(c.req.query('sizex'), 'sizex');
    let h = dim(c.req.query('sizey'), 'sizey');
    const shrinkOnly = ['true', '1'].includes(c.req.query('shrinkonly') ?? '');
    const ratio = img.width / img.height;
    if (w === null && h === null) {
      w = img.width;
      h = img.height;
    } else if (w === null) w = Math.round((h as number) * ratio);
    else if (h === null) h = Math.round(w / ratio);
    let W = w as number;
    let H = h as number;
    if (shrinkOnly && (W > img.width || H > img.height)) {
      const f = Math.min(img.width / W, img.height / H);
      W = Math.round(W * f);
      H = Math.round(H * f);
    }
    const svg = renderSvg({ id: img.id, title: img.title, hue: img.hue, width: W, height: H });
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });
}
