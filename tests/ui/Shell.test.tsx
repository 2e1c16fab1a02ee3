// @vitest-environment jsdom
/**
 * The shell (spec 3 §2 Shell; issue 26): the header's logo links home, or to the seller's own site
 * (external_urls.logo); the seller's logo image names the seller; the footer falls back to a copyright line.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Shell } from '../../ui/Shell';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

const base = {
  strings: createStrings(),
  sellerName: 'City Museum',
  homeHref: '/city/',
  onNavigate: () => {},
  year: 2026,
};

describe('Shell', () => {
  it('without a theme: the seller’s name links home and the footer is the copyright line', () => {
    render(<Shell {...base}>content</Shell>);
    expect(screen.getByRole('link', { name: 'City Museum — Home' }).getAttribute('href')).toBe('/city/');
    expect(screen.getByRole('contentinfo').textContent).toBe('© 2026 City Museum. All rights reserved.');
  });

  it("the seller's logo image, linking to the seller's own site, and the seller's footer", () => {
    render(
      <Shell
        {...base}
        logo={{ src: '/logo.svg', alt: 'City Museum' }}
        logoHref="https://city-museum.example/"
        footerText="City Museum · Open daily"
      >
        content
      </Shell>,
    );
    const link = screen.getByRole('link', { name: 'City Museum' });
    expect(link.getAttribute('href')).toBe('https://city-museum.example/');
    expect(screen.getByRole('img', { name: 'City Museum' }).getAttribute('src')).toBe('/logo.svg');
    expect(screen.getByRole('contentinfo').textContent).toBe('City Museum · Open daily');
  });
});
