import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import axe from 'axe-core';
import type { Seller } from './fixtures';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/**
 * WCAG 2.5.3 "label in name" (issue 27): axe has it as an experimental rule, off unless asked for by name; a
 * control whose name does not contain the text it shows fails every check.
 */
const LABEL_IN_NAME = 'label-content-name-mismatch';

/**
 * axe-core: no WCAG 2.2 A/AA violations on what the page shows now. The same axe-core and the same rules
 * (the tags) as `new AxeBuilder({ page }).withTags(...).analyze()`, run the cheap way: axe is injected once
 * per document (not again on every check) and `axe.run` checks the whole document in place, where the
 * builder injects it again each time, runs `axe.runPartial` and then opens a blank page of its own, injects
 * axe there too and finishes the run in it (seconds per check on two cores). A page with child frames keeps
 * the builder, which tests every frame.
 */
export async function expectNoA11yViolations(page: Page, screen: string) {
  const scheme = await page.evaluate(() =>
    matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
  );
  const summary = (await axeViolations(page)).map((v) => `${scheme}: ${describe(v)}`);
  // The other colour scheme too (issue 27: every screen light and dark): the theme's dark colours come from
  // `prefers-color-scheme` alone, so only colours differ, and only colour contrast is checked again.
  const other = scheme === 'dark' ? 'light' : 'dark';
  await page.emulateMedia({ colorScheme: other });
  try {
    summary.push(...(await axeViolations(page, ['color-contrast'])).map((v) => `${other}: ${describe(v)}`));
  } finally {
    await page.emulateMedia({ colorScheme: scheme });
  }
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

const describe = (v: axe.Result) =>
  `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`;

/** WCAG 2.2 A/AA (and label in name) on the page as it is now, or only the rules named. */
async function axeViolations(page: Page, only?: string[]): Promise<axe.Result[]> {
  // Colours are checked as they settle: a dialog's opening fade or a colour scheme's transition is no contrast
  // failure (finite animations only; a spinner runs on).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page });
    return (
      await (only
        ? builder.withRules(only)
        : builder.withTags(WCAG_22_AA).options({ rules: { [LABEL_IN_NAME]: { enabled: true } } })
      ).analyze()
    ).violations;
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, rule, only }) =>
      (
        await (window as unknown as { axe: typeof axe }).axe.run(
          document,
          only
            ? { runOnly: { type: 'rule', values: only } }
            : { runOnly: { type: 'tag', values: tags }, rules: { [rule]: { enabled: true } } },
        )
      ).violations,
    { tags: WCAG_22_AA, rule: LABEL_IN_NAME, only },
  );
}

/** True when the element is a dialog shown modally (top layer; the rest of the page is inert). */
export const isModal = (dialog: Locator) => dialog.evaluate((d) => d.matches(':modal'));

/** Tabs `times` times (Shift+Tab when `back`); focus must stay in the dialog (the browser may pass through
 * its own UI: body). */
export async function expectTabStaysIn(page: Page, modalName: string, times: number, back = false) {
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const where = await page.evaluate((name) => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'page';
      return active.closest(`dialog[data-modal="${name}"]`) ? 'dialog' : `outside: ${active.outerHTML}`;
    }, modalName);
    expect(['dialog', 'page']).toContain(where);
  }
}

/**
 * The APG "Dialog (Modal)" pattern's own expectations (w3c/aria-practices, test/tests/dialog-modal_dialog.js),
 * restated for a dialog of our modal stack that is open now (issue 27: every dialog keeps them):
 * - it is a dialog (or an alertdialog) shown modally, so the page behind is inert (the APG's aria-modal);
 * - it is named by its own visible heading (aria-labelledby points at an element inside it);
 * - focus is inside it, and Tab and Shift+Tab keep it inside;
 * - Escape closes a closeable one and focus returns to the control that opened it, which opens it again (the
 *   test goes on with the dialog open); a dialog that is not closeable stays open.
 * Focus is left on the dialog's first focusable control, as on open.
 */
