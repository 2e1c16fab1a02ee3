/** The language switcher's texts in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { languageStrings } from './language-strings';

export default {
  language: 'Idioma',
} satisfies Record<keyof typeof languageStrings, string>;
