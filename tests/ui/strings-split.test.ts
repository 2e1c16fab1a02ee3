/**
 * The catalogue split by flow (ui/strings.ts): the shell's texts in the first load, each flow's texts in a
 * `strings.ts` that joins the catalogue when the flow's chunk loads.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const root = join(__dirname, '../..');

/** The flows' catalogue modules (root-relative path -> the module's exported catalogue). */
const FLOWS: Record<string, () => Promise<Record<string, unknown>>> = {
  'ui/reserve/strings.ts': () => import('../../ui/reserve/strings'),
  'ui/cart/strings.ts': () => import('../../ui/cart/strings'),
  'ui/checkout/strings.ts': () => import('../../ui/checkout/strings'),
  'ui/checkout/terms-strings.ts': () => import('../../ui/checkout/terms-strings'),
  'ui/checkout/sandbox-captcha-strings.ts': () => import('../../ui/checkout/sandbox-captcha-strings'),
  'ui/checkout/pending-strings.ts': () => import('../../ui/checkout/pending-strings'),
  'ui/form-strings.ts': () => import('../../ui/form-strings'),
  'ui/listing-strings.ts': () => import('../../ui/listing-strings'),
  'ui/login/strings.ts': () => import('../../ui/login/strings'),
  'ui/account/menu-strings.ts': () => import('../../ui/account/menu-strings'),
  'ui/account/strings.ts': () => import('../../ui/account/strings'),
  'ui/membership-strings.ts': () => import('../../ui/membership-strings'),
  'ui/seatmap/strings.ts': () => import('../../ui/seatmap/strings'),
  'ui/language-strings.ts': () => import('../../ui/language-strings'),
  'ui/home-strings.ts': () => import('../../ui/home-strings'),
};

/** The one object of texts a catalogue module exports. */
function textsOf(module: Record<string, unknown>): Record<string, string> {
  const objects = Object.values(module).filter(
    (v): v is Record<string, string> => typeof v === 'object' && v !== null,
  );
  expect(objects).toHaveLength(1);
  return objects[0] as Record<string, string>;
}

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Static relative imports of a module (dynamic `import()` starts another chunk: not followed). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gms),
  ]
    .filter((m) => !/^import\s+type\s/.test(m[0]) && !/^export\s+type\s/.test(m[0]))
    .map((m) => (m[1] ?? m[2]) as string);
  return specifiers.flatMap((spec) => {
    const base = resolve(join(root, dirname(file)), spec);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
      try {
        if (statSync(candidate).isFile()) return [relative(root, candidate)];
      } catch {}
    }
    return [];
  });
}

function closure(file: string): Set<string> {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const next of importsOf(f)) visit(next);
  };
  visit(file);
  return seen;
}

