/**
 * The seller's portal strings per locale (issue 26, api/config.ts): the row's top-level texts are in the
 * seller's default locale; `locales: { [tag]: { [key]: text } }` adds or overrides any locale's texts.
 */
import { describe, expect, it } from 'vitest';
import { createConfig } from '../../api/config';

const SELLER = 'seller-1';
const row = (value: unknown) => ({
  config: {
    _count: 1,
    _data: [{ id: 'c1', resource: 'seller', resource_id: SELLER, key: 'portal_strings', value }],
  },
});
const configOf = (value: unknown) => createConfig(async () => row(value), SELLER);

const VALUE = {
  skipToContent: 'Jump to the page',
  homeWelcome: 'Welcome to the museum',
  locales: {
    es: { skipToContent: 'Ir a la página', homeWelcome: 7 },
    fr: { skipToContent: 'Aller au contenu' },
  },
};

describe('portal strings in the visitor’s locale', () => {
  it('without locales: the top-level texts, as before', async () => {
    expect(await configOf(VALUE).portalStrings()).toEqual({
      skipToContent: 'Jump to the page',
      homeWelcome: 'Welcome to the museum',
    });
  });

  it('in the default locale: the top-level texts, then that locale’s own over them', async () => {
    const value = { ...VALUE, locales: { ...VALUE.locales, en: { homeWelcome: 'Hello' } } };
    expect(await configOf(value).portalStrings({ locale: 'en', defaultLocale: 'en' })).toEqual({
      skipToContent: 'Jump to the page',
      homeWelcome: 'Hello',
    });
  });

  it('in another locale: only that locale’s texts (strings only), never the default locale’s', async () => {
    expect(await configOf(VALUE).portalStrings({ locale: 'es', defaultLocale: 'en' })).toEqual({
      skipToContent: 'Ir a la página',
    });
    // A locale the storefront ships no catalogue for: the seller adds it.
    expect(await configOf(VALUE).portalStrings({ locale: 'fr', defaultLocale: 'en' })).toEqual({
      skipToContent: 'Aller au contenu',
    });
    expect(await configOf(VALUE).portalStrings({ locale: 'de', defaultLocale: 'en' })).toEqual({});
  });

  it('a Spanish seller’s top-level texts are its Spanish ones', async () => {
    expect(await configOf(VALUE).portalStrings({ locale: 'es', defaultLocale: 'es' })).toEqual({
      skipToContent: 'Ir a la página',
      homeWelcome: 'Welcome to the museum',
    });
  });
});
