/**
 * Locale negotiation (issue 26, domain/locale.ts): the query's `lang`, then the stored choice, then the
 * browser's languages in order, then the seller's default; always one of the seller's offered locales.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTag, matchLocale, negotiateLocale } from '../../domain/locale';

const seller = { default: 'en', offered: ['en', 'es'] };

describe('negotiateLocale', () => {
  it('takes the seller default when nothing asks for another', () => {
    expect(negotiateLocale(seller)).toEqual({ locale: 'en', format: 'en' });
    expect(negotiateLocale(seller, { browser: ['fr-FR', 'de'] }).locale).toBe('en');
    expect(negotiateLocale({ default: 'es', offered: ['es', 'en'] }, { browser: ['fr'] }).locale).toBe('es');
  });

  it('follows the browser by language, in its order of preference, formatting in its regional tag', () => {
    expect(negotiateLocale(seller, { browser: ['es-ES', 'en'] })).toEqual({ locale: 'es', format: 'es-ES' });
    expect(negotiateLocale(seller, { browser: ['fr', 'es-MX', 'en-GB'] })).toEqual({
      locale: 'es',
      format: 'es-MX',
    });
    expect(negotiateLocale(seller, { browser: ['en-GB', 'es'] })).toEqual({ locale: 'en', format: 'en-GB' });
    // An offered regional locale matches a request of its language, and an exact one wins over another region.
    const regional = { default: 'en-US', offered: ['en-US', 'es-MX', 'es-ES'] };
    expect(negotiateLocale(regional, { browser: ['es'] }).locale).toBe('es-MX');
    expect(negotiateLocale(regional, { browser: ['es-ES'] }).locale).toBe('es-ES');
  });

  it('a query lang beats a stored choice, which beats the browser; unknown ones are passed over', () => {
    expect(negotiateLocale(seller, { query: 'en', stored: 'es', browser: ['es-ES'] }).locale).toBe('en');
    expect(negotiateLocale(seller, { stored: 'en', browser: ['es-ES'] }).locale).toBe('en');
    expect(negotiateLocale(seller, { query: 'ES', browser: [] }).locale).toBe('es');
    expect(negotiateLocale(seller, { query: 'fr', stored: 'xx', browser: ['es'] }).locale).toBe('es');
    // Formatting follows the browser's region of the chosen language even when the query chose it.
    expect(negotiateLocale(seller, { query: 'es', browser: ['en-US', 'es-AR'] }).format).toBe('es-AR');
  });

  it('a default missing from the offered list is offered all the same', () => {
    expect(negotiateLocale({ default: 'es', offered: ['en'] }, { query: 'es' }).locale).toBe('es');
  });

  const tag = fc.constantFrom(
    'en',
    'es',
    'fr',
    'de',
    'en-GB',
    'es-MX',
    'ES',
    'pt-BR',
    'xx',
    '',
    ' ',
    'not a tag',
  );
  const sellers = fc
    .uniqueArray(fc.constantFrom('en', 'es', 'fr', 'en-GB', 'es-MX', 'pt-BR'), { minLength: 1, maxLength: 4 })
    .chain((offered) => fc.record({ default: fc.constantFrom(...offered), offered: fc.constant(offered) }));
  const requests = fc.record({
    query: fc.option(tag),
    stored: fc.option(tag),
    browser: fc.array(tag, { maxLength: 4 }),
  });

  it('always answers an offered locale (property)', () => {
    fc.assert(
      fc.property(sellers, requests, (s, request) => {
        expect(s.offered).toContain(negotiateLocale(s, request).locale);
      }),
    );
  });

  it('an offered query wins whatever else is asked (property)', () => {
    fc.assert(
      fc.property(sellers, requests, (s, request) => {
        for (const offered of s.offered)
          expect(negotiateLocale(s, { ...request, query: offered }).locale).toBe(offered);
      }),
    );
  });

  it('the first browser language the seller offers decides without query or stored choice (property)', () => {
    fc.assert(
      fc.property(sellers, requests, (s, { browser }) => {
        const first = browser.map((b) => matchLocale(b, s.offered)).find((m) => m !== null);
        expect(negotiateLocale(s, { browser }).locale).toBe(first ?? s.default);
      }),
    );
  });

  it('the formatting locale is always a well-formed tag of the chosen language (property)', () => {
    fc.assert(
      fc.property(sellers, requests, (s, request) => {
        const { locale, format } = negotiateLocale(s, request);
        expect(isTag(format)).toBe(true);
        expect(format.toLowerCase().split('-')[0]).toBe(locale.toLowerCase().split('-')[0]);
      }),
    );
  });
});
