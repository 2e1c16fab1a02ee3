// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expiryTimerFor } from '../../machines/cart/selectors';
import { CartTimer, type ExpiryTimerView } from '../../ui/cart/CartTimer';
import { createStrings, defaultStrings } from '../../ui/strings';

afterEach(cleanup);

const strings = createStrings();
const offered = { offered: true, busy: false, message: null };

function renderTimer(timer: ExpiryTimerView | null, onExtend = vi.fn()) {
  const view = render(<CartTimer strings={strings} timer={timer} onExtend={onExtend} />);
  return { ...view, onExtend };
}

describe('CartTimer', () => {
  it('shows nothing visible over 20 minutes but keeps its live regions mounted', () => {
    const { container } = renderTimer(expiryTimerFor(20 * 60));
    expect(container.querySelector('.timer')).toBeNull();
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });

  it('styles by the thresholds: normal, warning under 5 minutes, error under 2', () => {
    const styleAt = (s: number) => {
      const { container, unmount } = renderTimer(expiryTimerFor(s));
      const style = container.querySelector('.timer')?.getAttribute('data-timer-style');
      unmount();
      return style;
    };
    expect(styleAt(19 * 60 + 59)).toBe('normal');
    expect(styleAt(5 * 60)).toBe('normal');
    expect(styleAt(5 * 60 - 1)).toBe('warning');
    expect(styleAt(2 * 60)).toBe('warning');
    expect(styleAt(2 * 60 - 1)).toBe('error');
  });

  it('hides the ticking label from screen readers and announces only at the 5 and 2 minute marks', () => {
    const { rerender, container } = renderTimer(expiryTimerFor(5 * 60 + 1));
    const region = () => screen.getAllByRole('status')[0]?.textContent;
    expect(container.querySelector('.timer span')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('.timer')?.textContent).toBe(
      defaultStrings.expiresIn.replace('{time}', '5:01'),
    );
    expect(region()).toBe('');
    const seen = new Set<string>();
    for (let s = 5 * 60 - 1; s > 0; s -= 1) {
      rerender(<CartTimer strings={strings} timer={expiryTimerFor(s)} onExtend={vi.fn()} />);
      seen.add(region() ?? '');
    }
    // One text per stretch: the region changes twice in five minutes, not every second.
    expect([...seen]).toEqual([defaultStrings.fiveMinutesLeft, defaultStrings.twoMinutesLeft]);
  });

  it("offers 'More time' with one action and waits while asking", async () => {
    const { onExtend, rerender } = renderTimer(expiryTimerFor(100, offered));
    await userEvent.click(screen.getByRole('button', { name: defaultStrings.moreTime }));
    expect(onExtend).toHaveBeenCalledTimes(1);
    rerender(
      <CartTimer
        strings={strings}
        timer={expiryTimerFor(99, { offered: true, busy: true, message: null })}
        onExtend={onExtend}
      />,
    );
    expect(screen.getByRole('button', { name: defaultStrings.moreTime })).toBeDisabled();
  });

  it('says so when no more time can be added, without the button', () => {
    renderTimer(expiryTimerFor(90, { offered: false, busy: false, message: { key: 'holdExtensionLimit' } }));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('status')[1]?.textContent).toBe(defaultStrings.holdExtensionLimit);
  });

  it('resolves seller overrides of its texts', () => {
    render(
      <CartTimer
        strings={createStrings({ moreTime: 'Need longer?' })}
        timer={expiryTimerFor(60, offered)}
        onExtend={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Need longer?' })).toBeTruthy();
  });
});
