/**
 * The language switcher's texts (issue 26; ours). They load with the switcher, which only a seller offering
 * more than one locale shows (see `ui/strings.ts`).
 */
import { defineStrings } from './strings';

export const languageStrings = defineStrings({
  language: 'Language',
});
