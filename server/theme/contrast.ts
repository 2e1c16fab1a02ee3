/**
 * Colour arithmetic for the seller's theme (spec 3 §3 theme settings, §4 and §9 theming defaults), pure: sRGB
 * hex colours, WCAG 2.2 relative luminance and contrast ratio, the spec's darken factor and message alpha, and
 * the correction that moves a colour toward black or white until it reaches a contrast ratio.
 */

export type Rgb = readonly [number, number, number];

/** WCAG 2.2 AA (1.4.3): normal text. */
export const AA_TEXT = 4.5;
/** Spec 3 §9: theme defaults. */
export const DARKEN_FACTOR = 0.2;
export const MESSAGE_ALPHA = 0.15;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export const isHex = (value: string): boolean => HEX.test(value);

/** `#abc` or `#aabbcc` (any case) as channels 0–255; throws on anything else. */
export function parseHex(value: string): Rgb {
  if (!HEX.test(value)) throw new Error(`not a hex colour: ${value}`);
  const digits = value.length === 4 ? [...value.slice(1)].map((d) => d + d).join('') : value.slice(1);
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as unknown as Rgb;
}

/** Lower-case `#rrggbb`; channels rounded and clamped to 0–255. */
export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance, 0 (black) to 1 (white). */
export const luminance = ([r, g, b]: Rgb): number =>
  0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);

/** WCAG contrast ratio of two colours, 1 to 21, whatever their order. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `a` moved toward `b` by `t` (0: a, 1: b), per channel. */
export const mix = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((i) => (a[i] as number) + ((b[i] as number) - (a[i] as number)) * t) as unknown as Rgb;

export const BLACK: Rgb = [0, 0, 0];
export const WHITE: Rgb = [255, 255, 255];

/** The colour darkened by `factor` (spec 3: 0.2), as a hover shade: each channel times 1 − factor. */
export const darken = (rgb: Rgb, factor = DARKEN_FACTOR): Rgb => mix(rgb, BLACK, factor);

/** A colour at `alpha` over an opaque background: what the eye sees (the message background). */
export const over = (rgb: Rgb, alpha: number, background: Rgb): Rgb => shown(mix(background, rgb, alpha));

/** Rounded through hex, as the page gets it (so every check is of the colour really shown). */
export const shown = (rgb: Rgb): Rgb => parseHex(toHex(rgb));

/**
 * `color` unchanged when `ok` holds for it, else the least mix of it toward black or white that `ok` holds for
 * (the nearer of the two when both ends can; found by bisection, which keeps a passing point, so whatever it
 * returns passes). Null when neither end passes.
 */
export function adjustUntil(color: Rgb, ok: (c: Rgb) => boolean): Rgb | null {
  const start = shown(color);
  if (ok(start)) return start;
  const candidates: Rgb[] = [];
  for (const end of [BLACK, WHITE]) {
    if (!ok(end)) continue;
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (ok(shown(mix(start, end, mid)))) hi = mid;
      else lo = mid;
    }
    candidates.push(shown(mix(start, end, hi)));
  }
  const distance = (c: Rgb) => c.reduce((sum, v, i) => sum + Math.abs(v - (start[i] as number)), 0);
  return candidates.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

/** The worst contrast of `fg` against any of `backgrounds`. */
export const worstContrast = (fg: Rgb, backgrounds: readonly Rgb[]): number =>
  Math.min(...backgrounds.map((bg) => contrast(fg, bg)));

/**
 * `fg` unchanged when it reaches `min` against every background, else the least mix of it toward black or white
 * that does. Black and white reach at least 4.58:1 against any single colour, so for one background at 4.5
 * there is always an answer; against several, the better end when no mix reaches it.
 */
export function ensureContrast(fg: Rgb, backgrounds: readonly Rgb[], min: number): Rgb {
  return (
    adjustUntil(fg, (c) => worstContrast(c, backgrounds) >= min) ??
    (worstContrast(BLACK, backgrounds) >= worstContrast(WHITE, backgrounds) ? BLACK : WHITE)
  );
}

/**
 * The text on a filled colour (a button, the header band): white when it reaches `min` on the fill (and so on
 * its darker hover shade), else black.
 */
export const textOnFill = (fill: Rgb, min: number): Rgb => (contrast(WHITE, fill) >= min ? WHITE : BLACK);

/** Whether a fill carries text at `min`, its hover shade (darkened by the spec's factor) included. */
export const carriesText = (fill: Rgb, min: number): boolean =>
  contrast(WHITE, fill) >= min || contrast(BLACK, shown(darken(fill))) >= min;
