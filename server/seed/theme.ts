/**
 * The demo seller's theme (issue 26): the storefront as the museum's own site. A burgundy of the museum's
 * banners on buttons and links, a charcoal header band with the museum's pediment logo, ivory pages, serif
 * headings, nearly square corners; light or dark as the visitor prefers.
 */
import { sellerConfigValue } from '../catalog/seller-config';
import type { Q } from '../db';
import { configureTheme, THEME_KEY } from '../theme/config';
import type { ThemeInput } from '../theme/theme';

export const DEMO_THEME: ThemeInput = {
  tier: 3,
  colors: {
    primary: '#8a1c2b',
    secondary: '#1e1b18',
    background: '#fbf8f2',
    surface: '#f3ede2',
    text: '#2b2520',
  },
  fonts: { heading: 'Georgia, "Times New Roman", serif', body: '"Helvetica Neue", Arial, sans-serif' },
  secondaryButtonStyle: 'outline',
  radius: 2,
  logo: {
    alt: 'Demo Museum of Art & Science',
    src: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAyNDAgNDgiIHdpZHRoPSIyNDAiIGhlaWdodD0iNDgiPjxnIGZpbGw9IiNmM2U5ZDIiPjxwYXRoIGQ9Ik00IDE2IDI0IDRsMjAgMTJ6Ii8+PHJlY3QgeD0iNiIgeT0iMTgiIHdpZHRoPSIzNiIgaGVpZ2h0PSIzIi8+PHJlY3QgeD0iOSIgeT0iMjMiIHdpZHRoPSI0IiBoZWlnaHQ9IjE1Ii8+PHJlY3QgeD0iMTgiIHk9IjIzIiB3aWR0aD0iNCIgaGVpZ2h0PSIxNSIvPjxyZWN0IHg9IjI3IiB5PSIyMyIgd2lkdGg9IjQiIGhlaWdodD0iMTUiLz48cmVjdCB4PSIzNiIgeT0iMjMiIHdpZHRoPSI0IiBoZWlnaHQ9IjE1Ii8+PHJlY3QgeD0iNSIgeT0iNDAiIHdpZHRoPSIzOCIgaGVpZ2h0PSI0Ii8+PHRleHQgeD0iNTQiIHk9IjIzIiBmb250LWZhbWlseT0iR2VvcmdpYSwgc2VyaWYiIGZvbnQtc2l6ZT0iMTYiIGxldHRlci1zcGFjaW5nPSIyIj5ERU1PIE1VU0VVTTwvdGV4dD48L2c+PHRleHQgeD0iNTQiIHk9IjQwIiBmaWxsPSIjZDljOWEzIiBmb250LWZhbWlseT0iR2VvcmdpYSwgc2VyaWYiIGZvbnQtc2l6ZT0iMTEiIGxldHRlci1zcGFjaW5nPSIxLjUiPk9GIEFSVCAmYW1wOyBTQ0lFTkNFPC90ZXh0Pjwvc3ZnPg==',
  },
  favicon:
    'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iNCIgZmlsbD0iIzhhMWMyYiIvPjxnIGZpbGw9IiNmM2U5ZDIiPjxwYXRoIGQ9Ik01IDEyIDE2IDVsMTEgN3oiLz48cmVjdCB4PSI2IiB5PSIxMyIgd2lkdGg9IjIwIiBoZWlnaHQ9IjIiLz48cmVjdCB4PSI4IiB5PSIxNiIgd2lkdGg9IjMiIGhlaWdodD0iOSIvPjxyZWN0IHg9IjE0LjUiIHk9IjE2IiB3aWR0aD0iMyIgaGVpZ2h0PSI5Ii8+PHJlY3QgeD0iMjEiIHk9IjE2IiB3aWR0aD0iMyIgaGVpZ2h0PSI5Ii8+PHJlY3QgeD0iNSIgeT0iMjYiIHdpZHRoPSIyMiIgaGVpZ2h0PSIyIi8+PC9nPjwvc3ZnPg==',
  footer: 'Demo Museum of Art & Science · 1 Museum Way · Open daily 10:00 to 17:00',
};

/** The demo theme, unless the seller has a theme already (seeding never overwrites a configured one). */
export async function seedTheme(q: Q, sellerId: string): Promise<void> {
  if ((await sellerConfigValue(q, sellerId, THEME_KEY)) !== undefined) return;
  await configureTheme(q, sellerId, DEMO_THEME);
}