describe('strings per flow', () => {
  it('keeps the lazy flows out of the shell: the shell catalogue alone, then each flow joins when loaded', async () => {
    vi.resetModules();
    const catalogue = await import('../../ui/strings');
    const shellKeys = Object.keys(catalogue.shellStrings);
    const strings = catalogue.createStrings({
      cardNumber: 'Numéro de carte',
      skipToContent: 'Aller au contenu',
    });
    // Only the shell is there before a flow loads; an override of a flow's key waits for it.
    expect(Object.keys(catalogue.defaultStrings).sort()).toEqual([...shellKeys].sort());
    expect(strings.skipToContent).toBe('Aller au contenu');
    expect(catalogue.defaultStrings.paymentInformation).toBeUndefined();
    // The checkout view brings checkout's texts (and the shared field messages) with it.
    await import('../../ui/checkout/CheckoutView');
    expect(strings.paymentInformation).toBe('Payment information');
    expect(strings.firstNameRequired).toBe('Please enter your first name.');
    // The seller's portal string of a lazily loaded key still wins, in a catalogue made before it loaded.
    expect(strings.cardNumber).toBe('Numéro de carte');
    expect(catalogue.resolveMessage(strings, { key: 'cardNumber' })).toBe('Numéro de carte');
    // A flow not loaded yet: nothing of it is there.
    expect(catalogue.defaultStrings.createNewPassword).toBeUndefined();
  });

  it('holds about half of the texts in the lazy flows, each key in one catalogue only', async () => {
    const { shellStrings } = await import('../../ui/strings');
    const owner = new Map<string, string>(Object.keys(shellStrings).map((k) => [k, 'ui/strings.ts']));
    let flowKeys = 0;
    for (const [file, load] of Object.entries(FLOWS)) {
      for (const key of Object.keys(textsOf(await load()))) {
        expect(owner.get(key), `${key} in ${file} and ${owner.get(key)}`).toBeUndefined();
        owner.set(key, file);
        flowKeys++;
      }
    }
    expect(flowKeys).toBeGreaterThan(Object.keys(shellStrings).length);
  });

  it('a key that is not loaded reads as the generic error, never blank or undefined', async () => {
    vi.resetModules();
    const { createStrings, resolveMessage, shellStrings } = await import('../../ui/strings');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(resolveMessage(createStrings(), { key: 'createNewPassword' })).toBe(shellStrings.errorUnexpected);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('createNewPassword'));
    warn.mockRestore();
  });

  it('every module that uses a flow key imports that flow’s strings (so the texts travel in its chunk)', async () => {
    const owner = new Map<string, string>();
    for (const [file, load] of Object.entries(FLOWS)) {
      for (const key of Object.keys(textsOf(await load()))) owner.set(key, file);
    }
    const missing: string[] = [];
    for (const file of [...sources('ui'), ...sources('routes')]) {
      if (file in FLOWS || file === 'ui/strings-all.ts' || file.startsWith('routes/stories/')) continue;
      const text = readFileSync(join(root, file), 'utf8');
      const used = new Set([
        ...[...text.matchAll(/\b(?:strings|catalogue|s|t)\.(\w+)/g)].map((m) => m[1] as string),
        ...[...text.matchAll(/\bkey: '(\w+)'/g)].map((m) => m[1] as string),
        ...(/\bStringKey\b/.test(text) ? [...text.matchAll(/'(\w+)'/g)].map((m) => m[1] as string) : []),
      ]);
      const reach = closure(file);
      for (const key of used) {
        const flow = owner.get(key);
        if (flow && !reach.has(flow)) missing.push(`${file}: ${key} (${flow})`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('plural forms (Intl.PluralRules for the catalogue’s locale)', () => {
  it('reads one ticket as "1 ticket", never "1 tickets"; other counts in the plural', async () => {
    const { createStrings, text, resolveMessage } = await import('../../ui/strings');
    const strings = createStrings();
    expect(text(strings, 'cartTicketCount', { count: 1 })).toBe('1 ticket in your cart');
    expect(text(strings, 'cartTicketCount', { count: 1 })).not.toMatch(/\b1 tickets\b/);
    for (const n of [0, 2, 5, 100])
      expect(text(strings, 'cartTicketCount', { count: n })).toBe(`${n} tickets in your cart`);
    expect(resolveMessage(strings, { key: 'cartTicketCount', params: { count: 1 } })).toBe(
      '1 ticket in your cart',
    );
    // The parameter that picks the form can differ from the one shown ('99+' on the badge).
    expect(text(strings, 'cartTicketCount', { count: '99+', tickets: 120 }, 'tickets')).toBe(
      '99+ tickets in your cart',
    );
    expect(text(strings, 'seatProgress', { group: 'Adult', count: 0, total: 1 }, 'total')).toBe(
      'Adult: 0 of 1 seat chosen',
    );
    expect(text(strings, 'seatProgress', { group: 'Adult', count: 1, total: 2 }, 'total')).toBe(
      'Adult: 1 of 2 seats chosen',
    );
  });

  it('every count-bearing text has its forms, and the seller can override each form', async () => {
    const { createStrings, text, defaultStrings } = await import('../../ui/strings');
    const all = defaultStrings as Record<string, string>;
    // A text that shows a number of things ({count} or {total} before a noun) has a `_one` form.
    const counted = Object.keys(all).filter(
      (k) => !/_(zero|one|two|few|many|other)$/.test(k) && /\{(count|total)\} [a-z]+s\b/.test(all[k] ?? ''),
    );
    expect(counted.sort()).toEqual(['cartTicketCount', 'seatProgress']);
    for (const key of counted) expect(all[`${key}_one`]).toBeTypeOf('string');
    const strings = createStrings({ cartTicketCount_one: 'Un billet', cartTicketCount: '{count} billets' });
    expect(text(strings, 'cartTicketCount', { count: 1 })).toBe('Un billet');
    expect(text(strings, 'cartTicketCount', { count: 3 })).toBe('3 billets');
  });
});
