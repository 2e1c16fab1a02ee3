/**
 * The redeem-membership flag in local storage (spec 3 §2 "Submitting reserves, marks the redeem flag", §3
 * "Local stored state ... shared across tabs"), and the flows' dialogs on the modal stack: the redeem page's
 * cart dialog and the gift's login-or-guest dialog are entries of the stack (`data-modal`), under a modal
 * opened later and closed by Escape like every closeable modal. Gift codes: server/README.md "Memberships"
 * (GIFT000001 is used by no other spec; GIFT000003 only ever reaches the cart dialog, never reserved).
 */

import type { Page } from '@playwright/test';
import { expect, type Seller, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

const storedValue = (page: Page, suffix: string) =>
  page.evaluate((s) => {
    const sellerId = JSON.parse(document.getElementById('tix-config')?.textContent ?? '{}')
      .sellerId as string;
    return localStorage.getItem(`tix:${sellerId}:${s}`);
  }, suffix);

async function redeemIndividual(page: Page, seller: Seller, code: string, first: string) {
  await page.goto(`${seller.base}/membership/redeem?gift_code=${code}&expresscheckout`);
  const levels = page.getByRole('group', { name: 'Membership level' });
  await levels.getByRole('radio', { name: /Individual/ }).check();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Redeemer');
  await page.getByLabel('Email').fill(`${first.toLowerCase()}.redeemer@example.com`);
  await page.getByRole('button', { name: 'Redeem membership' }).click();
}

test('a redeem marks its cart in local storage, shared with another tab; the cart dialog is on the modal stack', async ({
  page,
  context,
  seller,
}) => {
  await redeemIndividual(page, seller, 'GIFT000001', 'Rita');
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByText('Museum Membership').first()).toBeVisible();
  const cart = JSON.parse((await storedValue(page, 'cart')) ?? '{}') as { cartId?: string };
  expect(cart.cartId).toBeTruthy();
  expect(JSON.parse((await storedValue(page, 'redeem')) ?? 'null')).toEqual({ v: 1, cartId: cart.cartId });

  // Another tab reads the same flag; redeeming there meets the cart dialog, an entry of the modal stack.
  const other = await context.newPage();
  await redeemIndividual(other, seller, 'GIFT000003', 'Remy');
  expect(JSON.parse((await storedValue(other, 'redeem')) ?? 'null')).toEqual({ v: 1, cartId: cart.cartId });
  const dialog = other.getByRole('dialog', { name: 'Your cart already holds a membership' });
  await expect(dialog).toBeVisible();
  await expect(other.locator('dialog[data-modal="redeemCart"]')).toBeVisible();
  await expectNoA11yViolations(other, 'redeem, cart dialog on the stack');
  // Escape dismisses it (closeable): the page asks to deal with the cart.
  await other.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    other.getByText('You need to take action on your current cart before you can redeem a membership.'),
  ).toBeVisible();
});

test('the gift’s login-or-guest dialog is on the modal stack: Log in stacks the login dialog above it', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/membership/gift`);
  const form = page.getByRole('form', { name: 'Buy a membership' });
  await form.getByRole('radio', { name: /Individual/ }).check();
  await form.getByLabel('First name (Member)').fill('Gale');
  await form.getByLabel('Last name (Member)').fill('Giver');
  await form.getByLabel('Email (Member)').fill('gale.giver@example.com');
  await form.getByLabel('First name (Gift recipient)').fill('Rory');
  await form.getByLabel('Last name (Gift recipient)').fill('Receiver');
  await form.getByLabel('Email (Gift recipient)').fill('rory.receiver@example.com');
  await form.getByRole('button', { name: 'Buy gift membership' }).click();

  const choice = page.getByRole('dialog', { name: 'Log in or continue as a guest' });
  await expect(choice).toBeVisible();
  await expect(page.locator('dialog[data-modal="loginOrGuest"]')).toBeVisible();
  await choice.getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Account login' });
  await expect(login).toBeVisible();
  // The login dialog is the top modal; the choice waits under it.
  await expect(page.locator('dialog[data-modal="loginOrGuest"]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();
  await expect(choice).toBeVisible();
  await expectNoA11yViolations(page, 'login-or-guest dialog on the stack');
  await page.keyboard.press('Escape');
  await expect(choice).toBeHidden();
  await expect(form.getByRole('button', { name: 'Buy gift membership' })).toBeEnabled();
});
