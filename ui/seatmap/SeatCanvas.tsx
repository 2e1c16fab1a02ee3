/**
 * The seat map's picture: two stacked canvases. The base layer draws every seat (batched per colour and
 * shape, culled to the viewport); the overlay draws only the selection, so a click repaints the overlay in the
 * same frame and never the base. While a gesture runs (drag, wheel, pinch) the base is not redrawn: the
 * bitmap taken when the gesture began is moved and scaled on the GPU, and the crisp redraw follows 150 ms
 * after the last gesture event. Pointer: click or tap a seat; drag to pan; wheel or pinch to zoom around the
 * pointer. The picture is an image to assistive technology: the list path is its equivalent.
 */
import { type PointerEvent, useEffect, useLayoutEffect, useRef, type WheelEvent } from 'react';
import { type DrawMap, type DrawSeat, drawBase, drawSelection, seatAt, type Transform } from './draw';

export interface SeatCanvasProps {
  map: DrawMap;
  colours: ReadonlyMap<string, string>;
  selected: readonly DrawSeat[];
  transform: Transform;
  /** The picture's accessible name. */
  label: string;
  onSeat: (seatId: string) => void;
  onPan: (dx: number, dy: number) => void;
  onZoomBy: (factor: number, x: number, y: number) => void;
  onResize: (width: number, height: number) => void;
}

const SETTLE_MS = 150;
const DRAG_THRESHOLD = 4;

function sizeCanvas(canvas: HTMLCanvasElement, width: number, height: number, dpr: number) {
  const w = Math.round(width * dpr);
  const h = Math.round(height * dpr);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
}

export function SeatCanvas({
  map,
  colours,
  selected,
  transform,
  label,
  onSeat,
  onPan,
  onZoomBy,
  onResize,
}: SeatCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const size = useRef({ width: 0, height: 0, dpr: 1 });
  const gesture = useRef<{ cache: HTMLCanvasElement; t: Transform } | null>(null);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const frame = useRef<number | null>(null);
  const latest = useRef({ map, colours, transform });
  latest.current = { map, colours, transform };
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const drag = useRef<{ x: number; y: number; moved: boolean; id: number } | null>(null);
  const pinch = useRef<number | null>(null);

  const crisp = () => {
    const canvas = base.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const { width, height, dpr } = size.current;
    const { map: m, colours: c, transform: t } = latest.current;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const start = performance.now();
    drawBase(ctx, m, t, width, height, c);
    // The seat-map benchmark reads these (scripts/bench-seatmap.mjs): one entry per full redraw of the base.
    performance.measure('seatmap-draw', { start, end: performance.now(), detail: m.seats.length });
  };

  const paintBase = () => {
    frame.current = null;
    const canvas = base.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const g = gesture.current;
    if (!g) return crisp();
    const start = performance.now();
    const { dpr } = size.current;
    const t = latest.current.transform;
    const k = t.scale / g.t.scale;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(k, 0, 0, k, dpr * (t.x - g.t.x * k), dpr * (t.y - g.t.y * k));
    ctx.drawImage(g.cache, 0, 0);
    performance.measure('seatmap-gesture-paint', { start, end: performance.now() });
  };

  const schedule = () => {
    if (frame.current === null) frame.current = requestAnimationFrame(paintBase);
  };

  /** A gesture event: keep moving the bitmap; redraw crisply once the gesture rests. */
  const gestureStep = () => {
    const canvas = base.current;
    if (!gesture.current && canvas) {
      const cache = document.createElement('canvas');
      cache.width = canvas.width;
      cache.height = canvas.height;
      cache.getContext('2d')?.drawImage(canvas, 0, 0);
      gesture.current = { cache, t: { ...latest.current.transform } };
    }
    if (settleTimer.current) clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(() => {
      gesture.current = null;
      schedule();
    }, SETTLE_MS);
  };

  // Size: follow the box; tell the machine the viewport.
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribes once; reads the latest props by ref
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      const width = el.clientWidth;
      const height = el.clientHeight;
      const dpr = window.devicePixelRatio || 1;
      size.current = { width, height, dpr };
      for (const c of [base.current, overlay.current]) if (c) sizeCanvas(c, width, height, dpr);
      gesture.current = null;
      onResize(width, height);
      crisp();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      if (settleTimer.current) clearTimeout(settleTimer.current);
    },
    [],
  );

  // Base: redraw (or move the gesture bitmap) in the next frame when the view or the map changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the inputs of the drawing
  useEffect(() => {
    schedule();
  }, [map, colours, transform.scale, transform.x, transform.y]);

  // Overlay: the selection, painted before the browser paints this commit (same frame as the click).
  useLayoutEffect(() => {
    const canvas = overlay.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const { width, height, dpr } = size.current;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawSelection(ctx, selected, transform, width, height);
  }, [selected, transform]);

  const local = (e: { clientX: number; clientY: number }) => {
    const rect = (box.current as HTMLDivElement).getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    if (pointers.current.size === 1) drag.current = { ...p, moved: false, id: e.pointerId };
    else {
      drag.current = null;
      const [a, b] = [...pointers.current.values()];
      pinch.current = a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null;
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    if (pointers.current.size === 2 && pinch.current) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (distance > 0) {
        gestureStep();
        onZoomBy(distance / pinch.current, (a.x + b.x) / 2, (a.y + b.y) / 2);
        pinch.current = distance;
      }
      return;
    }
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = p.x - d.x;
    const dy = p.y - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    d.moved = true;
    gestureStep();
    onPan(dx, dy);
    d.x = p.x;
    d.y = p.y;
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (d && d.id === e.pointerId) {
      drag.current = null;
      if (!d.moved) {
        const p = local(e);
        const seat = seatAt(latest.current.map, latest.current.transform, p.x, p.y);
        if (seat) onSeat(seat.id);
      }
    }
  };

  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    const p = local(e);
    gestureStep();
    onZoomBy(Math.exp(-e.deltaY * 0.002), p.x, p.y);
  };

  return (
    <div
      ref={box}
      className="seatmap-canvas"
      role="img"
      aria-label={label}
      data-testid="seat-canvas"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onWheel={onWheel}
    >
      <canvas ref={base} className="seatmap-layer" data-layer="base" />
      <canvas ref={overlay} className="seatmap-layer" data-layer="selection" />
    </div>
  );
}
