#!/usr/bin/env node
/**
 * `npm run bench:seatmap:svg`: the measurement behind the seat map's choice of renderer. The same seats (a
 * grid of N circles, as the large hall lays them out) drawn two ways in the e2e Chromium, on a blank page:
 * - SVG: one <circle> per seat in a <g>; pan and zoom change the group's transform (the browser re-rasterises);
 * - canvas: one path per seat; pan and zoom redraw every seat each frame (the worst case: the storefront's
 *   renderer reuses a bitmap during gestures, see scripts/bench-seatmap.mjs).
 * For each it prints the first draw (script start to the next frame after it) and requestAnimationFrame
 * intervals during a scripted 120-frame pan and zoom. Not part of `npm test`.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const sizes = (process.env.BENCH_SEATS ?? '10000,50000').split(',').map(Number);
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const browser = await chromium.launch({ executablePath: executablePath || undefined });

/** Runs in the page: draws `n` seats with `kind`, then pans and zooms for 120 frames. */
async function measure({ kind, n }) {
  const cols = Math.ceil(Math.sqrt(n * 2));
  const seats = Array.from({ length: n }, (_, i) => ({
    x: (i % cols) * 12 + 6,
    y: Math.floor(i / cols) * 12 + 6,
  }));
  const width = 1200;
  const height = 800;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const intervals = [];
  const t0 = performance.now();
  let pan;
  if (kind === 'svg') {
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('width', String(width));
    svg.setAttribute('height', String(height));
    const g = document.createElementNS(ns, 'g');
    for (const s of seats) {
      const c = document.createElementNS(ns, 'circle');
      c.setAttribute('cx', String(s.x));
      c.setAttribute('cy', String(s.y));
      c.setAttribute('r', '5');
      c.setAttribute('fill', '#2a6');
      g.appendChild(c);
    }
    svg.appendChild(g);
    document.body.appendChild(svg);
    pan = (i) => g.setAttribute('transform', `translate(${-i * 2} ${-i}) scale(${1 + i / 120})`);
  } else {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    document.body.appendChild(canvas);
    const ctx = canvas.getContext('2d');
    const draw = (dx, dy, k) => {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, width, height);
      ctx.setTransform(k, 0, 0, k, dx, dy);
      ctx.fillStyle = '#2a6';
      ctx.beginPath();
      for (const s of seats) {
        ctx.moveTo(s.x + 5, s.y);
        ctx.arc(s.x, s.y, 5, 0, Math.PI * 2);
      }
      ctx.fill();
    };
    draw(0, 0, 1);
    pan = (i) => draw(-i * 2, -i, 1 + i / 120);
  }
  await frame();
  const firstDraw = performance.now() - t0;
  let last = performance.now();
  for (let i = 1; i <= 120; i++) {
    pan(i);
    const now = await frame();
    intervals.push(now - last);
    last = now;
  }
  intervals.sort((a, b) => a - b);
  const at = (p) => intervals[Math.min(intervals.length - 1, Math.floor(p * intervals.length))];
  return { firstDraw, p50: at(0.5), p95: at(0.95) };
}

console.info('\nseat map renderer choice: SVG against canvas (Chromium, 1200×800, blank page)\n');
console.info('| seats | renderer | first draw | rAF interval p50 / p95 during pan and zoom |');
console.info('|---|---|---|---|');
for (const n of sizes) {
  for (const kind of ['svg', 'canvas']) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.setContent('<!doctype html><body style="margin:0"></body>');
    const r = await page.evaluate(measure, { kind, n });
    console.info(
      `| ${n.toLocaleString('en-US')} | ${kind} | ${r.firstDraw.toFixed(1)} ms | ${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} ms |`,
    );
    await page.close();
  }
}
await browser.close();
