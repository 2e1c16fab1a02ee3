/**
 * The seller's theme as configured (config row `theme`, see theme.ts) and what a page gets of it: the `<style>`
 * and favicon link in index.html, and the logo, its link (`external_urls.logo`, spec 3 §2 Shell) and the footer
 * in the runtime configuration.
 */
import type * as w from '../../api/schemas';
import { sellerConfigValue } from '../catalog/seller-config';
import type { Q } from '../db';
import { describeIssues, invalid } from '../http/errors';
import * as t from '../schema';
import { stableId } from '../util';
import {
  DEFAULT_THEME,
  describeCorrection,
  type ResolvedTheme,
  resolveTheme,
  type ThemeInput,
  themeInput,
  themeStyle,
} from './theme';

export const THEME_KEY = 'theme';

/**
 * Configures the seller's theme: refused (400 validation_failed, context `theme`, the reason) when it is not a
 * theme or no correction makes its own palette readable (tier 3); otherwise stored, and answered with the corrections its pages get (colours moved to reach WCAG AA), in
 * words, so the seller knows what their storefront shows.
 */
export async function configureTheme(
  q: Q,
  sellerId: string,
  raw: unknown,
): Promise<{ corrections: string[] }> {
  const parsed = themeInput.safeParse(raw);
  if (!parsed.success) throw invalid(THEME_KEY, `Invalid theme: ${describeIssues(parsed.error.issues)}`);
  const resolved = resolveTheme(parsed.data);
  if (resolved.problems.length)
    throw invalid(THEME_KEY, `The theme's colours cannot be read together: ${resolved.problems.join('; ')}.`);
  await q
    .insert(t.config)
    .values({
      id: stableId(`config:${sellerId}:${THEME_KEY}`),
      resource: 'seller',
      resourceId: sellerId,
      key: THEME_KEY,
      value: parsed.data,
    })
    .onConflictDoUpdate({ target: t.config.id, set: { value: parsed.data } });
  return { corrections: resolved.corrections.map(describeCorrection) };
}

export interface PageTheme {
  resolved: ResolvedTheme;
  input: ThemeInput;
  /** What the runtime configuration carries of it. */
  runtime: NonNullable<w.RuntimeConfig['theme']>;
}

const safeUrl = (value: unknown): string | undefined =>
  typeof value === 'string' && /^https?:\/\/[^\s"'<>]+$/.test(value.trim()) && value.length <= 2000
    ? value.trim()
    : undefined;

/** The seller's theme for a page: the configured one (a row that is not a theme reads as none), or the default. */
export async function pageTheme(q: Q, sellerId: string): Promise<PageTheme> {
  const [row, urls] = await Promise.all([
    sellerConfigValue(q, sellerId, THEME_KEY),
    sellerConfigValue(q, sellerId, 'external_urls'),
  ]);
  const parsed = themeInput.safeParse(typeof row === 'string' ? safeJson(row) : row);
  const configured = parsed.success ? parsed.data : DEFAULT_THEME;
  const resolved = resolveTheme(configured);
  // A row written past configureTheme that cannot be read: the default look, never an unreadable page.
  const input = resolved.problems.length ? DEFAULT_THEME : configured;
  const logoHref = safeUrl((urls as { logo?: unknown } | undefined)?.logo);
  return {
    resolved: input === configured ? resolved : resolveTheme(input),
    input,
    runtime: {
      ...(input.logo ? { logo: input.logo } : {}),
      ...(logoHref ? { logoHref } : {}),
      ...(input.footer ? { footer: input.footer } : {}),
    },
  };
}

/**
 * What index.html gets in its head: the theme's style, and the seller's favicon when configured (index.html
 * links the build's own, `/favicon.ico` and `/favicon.svg`, which `renderIndex` then leaves out).
 */
export function themeHead(theme: PageTheme): string {
  const favicon = theme.input.favicon ? `<link rel="icon" href="${theme.input.favicon}">` : '';
  return `${themeStyle(theme.resolved)}${favicon}`;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
