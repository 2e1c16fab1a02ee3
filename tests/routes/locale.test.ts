/**
 * The visitor's locale applied (issue 26, routes/app/locale.ts): negotiated, kept when chosen through
 * `?lang=`, set on `<html lang>`, the formatting locale and the plural rules; the shell's translation loaded
 * before the first render, a flow's when its English texts join the catalogue; nothing loaded for English.
 */
import { describe, expect, it, vi } from 'vitest';
import { createStorage } from '../../routes/storage';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    storage: createStorage(() => ({
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    })),
  };
}

const LOCALES = { default: 'en', offered: ['en', 'es'] };

async function fresh() {
  vi.resetModules();
  const strings = await import('../../ui/strings');
  const { formats } = await import('../../ui/format');
  const { startLocale, localeKey } = await import('../../routes/app/locale');
  return { strings, formats, startLocale, localeKey };
}

describe('startLocale', () => {
  it('a browser in es-ES gets Spanish: the shell at once, a flow when it loads, Spanish plurals and formats', async () => {
    const { strings, formats, startLocale } = await fresh();
    const { storage, map } = memoryStorage();
    const root = { lang: 'en' };
    const visitor = await startLocale(
      { sellerId: 's1', locales: LOCALES },
      { search: '', languages: ['es-ES', 'en'], storage, root },
    );
    expect(visitor).toEqual({ locale: 'es', defaultLocale: 'en', offered: ['en', 'es'] });
    expect(root.lang).toBe('es');
    expect(formats.locale).toBe('es-ES');
    expect(formats.zoned?.('2026-11-21T15:00:00.000Z', 'Europe/Madrid', false, true)).toBe('16:00');
    expect(map.size).toBe(0); // nothing chosen: nothing kept
    const catalogue = strings.createStrings({ homeWelcome: 'Bienvenidos al museo' });
    expect(catalogue.skipToContent).toBe('Saltar al contenido');
    // The seller's portal strings stay on top of the translation.
    expect(catalogue.homeWelcome).toBe('Bienvenidos al museo');
    // The checkout flow is not loaded: neither its English nor its Spanish texts are there.
    expect(catalogue.paymentInformation).toBeUndefined();
    const changed = vi.fn();
    strings.locale.changed = changed;
    await import('../../ui/checkout/strings');
    await strings.locale.ready;
    expect(catalogue.paymentInformation).toBe('Datos de pago');
    expect(changed).toHaveBeenCalled();
    await import('../../ui/cart/strings');
    await strings.locale.ready;
    expect(strings.text(catalogue, 'cartTicketCount', { count: 1 })).toBe('1 entrada en tu carrito');
    expect(strings.text(catalogue, 'cartTicketCount', { count: 3 })).toBe('3 entradas en tu carrito');
    // The English defaults are untouched beneath.
    expect(strings.defaultStrings.skipToContent).toBe('Skip to content');
  });

  it('?lang=en wins over the browser and is kept; a stored choice wins on the next visit', async () => {
    const first = await fresh();
    const { storage, map } = memoryStorage();
    const root = { lang: '' };
    const env = { search: '?lang=en&x=1', languages: ['es-ES'], storage, root };
    expect((await first.startLocale({ sellerId: 's1', locales: LOCALES }, env))?.locale).toBe('en');
    expect(map.get(first.localeKey('s1'))).toBe('en');
    expect(root.lang).toBe('en');
    // English: no translation loaded, nothing to wait for.
    expect(first.strings.createStrings().skipToContent).toBe('Skip to content');
    expect(first.strings.locale.defined).toBeUndefined();

    const next = await fresh();
    expect(
      (await next.startLocale({ sellerId: 's1', locales: LOCALES }, { ...env, search: '' }))?.locale,
    ).toBe('en');
    map.set(next.localeKey('s1'), 'es');
    const third = await fresh();
    const visitor = await third.startLocale(
      { sellerId: 's1', locales: LOCALES },
      { ...env, search: '', languages: ['en-US'] },
    );
    expect(visitor?.locale).toBe('es');
    expect(third.strings.createStrings().cart).toBe('Tu carrito');
    // A seller naming no locales: nothing negotiated, nothing set.
    const none = await fresh();
    expect(await none.startLocale({ sellerId: 's1' }, { ...env, root: { lang: 'en' } })).toBeUndefined();
    expect(none.strings.locale.tag).toBe('en');
    // A lang the seller does not offer is not kept.
    const fourth = await fresh();
    await fourth.startLocale({ sellerId: 's1', locales: LOCALES }, { ...env, search: '?lang=fr' });
    expect(map.get(fourth.localeKey('s1'))).toBe('es');
  });
});

describe('my account in the visitor’s locale', () => {
  it('the membership’s expiry date in Spanish once the locale is set, in English otherwise', async () => {
    vi.resetModules();
    const english = await import('../../routes/account/MyAccountScreen');
    expect(english.formatExpiry('2027-03-31T00:00:00Z')).toBe('March 31, 2027');
    vi.resetModules();
    const { formats } = await import('../../ui/format');
    const { zonedTexts } = await import('../../ui/format-locale');
    formats.locale = 'es-ES';
    formats.zoned = zonedTexts('es-ES');
    const spanish = await import('../../routes/account/MyAccountScreen');
    expect(spanish.formatExpiry('2027-03-31T00:00:00Z')).toBe('31 de marzo de 2027');
  });
});
