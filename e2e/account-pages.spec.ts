import type { Page } from '@playwright/test';
import { expect, type Seller, test } from './fixtures';
import { expectNoA11yViolations, reserveOneTicket } from './helpers';
import { DEMO_PASSWORD, MEMBERS, outbox, resetLinkPath, useLoginConfig } from './members';

/** A seeded member's address (server/seed/members.ts). */
const MEMBER_EMAIL = MEMBERS.password.email;

/** The seller id of the runtime configuration the page carries. */
async function sellerIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (JSON.parse(document.getElementById('tix-config')?.textContent ?? '{}') as { sellerId: string })
        .sellerId,
  );
}

/** The newest email to `to` whose subject matches, from the non-production outbox. */
async function lastMailTo(page: Page, seller: Seller, to: string, subject: RegExp) {
  const mails = (await outbox(page.request, seller)).filter((m) => m.to === to && subject.test(m.subject));
  return mails.at(-1) ?? null;
}

test('home shows the three blocks in the configured order, each going where it says', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  // The demo seller configures homepage_3cta_order join, login, guest (server/seed/demo.ts).
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Become a member',
    'Already a member?',
    'Continue as guest',
  ]);
  await expect(page.getByRole('link', { name: 'Join now' })).toHaveAttribute(
    'href',
    `${seller.base}/membership`,
  );
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expectNoA11yViolations(page, 'home');
  await page.getByRole('link', { name: 'Resend confirmation link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resend tickets' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Browse events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
});

