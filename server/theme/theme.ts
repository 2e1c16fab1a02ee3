/**
 * The seller's theme (spec 3 §3 "Theme settings": tier 1 to 3, colours, fonts, themeMode, secondaryButtonStyle;
 * §4 and §9: darken factor 0.2, message background alpha 0.15), as the config row `theme` of the seller:
 *
 * - tier 1: `colors.primary` (buttons, links, focus); every other colour is derived;
 * - tier 2: also `colors.secondary` (the header band and solid secondary buttons) and `fonts`;
 * - tier 3: also `colors.background`, `colors.text` and `colors.surface` (the palette of the seller's mode).
 * Colours above the theme's tier are ignored. `radius` (px), `secondaryButtonStyle`, `themeMode` (absent: the
 * visitor's `prefers-color-scheme`), `logo`, `favicon` and `footer` at every tier.
 *
 * `resolveTheme` is pure: it turns a theme into the CSS custom properties of a light and a dark palette, and
 * corrects every pair of colours the pages show together to WCAG AA (4.5:1), saying what it changed. The server
 * runs it when a theme is configured (`configureTheme`, which stores the corrected theme) and again when a page
 * is served (a theme written to the database by other means is corrected there too).
 */
import * as z from 'zod/mini';
import {
  AA_TEXT,
  adjustUntil,
  BLACK,
  carriesText,
  contrast,
  DARKEN_FACTOR,
  darken,
  ensureContrast,
  MESSAGE_ALPHA,
  over,
  parseHex,
  type Rgb,
  textOnFill,
  toHex,
  WHITE,
  worstContrast,
} from './contrast';

const hex = z
  .string()
  .check(z.regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour like #1d4ed8'));
/** A CSS font-family list of names (installed or system fonts): letters, digits, spaces, commas, quotes, dashes. */
const fontFamily = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(200),
    z.regex(/^[A-Za-z0-9 ,'"-]+$/, 'must be a font-family list (letters, digits, spaces, commas, quotes)'),
  );
/**
 * An image the page shows (logo, favicon): a path on this server (`/…`, not `//…`) or a `data:image/…` URL of at
 * most 64 KB; the page's content security policy allows images of the site and data URLs only.
 */
const imageSource = z
  .string()
  .check(
    z.maxLength(65_536),
    z.regex(
      /^(\/(?!\/)[A-Za-z0-9/_.~%-]*|data:image\/(png|svg\+xml|x-icon|vnd\.microsoft\.icon|webp|gif|jpeg);base64,[A-Za-z0-9+/=]+)$/,
      'must be a path on this site or a data:image/… base64 URL',
    ),
  );
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const NOT_PLAIN = /[\u0000-\u001f<>]/;
const plainText = (max: number) =>
  z.string().check(
    z.maxLength(max),
    z.refine((s) => !NOT_PLAIN.test(s), 'must be plain text (no control characters or < >)'),
  );

/** The config row `theme` as a seller writes it: strict, every field bounded. */
export const themeInput = z.strictObject({
  tier: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  colors: z.strictObject({
    primary: hex,
    secondary: z.optional(hex),
    background: z.optional(hex),
    text: z.optional(hex),
    surface: z.optional(hex),
  }),
  fonts: z.optional(z.strictObject({ body: z.optional(fontFamily), heading: z.optional(fontFamily) })),
  themeMode: z.optional(z.enum(['light', 'dark'])),
  secondaryButtonStyle: z.optional(z.enum(['solid', 'outline'])),
  radius: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(24))),
  logo: z.optional(z.strictObject({ src: imageSource, alt: plainText(200).check(z.minLength(1)) })),
  favicon: z.optional(imageSource),
  footer: z.optional(plainText(500)),
});
export type ThemeInput = z.infer<typeof themeInput>;

/** The palette of one mode, before correction. */
interface Palette {
  background: Rgb;
  surface: Rgb;
  text: Rgb;
  muted: Rgb;
  border: Rgb;
  error: Rgb;
  warning: Rgb;
  success: Rgb;
}

const rgb = (value: string) => parseHex(value);

