// @vitest-environment jsdom
/**
 * The shell's extras (spec 3 §2 Shell, §6; issue 26): the floating back button is a named button, reachable by
 * keyboard, that takes no pointer once faded; the members banner says its text; content blocks show the seller's
 * HTML sanitised, in order.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentBlocks, FloatingBackButton, MembersBanner } from '../../ui/ShellExtras';
import { createStrings, text } from '../../ui/strings';

afterEach(cleanup);

describe('FloatingBackButton', () => {
  it('is a button named by the catalogue, pressed by click or keyboard', async () => {
    const onBack = vi.fn();
    const strings = createStrings();
    render(<FloatingBackButton label={strings.goBack} opacity={1} onBack={onBack} />);
    const button = screen.getByRole('button', { name: 'Go back' });
    expect(button.hasAttribute('data-faded')).toBe(false);
    expect(button.style.getPropertyValue('--tix-back-fade')).toBe('1');
    await userEvent.click(button);
    await userEvent.tab();
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onBack).toHaveBeenCalledTimes(2);
  });

  it('faded out, it is marked so (no pointer, ui/theme.css) and keeps its name and its place in the tab order', () => {
    render(<FloatingBackButton label="Go back" opacity={0} onBack={() => {}} />);
    const button = screen.getByRole('button', { name: 'Go back' });
    expect(button.hasAttribute('data-faded')).toBe(true);
    expect(button.style.getPropertyValue('--tix-back-fade')).toBe('0');
    expect(button.tabIndex).toBe(0);
  });
});

describe('MembersBanner', () => {
  it('says the catalogue’s text with the level, and a seller’s portal string over it', () => {
    const strings = createStrings();
    render(<MembersBanner text={text(strings, 'membersBanner', { level: 'Family' })} />);
    expect(
      screen.getByText('Welcome back! Your Family membership benefits apply to your visit.'),
    ).toBeTruthy();
    const seller = createStrings({ membersBanner: 'Hello {level} member' });
    expect(text(seller, 'membersBanner', { level: 'Patron' })).toBe('Hello Patron member');
  });
});

describe('ContentBlocks', () => {
  it('shows each block’s HTML sanitised, in the given order; none, nothing', async () => {
    const { container, rerender } = render(
      <ContentBlocks
        blocks={[
          { id: 'one', html: '<p>First <strong>block</strong></p><script>alert(1)</script>' },
          { id: 'two', html: '<p><a href="javascript:alert(2)">Second</a></p>' },
        ]}
      />,
    );
    await waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('block'));
    await waitFor(() => expect(screen.getByText('Second')).toBeTruthy());
    expect(
      [...container.querySelectorAll('[data-block]')].map((el) => el.getAttribute('data-block')),
    ).toEqual(['one', 'two']);
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('Second').getAttribute('href') ?? '').not.toMatch(/javascript:/);
    rerender(<ContentBlocks blocks={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
