// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SellerHtml } from '../../ui/SellerHtml';

afterEach(cleanup);

const dirty =
  '<p>Hello <strong>world</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>';

describe('SellerHtml', () => {
  it('without the Sanitizer API, keeps formatting but strips scripts, handlers and javascript: URLs (DOMPurify)', async () => {
    expect('setHTML' in HTMLElement.prototype).toBe(false);
    const { container } = render(<SellerHtml html={dirty} />);
    await waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('world'));
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript:/);
  });

  it('uses the browser Sanitizer API (setHTML) when present and never assigns raw HTML', async () => {
    const calls: string[] = [];
    Object.defineProperty(HTMLElement.prototype, 'setHTML', {
      configurable: true,
      value(this: HTMLElement, html: string) {
        calls.push(html);
        this.textContent = 'sanitised';
      },
    });
    try {
      const { container } = render(<SellerHtml html={dirty} />);
      expect(calls).toEqual([dirty]);
      expect(container.textContent).toBe('sanitised');
      expect(container.querySelector('script')).toBeNull();
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'setHTML');
    }
  });
});
