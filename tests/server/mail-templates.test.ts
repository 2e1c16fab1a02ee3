/**
 * Email templates (issue 20): every value is escaped in the HTML part, every template has both parts, and the
 * seller's branding comes from its config row `email` (invalid values ignored).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, html } from '../../server/mail/html';
import { brandOf, EMAIL_CONFIG_KEY } from '../../server/mail/layout';
import { previews } from '../../server/mail/preview';
import {
  emailChangeNoticeMail,
  giftCodeMail,
  membershipIdMail,
  resendMail,
  resetMail,
  verifyEmailMail,
} from '../../server/mail/templates';
import * as t from '../../server/schema';
import { SELLER, startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const EVIL = '<img src=x onerror=alert(1)>&"\'';

describe('mail templates', () => {
  it('the html tag escapes every value, nests html values as they are, and drops false/null', () => {
    const inner = html`<b>${EVIL}</b>`;
    expect(html`<p title="${EVIL}">${inner}${null}${false}${[EVIL, inner]}</p>`.value).toBe(
      `<p title="${escapeHtml(EVIL)}"><b>${escapeHtml(EVIL)}</b>${escapeHtml(EVIL)}<b>${escapeHtml(EVIL)}</b></p>`,
    );
    expect(escapeHtml(EVIL)).not.toMatch(/[<>"']/);
  });

  it('no template lets a value into its HTML unescaped; each has a plain-text part with the same words', () => {
    const brand = { name: EVIL };
    const mails = [
      resetMail(brand, 'https://x.test/r?token=a', true),
      verifyEmailMail(brand, 'https://x.test/v?token=a', false),
      emailChangeNoticeMail(brand, EVIL),
      membershipIdMail(brand, [{ levelName: EVIL, scanCode: EVIL }]),
      resendMail(brand, [{ orderNumber: EVIL, link: 'https://x.test/o' }]),
      giftCodeMail(brand, 'https://x.test/g?c=', [{ levelName: EVIL, code: EVIL, validTo: new Date(0) }]),
    ];
    for (const m of mails) {
      expect(m.html).not.toContain('<img src=x');
      expect(m.html).toContain(escapeHtml(EVIL));
      expect(m.text).toContain(EVIL);
    }
    for (const p of previews()) {
      expect(p.mail.text.length).toBeGreaterThan(20);
      expect(p.mail.html).toMatch(/^<!doctype html>/);
      expect(p.mail.html).not.toContain('<script>');
    }
  });

  it('branding: the seller config row `email` gives the logo and accent colour; invalid values are ignored', async () => {
    const seller = { id: SELLER, name: 'Demo Museum' };
    expect(await brandOf(s.handle.db, seller)).toEqual({ name: 'Demo Museum' });
    const set = async (value: unknown) => {
      await s.handle.db.delete(t.config).where(eqKey());
      await s.handle.db.insert(t.config).values({
        id: `config:${SELLER}:email`,
        resource: 'seller',
        resourceId: SELLER,
        key: EMAIL_CONFIG_KEY,
        value,
      });
    };
    await set({ logo_url: 'https://cdn.example.test/logo.png', accent_color: '#7a2e8a' });
    const brand = await brandOf(s.handle.db, seller);
    expect(brand).toEqual({
      name: 'Demo Museum',
      logoUrl: 'https://cdn.example.test/logo.png',
      color: '#7a2e8a',
    });
    const mail = resetMail(brand, 'https://x.test/r', true);
    expect(mail.html).toContain('src="https://cdn.example.test/logo.png" alt="Demo Museum"');
    expect(mail.html).toContain('background:#7a2e8a');
    await set({ logo_url: 'javascript:alert(1)', accent_color: 'red;x:y' });
    expect(await brandOf(s.handle.db, seller)).toEqual({ name: 'Demo Museum' });
    await set({ logo_url: 'http://insecure.example.test/logo.png', accent_color: '#00aa00' });
    expect(await brandOf(s.handle.db, seller)).toEqual({ name: 'Demo Museum', color: '#00aa00' });
    await s.handle.db.delete(t.config).where(eqKey());
  });
});

const eqKey = () =>
  and(eq(t.config.resource, 'seller'), eq(t.config.resourceId, SELLER), eq(t.config.key, EMAIL_CONFIG_KEY));
