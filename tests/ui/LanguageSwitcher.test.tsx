// @vitest-environment jsdom
/**
 * The language switcher (issue 26): in the header beside the account menu, one link per offered language,
 * named in that language and marked with it, the current one marked; each link is the page in that language.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { languageName, withLang } from '../../routes/app/LanguageSlot';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { Shell } from '../../ui/Shell';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

describe('LanguageSwitcher', () => {
  it('names each language in itself, marks the current one, and links to the page in that language', () => {
    const strings = createStrings();
    const options = ['en', 'es'].map((tag) => ({
      tag,
      name: languageName(tag),
      href: withLang('/city/events', '?category=art&lang=en', tag),
    }));
    render(
      <Shell
        strings={strings}
        sellerName="City Museum"
        homeHref="/city/"
        onNavigate={() => {}}
        year={2026}
        languages={<LanguageSwitcher strings={strings} current="es" options={options} />}
      >
        content
      </Shell>,
    );
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Language' });
    const english = within(nav).getByRole('link', { name: 'English' });
    const spanish = within(nav).getByRole('link', { name: 'Español' });
    expect(english.getAttribute('lang')).toBe('en');
    expect(spanish.getAttribute('hreflang')).toBe('es');
    expect(spanish.getAttribute('aria-current')).toBe('true');
    expect(english.getAttribute('aria-current')).toBeNull();
    expect(english.getAttribute('href')).toBe('/city/events?category=art&lang=en');
    expect(spanish.getAttribute('href')).toBe('/city/events?category=art&lang=es');
  });

  it('a tag Intl cannot name reads as the tag itself', () => {
    expect(languageName('es')).toBe('Español');
    expect(languageName('fr-CA')).toMatch(/^Français/);
    expect(languageName('x-bogus-not-a-tag')).toBe('x-bogus-not-a-tag');
  });
});
