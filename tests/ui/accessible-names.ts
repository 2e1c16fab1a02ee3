/**
 * The accessible-name rule the component tests hold every screen to (issue 27), the way a screen reader or a
 * voice-control user meets the controls:
 * - every control has a name;
 * - label in name (WCAG 2.5.3): a control whose name is not its visible text contains that text, word for word
 *   and in order (punctuation and case aside), so "click Thu 26" works;
 * - names are unique within their region (the closest dialog, form, named section, landmark or the page): two
 *   "Add one Adult" buttons, one per seating group, must each name their group.
 * Controls hidden from the accessibility tree (`hidden`, `aria-hidden`, `display: none`) are left out.
 */
import { computeAccessibleName } from 'dom-accessibility-api';

const CONTROLS = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="option"]',
  '[role="menuitem"]',
  '[role="slider"]',
  '[role="spinbutton"]',
].join(',');

/** The elements that make a region: a name found twice inside one of them is a duplicate. */
const REGIONS = [
  'dialog',
  '[role="dialog"]',
  '[role="alertdialog"]',
  'form',
  'section[aria-labelledby]',
  'section[aria-label]',
  '[role="region"]',
  'main',
  'nav',
  'aside',
  'header',
  'footer',
  '[role="tabpanel"]',
].join(',');

const hiddenFromTree = (el: Element): boolean => {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return true;
    if (node instanceof HTMLElement && node.style.display === 'none') return true;
  }
  return false;
};

/** Text as the label-in-name comparison reads it: lower case, punctuation and symbols dropped, spaces single. */
export const curated = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The text a control shows (not its name): the text of its visible, not aria-hidden, descendants. */
function visibleText(el: Element): string {
  if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)
    return '';
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    else if (node instanceof Element) {
      if (node.getAttribute('aria-hidden') === 'true' || node.classList.contains('visually-hidden')) return;
      for (const child of node.childNodes) walk(child);
    }
  };
  walk(el);
  return text;
}

export interface NameProblem {
  rule: 'no name' | 'label in name' | 'duplicate in region';
  name: string;
  detail: string;
}

/** What breaks the rule in a rendered tree (an empty list when nothing does). */
export function accessibleNameProblems(root: ParentNode = document.body): NameProblem[] {
  const problems: NameProblem[] = [];
  const byRegion = new Map<Element | null, Map<string, number>>();
  for (const el of root.querySelectorAll(CONTROLS)) {
    if (hiddenFromTree(el)) continue;
    const name = computeAccessibleName(el).trim();
    const what = `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}>`;
    if (!name) {
      problems.push({ rule: 'no name', name, detail: `${what} has no accessible name` });
      continue;
    }
    const shown = curated(visibleText(el));
    // Text of one character or symbols only ("+", "‹") is not a label a person would speak: skipped, as axe does.
    if (shown.replace(/\s/g, '').length > 1 && !curated(name).includes(shown))
      problems.push({
        rule: 'label in name',
        name,
        detail: `${what} shows "${visibleText(el).trim()}" but is named "${name}"`,
      });
    const region = el.parentElement?.closest(REGIONS) ?? null;
    const names = byRegion.get(region) ?? new Map<string, number>();
    byRegion.set(region, names);
    names.set(name, (names.get(name) ?? 0) + 1);
  }
  for (const [region, names] of byRegion)
    for (const [name, count] of names)
      if (count > 1)
        problems.push({
          rule: 'duplicate in region',
          name,
          detail: `${count} controls named "${name}" in ${region ? `<${region.tagName.toLowerCase()}>` : 'the page'}`,
        });
  return problems;
}
