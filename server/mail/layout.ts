/**
 * The frame every email shares: the seller's name (and logo and accent colour when its config row `email` has
 * them), a heading, the content, a footer. HTML with inline styles (mail clients ignore style sheets), and the
 * plain-text part beside it.
 */
import * as z from 'zod/mini';
import { sellerConfigValue } from '../catalog/seller-config';
import type { Q } from '../db';
import { html, type SafeHtml, safeUrl } from './html';

export interface Brand {
  name: string;
  /** An https URL of the logo image. */
  logoUrl?: string;
  /** `#rrggbb`: the header band and buttons. */
  color?: string;
}

/** The seller config row `email` (ours): `{ logo_url?, accent_color? }`; anything invalid is ignored. */
export const EMAIL_CONFIG_KEY = 'email';
const logoUrl = z.string().check(z.maxLength(2000), z.regex(/^https:\/\/\S+$/));
const accentColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/));

export async function brandOf(q: Q, seller: { id: string; name: string }): Promise<Brand> {
  const value = await sellerConfigValue(q, seller.id, EMAIL_CONFIG_KEY);
  const row = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const logo = logoUrl.safeParse(row.logo_url);
  const color = accentColor.safeParse(row.accent_color);
  return {
    name: seller.name,
    ...(logo.success ? { logoUrl: logo.data } : {}),
    ...(color.success ? { color: color.data } : {}),
  };
}

const DEFAULT_COLOR = '#1f3a5f';

export function button(brand: Brand, href: string, label: string): SafeHtml {
  const color = brand.color ?? DEFAULT_COLOR;
  return html`<p style="margin:24px 0"><a href="${safeUrl(href)}" style="background:${color};color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">${label}</a></p>`;
}

export const para = (content: SafeHtml | string) => html`<p style="margin:0 0 16px">${content}</p>`;

/** The whole HTML document of an email, in the language `lang` (a BCP 47 tag: the email's words). */
export function layout(brand: Brand, heading: string, content: SafeHtml, lang = 'en'): string {
  const color = brand.color ?? DEFAULT_COLOR;
  const head = brand.logoUrl
    ? html`<img src="${safeUrl(brand.logoUrl)}" alt="${brand.name}" style="max-height:48px;max-width:240px;border:0">`
    : html`<span style="font-size:20px;font-weight:bold;color:#ffffff">${brand.name}</span>`;
  return html`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${heading}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#222222;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px">
<tr><td style="background:${color};padding:16px 24px;border-radius:6px 6px 0 0">${head}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:22px;margin:0 0 16px">${heading}</h1>
${content}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e5e5;font-size:12px;color:#666666">${brand.name}</td></tr>
</table></td></tr></table>
</body></html>`.value;
}

/** The plain-text part: paragraphs separated by blank lines, ending with the seller's name. */
export function textBody(brand: Brand, paragraphs: string[]): string {
  return [...paragraphs, `-- \n${brand.name}`].join('\n\n');
}