const LIGHT: Palette = {
  background: rgb('#ffffff'),
  surface: rgb('#f6f8fa'),
  text: rgb('#1f2328'),
  muted: rgb('#57606a'),
  border: rgb('#d0d7de'),
  error: rgb('#b42318'),
  warning: rgb('#7a4d00'),
  success: rgb('#1a7f37'),
};
const DARK: Palette = {
  background: rgb('#111418'),
  surface: rgb('#1b2027'),
  text: rgb('#e8eaed'),
  muted: rgb('#a9b1bb'),
  border: rgb('#3b424c'),
  error: rgb('#ff8a80'),
  warning: rgb('#f5c15c'),
  success: rgb('#6ddc8b'),
};

/** One correction `resolveTheme` made, in words (for the seller) and as data. */
export interface Correction {
  mode: 'light' | 'dark';
  role: string;
  from: string;
  to: string;
  /** The colours it is read against. */
  against: string[];
}

export interface ResolvedTheme {
  /** CSS custom properties of each mode (`--tix-…` → value). */
  light: Record<string, string>;
  dark: Record<string, string>;
  /** The seller's forced mode, or null: the visitor's preference. */
  mode: 'light' | 'dark' | null;
  corrections: Correction[];
  /** Pairs no correction could bring to AA (only with tier 3's own palette): the theme is refused. */
  problems: string[];
}

const FONT_FALLBACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const GENERIC = /\b(serif|sans-serif|monospace|cursive|fantasy|system-ui)\s*$/;
const withFallback = (family: string) => (GENERIC.test(family) ? family : `${family}, ${FONT_FALLBACK}`);

/** The palette of `mode` with the seller's colours of its tier, every pair shown together at AA. */
function resolveMode(
  theme: ThemeInput,
  mode: 'light' | 'dark',
  sellerPalette: boolean,
  corrections: Correction[],
  problems: string[],
): Record<string, string> {
  const tier = theme.tier ?? 1;
  const base = mode === 'light' ? LIGHT : DARK;
  const colors = theme.colors;
  const seller = (value: string | undefined, fallback: Rgb) =>
    sellerPalette && tier >= 3 && value ? rgb(value) : fallback;
  const background = seller(colors.background, base.background);
  const surface = seller(colors.surface, base.surface);
  const note = (role: string, from: Rgb, to: Rgb, against: Rgb[]) => {
    if (toHex(from) !== toHex(to))
      corrections.push({ mode, role, from: toHex(from), to: toHex(to), against: against.map(toHex) });
    return to;
  };
  const message = (c: Rgb) => over(c, MESSAGE_ALPHA, background);
  // The primary colour is the buttons' fill (their text white or black, on it and on its hover shade) and
  // the links' text, read on the page, on cards and on the message background it tints.
  const wanted = rgb(colors.primary);
  const primaryOk = (c: Rgb) =>
    worstContrast(c, [background, surface, message(c)]) >= AA_TEXT && carriesText(c, AA_TEXT);
  const primary = note(
    'primary',
    wanted,
    adjustUntil(wanted, primaryOk) ?? (mode === 'light' ? BLACK : WHITE),
    [background, surface],
  );
  const messageBg = message(primary);
  const readOn = [background, surface, messageBg];
  const text = note(
    'text',
    seller(colors.text, base.text),
    ensureContrast(seller(colors.text, base.text), readOn, AA_TEXT),
    readOn,
  );
  // The storefront's own colours (muted text, error, warning, success) move silently: the seller chose none of them.
  const muted = ensureContrast(base.muted, readOn, AA_TEXT);
  // Tier 2: the header band and solid secondary buttons in the secondary colour, with text that reads on it.
  const wantedSecondary = tier >= 2 && colors.secondary ? rgb(colors.secondary) : null;
  const secondary = wantedSecondary
    ? note(
        'secondary',
        wantedSecondary,
        adjustUntil(wantedSecondary, (c) => carriesText(c, AA_TEXT)) ?? BLACK,
        [WHITE, BLACK],
      )
    : null;
  const solid = theme.secondaryButtonStyle === 'solid';
  const secondaryFill = secondary ?? primary;
  const semantic = (color: Rgb) =>
    adjustUntil(
      color,
      (c) => worstContrast(c, [background, surface, over(c, 0.12, background)]) >= AA_TEXT,
    ) ?? text;
  const error = semantic(base.error);
  const warning = semantic(base.warning);
  const success = semantic(base.success);
  // What still fails after the corrections (a seller's background and surface no text colour reads on both):
  // the theme is refused, with the reason.
  const checks: Array<[string, Rgb, Rgb[]]> = [
    ['text', text, readOn],
    ['links and outline buttons', primary, readOn],
    ['muted text', muted, readOn],
  ];
  for (const [role, fg, against] of checks)
    for (const bg of against)
      if (contrast(fg, bg) < AA_TEXT)
        problems.push(
          `${mode}: ${role} ${toHex(fg)} on ${toHex(bg)} reach only ${contrast(fg, bg).toFixed(2)}:1 (AA needs ${AA_TEXT}:1); choose a background and surface closer to each other`,
        );
  return {
    '--tix-color-primary': toHex(primary),
    '--tix-color-primary-dark': toHex(darken(primary, DARKEN_FACTOR)),
    '--tix-color-on-primary': toHex(textOnFill(primary, AA_TEXT)),
    '--tix-color-text': toHex(text),
    '--tix-color-muted': toHex(muted),
    '--tix-color-bg': toHex(background),
    '--tix-color-surface': toHex(surface),
    '--tix-color-border': toHex(base.border),
    '--tix-color-input-border': mode === 'light' ? '#8c959f' : '#7d8590',
    '--tix-color-error': toHex(error),
    '--tix-color-warning': toHex(warning),
    '--tix-color-success': toHex(success),
    '--tix-color-error-bg': toHex(over(error, 0.12, background)),
    '--tix-color-warning-bg': toHex(over(warning, 0.12, background)),
    '--tix-color-success-bg': toHex(over(success, 0.12, background)),
    '--tix-color-message-bg': toHex(messageBg),
    '--tix-color-header-bg': toHex(secondary ?? background),
    '--tix-color-header-text': toHex(secondary ? textOnFill(secondary, AA_TEXT) : text),
    '--tix-secondary-bg': solid ? toHex(secondaryFill) : 'transparent',
    '--tix-secondary-hover': solid ? toHex(darken(secondaryFill, DARKEN_FACTOR)) : toHex(messageBg),
    '--tix-secondary-text': solid ? toHex(textOnFill(secondaryFill, AA_TEXT)) : toHex(primary),
    '--tix-secondary-border': toHex(secondaryFill),
    'color-scheme': mode,
  };
}

