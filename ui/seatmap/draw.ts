/**
 * Canvas drawing of the seat map (no React): the base layer (every seat, by state and group colour, drawn in
 * batches: one path per colour and shape) and the overlay layer (the selection only), a spatial grid for hit
 * testing, and the transform between map units and screen px.
 *
 * State is never shown by colour alone: available seats are filled circles in their group's colour; booked
 * seats are small grey circles crossed out; unavailable seats are hollow grey squares; selected seats (overlay)
 * are a dark ring around a white centre with a tick.
 */

export interface DrawSeat {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly groups: readonly string[];
  readonly state: 'available' | 'booked' | 'unavailable';
}

export interface DrawMap {
  readonly width: number;
  readonly height: number;
  readonly seats: readonly DrawSeat[];
}

export interface Transform {
  /** Screen px per map unit. */
  scale: number;
  /** Screen position of the map's origin. */
  x: number;
  y: number;
}

export const GREY = '#6b6b6b';
export const SELECTED_RING = '#111111';

/** Screen px to map units and back. */
export const toMap = (t: Transform, sx: number, sy: number) => ({
  x: (sx - t.x) / t.scale,
  y: (sy - t.y) / t.scale,
});

/**
 * Draws every seat visible in the viewport (`width` x `height` CSS px) onto ctx, already scaled for the device
 * pixel ratio. Seats smaller than 1.5 px on screen are drawn as squares (cheaper, same look at that size).
 */
export function drawBase(
  ctx: CanvasRenderingContext2D,
  map: DrawMap,
  t: Transform,
  width: number,
  height: number,
  colours: ReadonlyMap<string, string>,
): void {
  ctx.clearRect(0, 0, width, height);
  const available = new Map<string, Path2D>();
  const booked = new Path2D();
  const crosses = new Path2D();
  const unavailable = new Path2D();
  const tiny = t.scale * 9 < 1.5;
  for (const seat of map.seats) {
    const sx = t.x + seat.x * t.scale;
    const sy = t.y + seat.y * t.scale;
    const r = Math.max(0.75, seat.r * t.scale);
    if (sx < -r || sy < -r || sx > width + r || sy > height + r) continue;
    if (seat.state === 'available') {
      const colour = colours.get(seat.groups[0] ?? '') ?? GREY;
      let path = available.get(colour);
      if (!path) {
        path = new Path2D();
        available.set(colour, path);
      }
      if (tiny) path.rect(sx - r, sy - r, 2 * r, 2 * r);
      else {
        path.moveTo(sx + r, sy);
        path.arc(sx, sy, r, 0, Math.PI * 2);
      }
    } else if (seat.state === 'booked') {
      const b = r * 0.6;
      if (tiny) booked.rect(sx - b, sy - b, 2 * b, 2 * b);
      else {
        booked.moveTo(sx + b, sy);
        booked.arc(sx, sy, b, 0, Math.PI * 2);
        crosses.moveTo(sx - r * 0.7, sy - r * 0.7);
        crosses.lineTo(sx + r * 0.7, sy + r * 0.7);
        crosses.moveTo(sx + r * 0.7, sy - r * 0.7);
        crosses.lineTo(sx - r * 0.7, sy + r * 0.7);
      }
    } else {
      const u = r * 0.75;
      unavailable.rect(sx - u, sy - u, 2 * u, 2 * u);
    }
  }
  for (const [colour, path] of available) {
    ctx.fillStyle = colour;
    ctx.fill(path);
  }
  ctx.fillStyle = '#c8c8c8';
  ctx.fill(booked);
  ctx.strokeStyle = GREY;
  ctx.lineWidth = Math.max(1, t.scale * 1.5);
  ctx.stroke(crosses);
  ctx.lineWidth = Math.max(1, t.scale);
  ctx.stroke(unavailable);
}

/** Draws the selected seats only (the overlay layer): a click repaints this, never the base. */
export function drawSelection(
  ctx: CanvasRenderingContext2D,
  seats: readonly DrawSeat[],
  t: Transform,
  width: number,
  height: number,
): void {
  ctx.clearRect(0, 0, width, height);
  const ring = new Path2D();
  const centre = new Path2D();
  const tick = new Path2D();
  for (const seat of seats) {
    const sx = t.x + seat.x * t.scale;
    const sy = t.y + seat.y * t.scale;
    const r = Math.max(3, seat.r * t.scale * 1.15);
    ring.moveTo(sx + r, sy);
    ring.arc(sx, sy, r, 0, Math.PI * 2);
    const c = r * 0.6;
    centre.moveTo(sx + c, sy);
    centre.arc(sx, sy, c, 0, Math.PI * 2);
    tick.moveTo(sx - c * 0.6, sy);
    tick.lineTo(sx - c * 0.1, sy + c * 0.5);
    tick.lineTo(sx + c * 0.7, sy - c * 0.5);
  }
  ctx.fillStyle = SELECTED_RING;
  ctx.fill(ring);
  ctx.fillStyle = '#ffffff';
  ctx.fill(centre);
  ctx.strokeStyle = SELECTED_RING;
  ctx.lineWidth = Math.max(1, t.scale * 2);
  ctx.stroke(tick);
}

/** A uniform grid over the map's seats for hit testing (built once per loaded map). */
export interface SeatGrid {
  cell: number;
  cells: Map<string, DrawSeat[]>;
}

const grids = new WeakMap<DrawMap, SeatGrid>();

export function gridOf(map: DrawMap): SeatGrid {
  const known = grids.get(map);
  if (known) return known;
  const cell = 48;
  const cells = new Map<string, DrawSeat[]>();
  for (const seat of map.seats) {
    const key = `${Math.floor(seat.x / cell)},${Math.floor(seat.y / cell)}`;
    const list = cells.get(key);
    if (list) list.push(seat);
    else cells.set(key, [seat]);
  }
  const grid = { cell, cells };
  grids.set(map, grid);
  return grid;
}

/**
 * The seat under a screen point: the nearest seat whose centre is within its radius, or within 12 CSS px on
 * screen (a 24 px target, WCAG 2.5.8) when the seat is drawn smaller than that.
 */
export function seatAt(map: DrawMap, t: Transform, sx: number, sy: number): DrawSeat | null {
  const grid = gridOf(map);
  const p = toMap(t, sx, sy);
  const reach = Math.max(12 / t.scale, 0);
  let best: DrawSeat | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  const span = Math.ceil((reach + 20) / grid.cell);
  const cx = Math.floor(p.x / grid.cell);
  const cy = Math.floor(p.y / grid.cell);
  for (let gx = cx - span; gx <= cx + span; gx++) {
    for (let gy = cy - span; gy <= cy + span; gy++) {
      for (const seat of grid.cells.get(`${gx},${gy}`) ?? []) {
        const d = Math.hypot(seat.x - p.x, seat.y - p.y);
        if (d <= Math.max(seat.r, reach) && d < bestD) {
          best = seat;
          bestD = d;
        }
      }
    }
  }
  return best;
}
