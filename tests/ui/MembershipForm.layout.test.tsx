// @vitest-environment jsdom
/**
 * The membership form's controls are laid out like the reserve forms' (issue 25, membership form leftovers):
 * the unnamed-member stepper is the reserve forms' compact `.stepper` (− count + in one row, in its fieldset), not
 * full-width stacked buttons; each yes/no radio (optional named member, auto-renew) and the extend checkbox has
 * its label beside it (the text follows the input inside one `.choice` label, the pair in one `.choice-row`),
 * not under it. jsdom lays nothing out, so the rows are checked through the markup and the theme's rules.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MembershipForm, type MembershipFormProps } from '../../ui/membership/MembershipForm';
import { withMembershipStrings } from '../../ui/membership-strings';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

const strings = withMembershipStrings(createStrings());
const noop = () => {};

const view: MembershipFormProps['view'] = {
  status: 'ready',
  levels: [
    {
      id: 't-dual',
      name: 'Dual',
      description: null,
      priceCents: 9000,
      originalPriceCents: null,
      selected: true,
    },
  ],
  extend: { shown: true, checked: false },
  members: [],
  optional: { kind: 'radio', count: 1, value: 0 },
  unnamed: { min: 0, max: 4, value: 1 },
  survey: [],
  autoRenew: { shown: true, value: null },
  recipient: { shown: false, first: '', last: '', email: '', errors: {} },
  shipping: false,
  submitLabel: 'membershipBuy',
  submitDisabled: false,
  formError: null,
  selfGift: false,
  cartNotEmpty: false,
  renewNotice: null,
  errorVersion: 0,
  nameMax: 50,
  emailMax: 254,
};

function renderForm(overrides: Partial<MembershipFormProps> = {}) {
  const props: MembershipFormProps = {
    strings,
    currency: 'USD',
    view,
    onLevel: noop,
    onExtend: noop,
    onMember: noop,
    onOptional: noop,
    onUnnamed: noop,
    onSurvey: noop,
    onAutoRenew: noop,
    onRecipient: noop,
    onSubmit: noop,
    onBack: noop,
    onRetry: noop,
    ...overrides,
  };
  return render(<MembershipForm {...props} />);
}

/** The declarations of one rule of the theme (the first with exactly this selector). */
const css = readFileSync(resolve(__dirname, '../../ui/theme.css'), 'utf8');
function rule(selector: string): string {
  const at = css.search(new RegExp(`(^|\\n)${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\{`));
  expect(at, selector).toBeGreaterThanOrEqual(0);
  return css.slice(css.indexOf('{', at) + 1, css.indexOf('}', at));
}

describe('MembershipForm layout', () => {
  it('the unnamed stepper: − count + together in one row (the reserve forms’ stepper), named by its legend', () => {
    const onUnnamed = vi.fn();
    renderForm({ onUnnamed });
    const fieldset = screen.getByRole('group', { name: 'Additional members' });
    const group = fieldset.querySelector('.stepper') as HTMLElement;
    expect(group).not.toBeNull();
    const less = within(group).getByRole('button', { name: 'Fewer additional members' });
    const more = within(group).getByRole('button', { name: 'More additional members' });
    const value = within(group).getByRole('status');
    expect(value.textContent).toBe('1');
    // In this order, side by side, and not the full-width block buttons of the form's actions.
    expect([...group.children]).toEqual([less, value, more]);
    for (const b of [less, more]) expect(b.classList.contains('btn')).toBe(false);
    expect(rule('.stepper')).toMatch(/display:\s*inline-flex/);
    fireEvent.click(more);
    fireEvent.click(less);
    expect(onUnnamed.mock.calls).toEqual([[2], [0]]);
  });

  it('yes/no radios and the extend box have their labels beside them, each pair in one row', () => {
    const onOptional = vi.fn();
    const onAutoRenew = vi.fn();
    const onExtend = vi.fn();
    renderForm({ onOptional, onAutoRenew, onExtend });
    for (const name of ['Add another named member?', 'Renew my membership automatically each year?']) {
      const group = screen.getByRole('group', { name });
      const yes = within(group).getByRole('radio', { name: 'Yes' });
      const no = within(group).getByRole('radio', { name: 'No' });
      const row = yes.closest('.choice-row');
      expect(row, name).not.toBeNull();
      expect(no.closest('.choice-row')).toBe(row);
      for (const [radio, text] of [
        [yes, 'Yes'],
        [no, 'No'],
      ] as const) {
        const label = radio.parentElement as HTMLElement;
        expect(label.tagName).toBe('LABEL');
        expect(label.classList.contains('choice')).toBe(true);
        // the text follows its radio inside the label
        expect(label.firstElementChild).toBe(radio);
        expect(radio.nextElementSibling?.textContent).toBe(text);
      }
    }
    const extend = screen.getByRole('checkbox', { name: 'Extend my membership' });
    expect(extend.parentElement?.classList.contains('choice')).toBe(true);
    expect(extend.nextElementSibling?.textContent).toBe('Extend my membership');
    // The rows and labels are flex rows; the inputs lose the text inputs' 44 px box.
    expect(rule('.choice-row')).toMatch(/display:\s*flex/);
    expect(rule('.choice-row')).not.toMatch(/flex-direction:\s*column/);
    expect(rule('.choice')).toMatch(/display:\s*inline-flex/);
    expect(rule('.field .choice input')).toMatch(/min-height:\s*0/);
    fireEvent.click(screen.getAllByRole('radio', { name: 'Yes' })[0] as HTMLElement);
    fireEvent.click(screen.getAllByRole('radio', { name: 'No' })[1] as HTMLElement);
    fireEvent.click(extend);
    expect(onOptional).toHaveBeenCalledWith(1);
    expect(onAutoRenew).toHaveBeenCalledWith(false);
    expect(onExtend).toHaveBeenCalledWith(true);
  });
});
