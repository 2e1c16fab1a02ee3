import './language-strings';
import type { Strings } from './strings';

export interface LanguageOption {
  /** The locale's tag (`es`). */
  tag: string;
  /** The language's name in itself (`Español`), so a visitor finds their own. */
  name: string;
  /** The current page in that language (`?lang=es`): a full load, so the whole page changes language. */
  href: string;
}

export interface LanguageSwitcherProps {
  strings: Strings;
  /** The tag of the language shown. */
  current: string;
  options: readonly LanguageOption[];
}

/**
 * The shell's language switcher (issue 26): one link per offered language, each named in its own language and
 * marked with it (`lang`, `hreflang`), the current one marked as such. Shown only when the seller offers more
 * than one.
 */
export function LanguageSwitcher({ strings, current, options }: LanguageSwitcherProps) {
  return (
    <nav className="language-switcher" aria-label={strings.language}>
      <ul>
        {options.map((option) => (
          <li key={option.tag}>
            <a
              href={option.href}
              lang={option.tag}
              hrefLang={option.tag}
              aria-current={option.tag === current ? 'true' : undefined}
            >
              {option.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