export async function expectApgDialog(
  page: Page,
  dialog: Locator,
  how: { opener?: Locator; closeable: boolean },
): Promise<void> {
  await expect(dialog).toBeVisible();
  expect(await isModal(dialog), 'shown modally').toBe(true);
  const facts = await dialog.evaluate((d) => {
    const id = d.getAttribute('aria-labelledby');
    const label = id ? document.getElementById(id) : null;
    return {
      name: d.getAttribute('data-modal') ?? '',
      heading: label && d.contains(label) ? (label.textContent ?? '').trim() : null,
      focusInside: d.contains(document.activeElement),
    };
  });
  expect(facts.heading, 'named by a heading inside it').toBeTruthy();
  await expect(dialog).toHaveAccessibleName(facts.heading as string);
  expect(facts.focusInside, 'focus inside on open').toBe(true);
  const first = await focusedControl(page);
  await expectTabStaysIn(page, facts.name, 3);
  await expectTabStaysIn(page, facts.name, 3, true);
  await page.keyboard.press('Escape');
  if (!how.closeable) {
    await expect(dialog).toBeVisible();
    expect(await isModal(dialog)).toBe(true);
    return;
  }
  await expect(dialog).toBeHidden();
  if (!how.opener) return;
  await expect(how.opener).toBeFocused();
  await how.opener.click();
  await expect(dialog).toBeVisible();
  // The same control takes focus again, once the dialog's content has loaded.
  await expect.poll(() => focusedControl(page)).toBe(first);
}

/** The focused control as a person tells it apart: its role-ish tag, type, name attribute and text. */
const focusedControl = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'nothing';
    return [
      a.tagName,
      a.getAttribute('type'),
      a.getAttribute('name'),
      a.getAttribute('aria-label'),
      a.textContent?.trim(),
    ]
      .map((part) => part ?? '')
      .join('|');
  });

/** Records every API request (both prefixes) the page makes. */
export function recordApiRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') || path.startsWith('/cached/api/')) requests.push(request);
  });
  return requests;
}

/**
 * The second day that can be chosen in a reserve form's date list, not the first. The test server runs on the real
 * clock: the first is often today, whose next time closes when it starts, and a test that chose it a few seconds
 * before then was refused ('Sorry, tickets are no longer available at the selected time.'). Every spec that
 * reserves uses it: the phone purchase test, which still chose the first day, failed once in CI. Tomorrow's
 * times are hours away.
 */
export function laterDay(form: Locator): Locator {
  return form.getByRole('list').getByRole('button', { disabled: false }).nth(1);
}

/** Opens General Admission from the listing and chooses its second day that can be chosen (`laterDay`) and its first time. */
export async function openFirstAdmissionTime(page: Page, seller: Seller) {
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'General Admission' }).click();
  await laterDay(page.getByRole('form', { name: 'Book tickets' })).click();
  await page.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
}

/**
 * Reserves one ticket of a General Admission type for the second day and its first time that can be chosen, the way
 * a visitor would, and waits for checkout.
 */
export async function reserveOneTicket(page: Page, seller: Seller, typeName: 'Adult' | 'Child' | 'Senior') {
  await openFirstAdmissionTime(page, seller);
  await page.getByRole('button', { name: `Add one ${typeName}` }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();
}

/**
 * Removes an item from the cart widget: its remove button, then Confirm in the remove confirm (a dialog on
 * the modal stack, over the page, not inside the cart). Returns the cart widget.
 */
export async function removeFromCart(page: Page, itemName: string) {
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await cart.getByRole('button', { name: `Remove ${itemName}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove these tickets?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  return cart;
}

/**
 * Fills checkout's identity form as a guest (Ada Lovelace, `email` twice) and the sandbox card with the test card
 * that succeeds (`4242 4242 4242 4242`, a future expiry, any CVC), the way a visitor types them; the caller pays.
 */
export async function fillGuestCheckout(page: Page, email: string) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').fill(email);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
}
