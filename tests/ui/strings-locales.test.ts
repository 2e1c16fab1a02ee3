/**
 * The catalogues in other locales (issue 26): every English catalogue has its Spanish translation with the
 * same keys (a missing or an extra key fails) and the same placeholders, and the locale loader
 * (routes/app/locale.ts) knows exactly one key of each English catalogue, so a flow's translation loads with it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../routes/app/locale';

const root = join(__dirname, '../..');

/** Every English catalogue: root-relative path -> its texts. */
const ENGLISH: Record<string, () => Promise<Record<string, string>>> = {
  'ui/strings.ts': async () => (await import('../../ui/strings')).shellStrings,
  'ui/form-strings.ts': async () => (await import('../../ui/form-strings')).formStrings,
  'ui/home-strings.ts': async () => (await import('../../ui/home-strings')).homeStrings,
  'ui/listing-strings.ts': async () => (await import('../../ui/listing-strings')).listingStrings,
  'ui/promo-strings.ts': async () => (await import('../../ui/promo-strings')).promoBannerStrings,
  'ui/shell-extras-strings.ts': async () =>
    (await import('../../ui/shell-extras-strings')).shellExtrasStrings,
  'ui/language-strings.ts': async () => (await import('../../ui/language-strings')).languageStrings,
  'ui/membership-strings.ts': async () =>
    (await import('../../ui/membership-strings')).membershipPageDefaults,
  'ui/membership/labels.ts': async () => (await import('../../ui/membership/labels')).membershipLabels,
  'ui/account/menu-strings.ts': async () =>
    (await import('../../ui/account/menu-strings')).accountMenuStrings,
  'ui/account/strings.ts': async () => (await import('../../ui/account/strings')).accountStrings,
  'ui/cart/strings.ts': async () => (await import('../../ui/cart/strings')).cartStrings,
  'ui/checkout/strings.ts': async () => (await import('../../ui/checkout/strings')).checkoutStrings,
  'ui/checkout/pending-strings.ts': async () =>
    (await import('../../ui/checkout/pending-strings')).pendingStrings,
  'ui/checkout/scheduled-payments-strings.ts': async () =>
    (await import('../../ui/checkout/scheduled-payments-strings')).scheduledPaymentsStrings,
  'ui/checkout/gift-card-strings.ts': async () =>
    (await import('../../ui/checkout/gift-card-strings')).giftCardStrings,
  'ui/checkout/donation-strings.ts': async () =>
    (await import('../../ui/checkout/donation-strings')).donationStrings,
  'ui/complete-strings.ts': async () => (await import('../../ui/complete-strings')).completeStrings,
  'ui/checkout/address-strings.ts': async () =>
    (await import('../../ui/checkout/address-strings')).addressStrings,
  'ui/checkout/sandbox-captcha-strings.ts': async () =>
    (await import('../../ui/checkout/sandbox-captcha-strings')).sandboxCaptchaStrings,
  'ui/checkout/terms-strings.ts': async () => (await import('../../ui/checkout/terms-strings')).termsStrings,
  'ui/checkout/promo-strings.ts': async () => (await import('../../ui/checkout/promo-strings')).promoStrings,
  'ui/login/strings.ts': async () => (await import('../../ui/login/strings')).loginStrings,
  'ui/manage/strings.ts': async () => (await import('../../ui/manage/strings')).manageStrings,
  'ui/reserve/strings.ts': async () => (await import('../../ui/reserve/strings')).reserveStrings,
  'ui/seatmap/strings.ts': async () => (await import('../../ui/seatmap/strings')).seatMapDefaults,
};

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?([a-z]+)/g)].map((m) => m[1]);

describe('catalogues in other locales', () => {
  it('lists every English catalogue (each module that defines strings)', () => {
    const defining = sources('ui').filter((file) => {
      if (/\.es\.ts$/.test(file)) return false;
      const text = readFileSync(join(root, file), 'utf8');
      return /\bdefineStrings\(\{/.test(text) || /locale\.defined\?\.\(/.test(text);
    });
    expect([...new Set([...defining, 'ui/strings.ts'])].sort()).toEqual(Object.keys(ENGLISH).sort());
  });

  for (const [tag, loaders] of Object.entries(CATALOGUES)) {
    it(`${tag}: one loader per English catalogue, keyed by one of its keys`, async () => {
      const owners: string[] = [];
      for (const [file, load] of Object.entries(ENGLISH)) {
        const keys = Object.keys(await load());
        const sentinels = Object.keys(loaders).filter((key) => keys.includes(key));
        expect(sentinels, `${file} in ${tag}`).toHaveLength(1);
        owners.push(file);
      }
      expect(Object.keys(loaders)).toHaveLength(owners.length);
    });

    it(`${tag}: each translation has exactly the English keys, placeholders and markup`, async () => {
      for (const [file, load] of Object.entries(ENGLISH)) {
        const english = await load();
        const sentinel = Object.keys(loaders).find((key) => key in english) as string;
        const translated = (await (loaders[sentinel] as () => Promise<{ default: Record<string, string> }>)())
          .default;
        expect(Object.keys(translated).sort(), `${file}: keys in ${tag}`).toEqual(
          Object.keys(english).sort(),
        );
        for (const [key, text] of Object.entries(english)) {
          const other = translated[key] as string;
          expect(placeholders(other), `${file} ${key}: placeholders in ${tag}`).toEqual(placeholders(text));
          expect(tags(other), `${file} ${key}: markup in ${tag}`).toEqual(tags(text));
          // Only an empty English text may stay empty, and no text is left untranslated by accident.
          expect(other === '', `${file} ${key}: empty in ${tag}`).toBe(text === '');
        }
      }
    });
  }

  it('the entry reaches no translation and not the locale module through its static imports (first load English only)', () => {
    // Static relative imports (not `import type`, not dynamic `import()`: those start another chunk).
    const importsOf = (file: string): string[] =>
      [
        ...readFileSync(join(root, file), 'utf8').matchAll(
          /^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gms,
        ),
      ]
        .filter((m) => !/^(?:import|export)\s+type\s/.test(m[0]))
        .flatMap((m) => {
          const base = resolve(join(root, dirname(file)), (m[1] ?? m[2]) as string);
          for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
            try {
              if (statSync(candidate).isFile()) return [relative(root, candidate)];
            } catch {}
          }
          return [];
        });
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of importsOf(file)) visit(next);
    };
    visit('routes/main.tsx');
    expect(seen.has('ui/strings.ts')).toBe(true);
    expect([...seen].filter((f) => /\.es\.ts$/.test(f) || f === 'routes/app/locale.ts')).toEqual([]);
    // The locale module itself is where the translations are reached: each by a dynamic import only.
    expect(importsOf('routes/app/locale.ts').filter((f) => /\.es\.ts$/.test(f))).toEqual([]);
  });

  it('a translation lives beside its catalogue, in a file of its own (not in the English module)', () => {
    for (const file of Object.keys(ENGLISH)) {
      const text = readFileSync(join(root, file), 'utf8');
      expect(text, file).not.toMatch(/\.es'/);
    }
  });
});