/** The theme's CSS custom properties for light and dark, corrected to WCAG AA; pure. */
export function resolveTheme(theme: ThemeInput): ResolvedTheme {
  const corrections: Correction[] = [];
  const problems: string[] = [];
  const mode = theme.themeMode ?? null;
  // Tier 3 colours are the palette of the seller's mode (light when the visitor chooses).
  const light = resolveMode(theme, 'light', mode !== 'dark', corrections, problems);
  const dark = resolveMode(theme, 'dark', mode === 'dark', corrections, problems);
  const common: Record<string, string> = {};
  if ((theme.tier ?? 1) >= 2 && theme.fonts?.body) common['--tix-font-body'] = withFallback(theme.fonts.body);
  if ((theme.tier ?? 1) >= 2 && theme.fonts?.heading)
    common['--tix-font-heading'] = withFallback(theme.fonts.heading);
  if (theme.radius !== undefined) common['--tix-radius'] = `${theme.radius}px`;
  return { light: { ...light, ...common }, dark: { ...dark, ...common }, mode, corrections, problems };
}

/** The default theme: the storefront's own blue, in the visitor's mode. */
export const DEFAULT_THEME: ThemeInput = { colors: { primary: '#1d4ed8' } };

const declarations = (vars: Record<string, string>) =>
  Object.entries(vars)
    .map(([key, value]) => `${key}:${value}`)
    .join(';');

/**
 * The `<style>` the server puts into index.html: the forced mode's palette, or light with dark for visitors who
 * prefer it. Every value comes from `resolveTheme` (hex colours, checked font names, px): nothing of it can end
 * the element; `<` is escaped anyway.
 */
export function themeStyle(resolved: ResolvedTheme): string {
  const css =
    resolved.mode === null
      ? `:root{${declarations(resolved.light)}}@media (prefers-color-scheme: dark){:root{${declarations(resolved.dark)}}}`
      : `:root{${declarations(resolved[resolved.mode])}}`;
  return `<style id="tix-theme">${css.replace(/</g, '\\3c ')}</style>`;
}

/** What a seller reads back when a theme is configured: each correction in a sentence. */
export const describeCorrection = (c: Correction): string =>
  `${c.mode} ${c.role}: ${c.from} changed to ${c.to} to reach ${AA_TEXT}:1 against ${c.against.join(', ')}`;