test('resend tickets: not found keeps the form; an address with an order gets its tickets', async ({
  page,
  seller,
}) => {
  const email = `resend-${Date.now()}@example.com`;
  await page.goto(`${seller.base}/resend`);
  await expect(page.getByRole('heading', { level: 1, name: 'Resend tickets' })).toBeVisible();
  await expectNoA11yViolations(page, 'resend');
  const field = page.getByRole('textbox', { name: 'Email address' });
  await expect(field).toHaveAttribute('maxlength', '254');
  await expect(field).toHaveAttribute('type', 'email');

  // Required, then type email.
  await page.getByRole('button', { name: 'Resend tickets' }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription('Please enter your email address.');
  await field.fill('not-an-email');
  await page.getByRole('button', { name: 'Resend tickets' }).click();
  await expect(field).toHaveAccessibleDescription('Please enter a valid email address.');
  await expectNoA11yViolations(page, 'resend: field error');

  await field.fill(email);
  await page.getByRole('button', { name: 'Resend tickets' }).click();
  await expect(page.getByRole('alert')).toHaveText('No orders could be found for this email address.');
  await expect(field).toHaveValue(email);
  await expectNoA11yViolations(page, 'resend: not found');

  // Buy one ticket with that address, then resend.
  await reserveOneTicket(page, seller, 'Adult');
  await page.getByLabel('First name').fill('Rhea');
  await page.getByLabel('Last name').fill('Sender');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').fill(email);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();

  await page.goto(`${seller.base}/resend`);
  await page.getByRole('textbox', { name: 'Email address' }).fill(`  ${email} `);
  await page.getByRole('button', { name: 'Resend tickets' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your tickets have been sent to' })).toHaveText(
    `Your tickets have been sent to ${email}.`,
  );
  await expectNoA11yViolations(page, 'resend: sent');
  expect(await lastMailTo(page, seller, email, /your tickets/)).not.toBeNull();
});

test('forgot membership: the instructions, then the warning that the ID was sent', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/user/forgot-membership`);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your membership ID?' })).toBeVisible();
  await expect(page.getByText('Enter the email address on your membership')).toBeVisible();
  await expectNoA11yViolations(page, 'forgot membership');
  await page.getByRole('textbox', { name: 'Email address' }).fill(MEMBER_EMAIL);
  await page.getByRole('button', { name: 'Email my membership ID' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'membership ID has been sent' })).toBeVisible();
  await expectNoA11yViolations(page, 'forgot membership: sent');
  expect(await lastMailTo(page, seller, MEMBER_EMAIL, /membership ID/)).not.toBeNull();
});

test('forgot password -> the link from the outbox -> a new password -> log in with it; the link works once', async ({
  page,
  seller,
}) => {
  const email = MEMBERS.nonMember.email;
  await page.goto(`${seller.base}/user/forgot-password`);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expectNoA11yViolations(page, 'forgot password');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'one-time link' })).toHaveText(
    `We have sent an email with a one-time link to ${email}. If it does not arrive in a few minutes, check your junk or spam folder. You can close this tab.`,
  );
  await expectNoA11yViolations(page, 'forgot password: sent');

  const path = (await resetLinkPath(page.request, seller, email)) as string;
  expect(path, 'the reset link in the email').toMatch(/\/user\/reset-password\?token=/);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Password' })).toBeVisible();
  await expect(page.getByText(`For the account ${email}`)).toBeVisible();
  await expectNoA11yViolations(page, 'reset password');

  // 'Invalid password' on blur; 'Passwords must match.' on submit; what was typed is kept.
  const password = page.getByRole('textbox', { name: 'New password', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Re-enter new password' });
  await password.fill('password');
  await confirm.focus();
  await expect(password).toHaveAccessibleDescription(/^Invalid password/);
  await expectNoA11yViolations(page, 'reset password: invalid password');
  const newPassword = 'Sunflower-42';
  await password.fill(newPassword);
  await confirm.fill('Sunflower-43');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(confirm).toHaveAccessibleDescription('Passwords must match.');
  await expect(confirm).toBeFocused();
  await expect(password).toHaveValue(newPassword);
  await confirm.fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password Updated' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectNoA11yViolations(page, 'password updated');

  // The old password no longer works (POST login from this browser).
  const sellerId = await sellerIdOf(page);
  const oldLogin = await page.request.post(`/api/login?seller_id=${sellerId}`, {
    headers: { 'Tix-App': 'ecomm', 'Content-Type': 'application/json' },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(oldLogin.status()).toBe(401);

  // 'Login' opens the login dialog; the new password logs in, and the member leaves the reset page.
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account login' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByText('Hi, Nico')).toBeVisible();

  // Logged-in members are sent home (and on to the events) from the forgot and reset pages.
  for (const path of ['/user/forgot-password', '/user/forgot-membership', '/user/reset-password?token=x']) {
    await page.goto(`${seller.base}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  }
  await page.request.post(`/api/logout?seller_id=${sellerId}`, {
    headers: { 'Tix-App': 'ecomm', 'Content-Type': 'application/json' },
    data: {},
  });
  await page.evaluate(() => localStorage.clear());

  // The same link a second time.
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByText('This reset link is not valid. It may have expired.')).toBeVisible();
  await expectNoA11yViolations(page, 'invalid reset link');
  await page.getByRole('link', { name: 'Send another reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
});

test('set email address: a member without an email sets one; the rules, the 409 message, then on', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/user/set-email-address`);
  await expect(page.getByRole('heading', { level: 1, name: 'Update Email address' })).toBeVisible();
  await expect(page.getByText('Log in to update the email address of your account.')).toBeVisible();
  await expectNoA11yViolations(page, 'set email: logged out');

  // The member without an email identifies by member ID and ZIP (query member_code and zip_code).
  await useLoginConfig(page, seller, { method: 'scan_code' });
  const { memberId, zip } = MEMBERS.noEmailToSet;
  await page.goto(`${seller.base}/events?member_code=${memberId}&zip_code=${zip}`);
  await expect(page).toHaveURL(new RegExp(`${seller.base}/user/set-email-address$`));
  await expect(page.getByRole('button', { name: 'Hi, Noel' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Update Email address' })).toBeVisible();
  const email = page.getByRole('textbox', { name: 'New email address' });
  const again = page.getByRole('textbox', { name: 'Re-enter email address' });
  await expectNoA11yViolations(page, 'set email');

  await email.fill('nora@localhost');
  await again.fill('nora@example.com');
  await page.getByRole('button', { name: 'Update & Continue' }).click();
  await expect(email).toHaveAccessibleDescription('Email address is not valid.');
  await expect(again).toHaveAccessibleDescription('Email addresses must match.');
  await expect(email).toBeFocused();
  await expectNoA11yViolations(page, 'set email: field errors');

  await email.fill(MEMBER_EMAIL);
  await again.fill(MEMBER_EMAIL.toUpperCase());
  await page.getByRole('button', { name: 'Update & Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `Another user account is using ${MEMBER_EMAIL}. Please contact us if you need to merge multiple user accounts.`,
  );
  await expect(email).toHaveValue(MEMBER_EMAIL);
  await expectNoA11yViolations(page, 'set email: 409');

  const fresh = `nora-${Date.now()}@example.com`;
  await email.fill(fresh);
  await again.fill(fresh);
  await page.getByRole('button', { name: 'Update & Continue' }).click();
  // The new address takes effect by the link mailed to it (issue 18): the page says to check the inbox.
  await expect(page.getByRole('heading', { level: 2, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`We have sent a confirmation link to ${fresh}.`);
  await expectNoA11yViolations(page, 'set email: check your inbox');
  const sellerId = await sellerIdOf(page);
  const myUser = async () =>
    JSON.stringify(
      await (
        await page.request.get(`/api/my/user?seller_id=${sellerId}&_embed=identity`, {
          headers: { 'Tix-App': 'ecomm' },
        })
      ).json(),
    );
  expect(await myUser()).not.toContain(fresh);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();

  const mail = await lastMailTo(page, seller, fresh, /confirm your new email address/);
  const link = /https?:\/\/[^/\s]+(\/\S*verify-email\?token=\S+)/.exec(mail?.body ?? '')?.[1];
  expect(link).toBeTruthy();
  await page.goto(link as string);
  await expect(page.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeVisible();
  await expectNoA11yViolations(page, 'email confirmed');
  expect(await myUser()).toContain(fresh);
  // The same link a second time.
  await page.goto(link as string);
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid Link' })).toBeVisible();
  await expect(
    page.getByText('This link is not valid. It may have expired or been used already.'),
  ).toBeVisible();
  await expectNoA11yViolations(page, 'invalid verification link');
});
