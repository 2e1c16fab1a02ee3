/**
 * Captcha at checkout (issue 23; spec 2 §4, §5, §6, §8), on the worker's seller with the sandbox captcha turned
 * on: a visitor pays, the challenge opens with the card confirmation; closed, it is the captcha error and nothing
 * is paid; dismissed (Escape), nothing is said; answered, the order completes. A member's checkout shows no
 * captcha.
 */
import type { Page } from '@playwright/test';
import { expect, type Seller, test } from './fixtures';
import { expectNoA11yViolations, reserveOneTicket } from './helpers';
import { DEMO_PASSWORD, MEMBERS } from './members';

async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

async function logIn(page: Page, seller: Seller) {
  await page.goto(`${seller.base}/events`);
  const nav = page.getByRole('navigation', { name: 'Account' });
  await nav.getByRole('link', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account login' });
  await dialog.getByLabel('Email').fill(MEMBERS.password.email);
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(nav.getByRole('button', { name: `Hi, ${MEMBERS.password.firstName}` })).toBeVisible();
}

test('a visitor solves the sandbox captcha to pay (closed: the captcha error); a member sees none', async ({
  page,
  seller,
  request,
}) => {
  const captchaUrl = `/__test/sellers/${seller.slug}/captcha`;
  expect((await request.put(captchaUrl)).ok()).toBe(true);
  try {
    await reserveOneTicket(page, seller, 'Adult');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Confirm email').fill('ada@example.com');
    await fillCard(page);
    const pay = page.getByRole('button', { name: /^Pay / });
    const challenge = page.getByRole('dialog', { name: 'Sandbox captcha' });

    // Closed: the captcha error, nothing paid.
    await pay.click();
    await expect(challenge).toBeVisible();
    await expectNoA11yViolations(page, 'checkout: the sandbox captcha');
    await challenge.getByRole('button', { name: 'Close the challenge' }).click();
    await expect(challenge).toBeHidden();
    await expect(page.getByRole('alert')).toContainText('The captcha was not completed.');

    // Dismissed: back to the form, nothing more said.
    await pay.click();
    await expect(challenge).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(challenge).toBeHidden();
    await expect(page.getByText('The captcha was not completed.')).toBeHidden();

    // Answered: the token goes with the payment, the order completes.
    await pay.click();
    await challenge.getByRole('button', { name: 'I am human' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();

    // A member's checkout: no captcha (spec 2 §6).
    await logIn(page, seller);
    await reserveOneTicket(page, seller, 'Adult');
    await fillCard(page);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
    await expect(challenge).toHaveCount(0);
  } finally {
    await request.delete(captchaUrl);
  }
});
