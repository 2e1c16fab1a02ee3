/**
 * The seller's theme (issue 26; spec 3 §3 theme settings, §4 and §9 theming defaults): the colour arithmetic
 * against WCAG 2.2's own figures, and property tests (fast-check draws any colours, tiers and modes) that every
 * pair of colours a page shows together reaches AA 4.5:1 after `resolveTheme`, that a theme already at AA is
 * left as the seller wrote it, and that whatever is corrected is said.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_THEME } from '../../server/seed/theme';
import {
  AA_TEXT,
  BLACK,
  contrast,
  darken,
  ensureContrast,
  MESSAGE_ALPHA,
  over,
  parseHex,
  toHex,
  WHITE,
} from '../../server/theme/contrast';
import { resolveTheme, type ThemeInput, themeInput, themeStyle } from '../../server/theme/theme';

const hexArb = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => toHex(rgb));

const themeArb: fc.Arbitrary<ThemeInput> = fc.record(
  {
    tier: fc.constantFrom(1 as const, 2 as const, 3 as const),
    colors: fc.record(
      { primary: hexArb, secondary: hexArb, background: hexArb, text: hexArb, surface: hexArb },
      { requiredKeys: ['primary'] },
    ),
    themeMode: fc.constantFrom('light' as const, 'dark' as const),
    secondaryButtonStyle: fc.constantFrom('solid' as const, 'outline' as const),
  },
  { requiredKeys: ['colors'] },
);

/** The pairs of a palette the pages show together: text and its background, per the CSS of ui/theme.css. */
function pairs(vars: Record<string, string>): Array<[string, string, string]> {
  const v = (key: string) => {
    const value = vars[key];
    if (!value) throw new Error(`missing ${key}`);
    return value;
  };
  const out: Array<[string, string, string]> = [];
  for (const bg of ['--tix-color-bg', '--tix-color-surface', '--tix-color-message-bg']) {
    out.push(['text', v('--tix-color-text'), v(bg)]);
    out.push(['muted', v('--tix-color-muted'), v(bg)]);
    out.push(['link', v('--tix-color-primary'), v(bg)]);
  }
  out.push(['button', v('--tix-color-on-primary'), v('--tix-color-primary')]);
  out.push(['button hover', v('--tix-color-on-primary'), v('--tix-color-primary-dark')]);
  out.push(['header', v('--tix-color-header-text'), v('--tix-color-header-bg')]);
  if (v('--tix-secondary-bg') !== 'transparent') {
    out.push(['secondary button', v('--tix-secondary-text'), v('--tix-secondary-bg')]);
    out.push(['secondary hover', v('--tix-secondary-text'), v('--tix-secondary-hover')]);
  } else {
    out.push(['outline button', v('--tix-secondary-text'), v('--tix-color-bg')]);
    out.push(['outline hover', v('--tix-secondary-text'), v('--tix-secondary-hover')]);
  }
  for (const kind of ['error', 'warning', 'success'])
    out.push([kind, v(`--tix-color-${kind}`), v(`--tix-color-${kind}-bg`)]);
  return out;
}

describe('colour arithmetic', () => {
  it("matches WCAG's figures: black on white 21:1, a colour against itself 1:1, #767676 on white 4.54:1", () => {
    expect(contrast(BLACK, WHITE)).toBeCloseTo(21, 5);
    expect(contrast(parseHex('#abc'), parseHex('#aabbcc'))).toBe(1);
    expect(contrast(parseHex('#767676'), WHITE)).toBeCloseTo(4.54, 2);
  });

  it('darkens by the spec factor 0.2 and lays the message tint at alpha 0.15', () => {
    expect(toHex(darken(parseHex('#ffffff')))).toBe('#cccccc');
    expect(MESSAGE_ALPHA).toBe(0.15);
    expect(toHex(over(parseHex('#000000'), MESSAGE_ALPHA, WHITE))).toBe('#d9d9d9');
  });

  it('ensureContrast reaches AA against any single background, and keeps a colour that already does', () => {
    fc.assert(
      fc.property(hexArb, hexArb, (fg, bg) => {
        const fixed = ensureContrast(parseHex(fg), [parseHex(bg)], AA_TEXT);
        expect(contrast(fixed, parseHex(bg))).toBeGreaterThanOrEqual(AA_TEXT);
        if (contrast(parseHex(fg), parseHex(bg)) >= AA_TEXT) expect(toHex(fixed)).toBe(fg);
      }),
      { numRuns: 500 },
    );
  });
});

