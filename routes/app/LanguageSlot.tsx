/**
 * The shell's language switcher (issue 26), loaded only for a seller naming locales, shown when it offers more
 * than one. Each link is the current page with `?lang=`: a full load, which negotiates that locale and keeps the
 * choice.
 */
import { useLocation, useSearch } from 'wouter';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { useServices } from './services';

/** A language's name in itself, capitalised as a menu item (`español` → `Español`); else its tag. */
export function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    if (name && name !== tag) return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    // not a tag Intl knows: shown as it is
  }
  return tag;
}

/** `href` (a path with its query) with `lang` set to `tag`. */
export function withLang(pathname: string, search: string, tag: string): string {
  const params = new URLSearchParams(search);
  params.set('lang', tag);
  return `${pathname}?${params.toString()}`;
}

export default function LanguageSlot() {
  const { strings, locale } = useServices();
  // Read so that the links follow the page as the visitor moves through the storefront.
  useLocation();
  useSearch();
  // Only a seller offering more than one language has a switcher.
  if (!locale || locale.offered.length < 2) return null;
  const { pathname, search } = window.location;
  return (
    <LanguageSwitcher
      strings={strings}
      current={locale.locale}
      options={locale.offered.map((tag) => ({
        tag,
        name: languageName(tag),
        href: withLang(pathname, search, tag),
      }))}
    />
  );
}