describe('resolveTheme', () => {
  it('every pair of colours shown together reaches AA 4.5:1, in light and in dark, or the theme is refused', () => {
    fc.assert(
      fc.property(themeArb, (theme) => {
        const resolved = resolveTheme(theme);
        // Refused only when the seller's own palette (tier 3) has a background and surface no text reads on.
        if (resolved.problems.length) {
          expect(theme.tier).toBe(3);
          return;
        }
        for (const vars of [resolved.light, resolved.dark])
          for (const [role, fg, bg] of pairs(vars))
            expect(contrast(parseHex(fg), parseHex(bg)), `${role}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(
              AA_TEXT,
            );
      }),
      { numRuns: 300 },
    );
  });

  it('a theme whose colours already pass (the demo museum’s) is shown as the seller wrote it, with no correction', () => {
    const resolved = resolveTheme({ ...DEMO_THEME, themeMode: 'light' });
    expect(resolved.corrections.filter((c) => c.mode === 'light')).toEqual([]);
    expect(resolved.light).toMatchObject({
      '--tix-color-primary': '#8a1c2b',
      '--tix-color-bg': '#fbf8f2',
      '--tix-color-text': '#2b2520',
      '--tix-color-header-bg': '#1e1b18',
      '--tix-color-header-text': '#ffffff',
    });
  });

  it('a failing colour is corrected and the correction is said: pale yellow buttons on white', () => {
    const resolved = resolveTheme({ colors: { primary: '#ffee58' }, themeMode: 'light' });
    const primary = parseHex(resolved.light['--tix-color-primary'] as string);
    expect(contrast(primary, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(resolved.corrections).toContainEqual(
      expect.objectContaining({ mode: 'light', role: 'primary', from: '#ffee58' }),
    );
  });

  it('every correction names a colour it changed, and only the colours of the tier are used', () => {
    fc.assert(
      fc.property(themeArb, (theme) => {
        const resolved = resolveTheme(theme);
        for (const c of resolved.corrections) expect(c.from).not.toBe(c.to);
        if ((theme.tier ?? 1) < 3 && theme.colors.background)
          expect(resolved.light['--tix-color-bg']).toBe('#ffffff');
      }),
      { numRuns: 200 },
    );
  });

  it('no forced mode: light, and dark for visitors who prefer it; a forced mode: that palette only', () => {
    const auto = themeStyle(resolveTheme({ colors: { primary: '#1d4ed8' } }));
    expect(auto).toMatch(
      /^<style id="tix-theme">:root\{.*color-scheme:light.*\}@media \(prefers-color-scheme: dark\)\{:root\{.*color-scheme:dark/,
    );
    const dark = themeStyle(resolveTheme({ colors: { primary: '#1d4ed8' }, themeMode: 'dark' }));
    expect(dark).toContain('color-scheme:dark');
    expect(dark).not.toContain('prefers-color-scheme');
  });

  it('tiers 1 and 2 are never refused: the seller chooses no page colours there', () => {
    fc.assert(
      fc.property(themeArb, fc.constantFrom(1 as const, 2 as const), (theme, tier) => {
        expect(resolveTheme({ ...theme, tier }).problems).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('a tier 3 palette no text can read on both of is refused with the reason', () => {
    const resolved = resolveTheme({
      tier: 3,
      colors: { primary: '#000000', surface: '#008a29', background: '#111418' },
      themeMode: 'dark',
    });
    expect(resolved.problems.join(' ')).toMatch(
      /dark: text #[0-9a-f]{6} on #008a29 reach only 4\.\d\d:1 \(AA needs 4\.5:1\)/,
    );
  });
});

describe('themeInput', () => {
  it.each([
    ['a colour that is not hex', { colors: { primary: 'red' } }],
    ['an unknown key', { colors: { primary: '#000' }, script: 'x' }],
    ['a font list that could end the style', { colors: { primary: '#000' }, fonts: { body: 'x;}</style>' } }],
    [
      'a logo from another site',
      { colors: { primary: '#000' }, logo: { src: 'https://evil.example/x.png', alt: 'x' } },
    ],
    ['a protocol-relative favicon', { colors: { primary: '#000' }, favicon: '//evil.example/x.ico' }],
    ['a footer with markup', { colors: { primary: '#000' }, footer: '<b>hi</b>' }],
    ['a radius out of range', { colors: { primary: '#000' }, radius: 100 }],
  ])('refuses %s', (_, raw) => {
    expect(themeInput.safeParse(raw).success).toBe(false);
  });
});
