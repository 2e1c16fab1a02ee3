/**
 * Membership pages (issue 11): redeem a gift membership (a valid code to checkout, each refused code), cancel
 * auto-renew (the seeded enrolled member), membership details (page and header dialog for a member, 'Not a
 * member?' for a non-member), a members-only event (a guest's prompt, a member's form); axe on each screen and
 * dialog. Seeded members and codes: server/seed/membership.ts (documented in server/README.md).
 */

import type { Page } from '@playwright/test';
import { eventId, expect, type Seller, test } from './fixtures';
import { expectApgDialog, expectNoA11yViolations } from './helpers';
import { DEMO_PASSWORD, useLoginConfig } from './members';

const CODES = {
  valid: 'GIFT000002',
  expired: 'GIFTEXPIRD',
  exhausted: 'GIFTUSED01',
  unknown: 'NOSUCHCODE',
} as const;
/** Seeded membership members (server/seed/membership.ts). */
const ENROLLED = { memberId: '700001', zip: '10021', firstName: 'Mia', email: 'mia.member@example.com' };
const TO_CANCEL = { email: 'otto.autorenew@example.com', firstName: 'Otto' };
const INDIVIDUAL = { email: 'ivy.individual@example.com', firstName: 'Ivy' };

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });

async function logInWithPassword(page: Page, seller: Seller, email: string, firstName: string) {
  await page.goto(`${seller.base}/events`);
  await accountNav(page).getByRole('link', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account login' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(accountNav(page).getByRole('button', { name: `Hi, ${firstName}` })).toBeVisible();
}

test('redeem: each refused code shows its message', async ({ page, seller }) => {
  await page.goto(`${seller.base}/membership/redeem`);
  await expect(page.getByRole('heading', { level: 1, name: 'Redeem a gift membership' })).toBeVisible();
  await expectNoA11yViolations(page, 'redeem');
  const code = page.getByLabel('Gift code');
  const submit = page.getByRole('button', { name: 'Submit' });
  const error = page.locator('#redeem-code-error');
  await code.fill('ABC');
  await submit.click();
  await expect(error).toHaveText('You must enter a valid code');
  await expect(code).toBeFocused();
  for (const [value, text] of [
    [CODES.unknown, 'You must enter a valid code'],
    [CODES.expired, 'This code has expired'],
    [CODES.exhausted, 'This code has already been redeemed'],
  ] as const) {
    await code.fill(value);
    await submit.click();
    await expect(error).toHaveText(text);
  }
  await expectNoA11yViolations(page, 'redeem, refused code');
  await expect(page.getByRole('group', { name: 'Membership level' })).toHaveCount(0);
});

test('redeem: a valid code from ?gift_code shows the discounted levels, reserves, and goes on with the membership in the cart', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/membership/redeem?gift_code=${CODES.valid}&expresscheckout`);
  const levels = page.getByRole('group', { name: 'Membership level' });
  await expect(levels).toBeVisible();
  // The discounted levels (Family has no discount): by discounted amount ascending.
  await expect(levels.getByRole('radio')).toHaveCount(2);
  await expect(levels.locator('label')).toHaveText([/^Individual/, /^Dual/]);
  const redeem = page.getByRole('button', { name: 'Redeem membership' });
  await expect(redeem).toBeDisabled();
  await levels.getByRole('radio', { name: /Individual/ }).check();
  await page.getByLabel('First name').fill('Gina');
  await page.getByLabel('Last name').fill('Giftee');
  await page.getByLabel('Email').fill('gina.giftee@example.com');
  await expectNoA11yViolations(page, 'redeem, levels');
  await redeem.click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByText('Museum Membership').first()).toBeVisible();

  // A second redeem while the cart holds the membership: the dialog, Checkout.
  await page.goto(`${seller.base}/membership/redeem?gift_code=GIFT000003`);
  await levels.getByRole('radio', { name: /Dual/ }).check();
  const first = page.getByLabel('First name');
  for (const [i, name] of ['Ann', 'Bo'].entries()) {
    await first.nth(i).fill(name);
    await page.getByLabel('Last name').nth(i).fill('Giftee');
  }
  await page.getByLabel('Email').first().fill('ann.giftee@example.com');
  await redeem.click();
  const dialog = page.getByRole('dialog', { name: 'Your cart already holds a membership' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'You need to take action on your current cart before you can redeem a membership.',
  );
  await expectNoA11yViolations(page, 'redeem, cart dialog');
  await expectApgDialog(page, dialog, { opener: redeem, closeable: true });
  await dialog.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout/);
});

test('cancel auto-renew: the enrolled member unenrols from the membership details; a visitor is warned', async ({
  page,
  seller,
  browser,
}) => {
  await logInWithPassword(page, seller, TO_CANCEL.email, TO_CANCEL.firstName);
  await page.goto(`${seller.base}/my-account/membership-details`);
  await expect(page.getByText('Enrolled (card Visa ending in 4242)')).toBeVisible();
  await page.getByRole('link', { name: 'Cancel auto renew' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel auto-renew' })).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Confirm unenrolment' });
  await expect(confirm).toBeVisible();
  await expectNoA11yViolations(page, 'cancel auto-renew');
  const cancelPath = new URL(page.url()).pathname;
  // The same page in another browser, without the member's session: the order id in the address is no key.
  const visitor = await browser.newPage();
  await visitor.goto(page.url());
  await expect(visitor.getByRole('heading', { level: 1, name: 'Cancel auto-renew' })).toBeVisible();
  await expect(
    visitor.getByText('Please log in as the member to manage auto-renew for this membership.'),
  ).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Confirm unenrolment' })).toHaveCount(0);
  await expect(visitor.getByText('Otto')).toHaveCount(0);
  await visitor.close();
  await confirm.click();
  await expect(page.getByRole('status').filter({ hasText: 'Auto-renew is cancelled' })).toHaveText(
    /^Auto-renew is cancelled for your Individual membership\. It stays valid until [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
  );
  await expectNoA11yViolations(page, 'cancel auto-renew, done');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/my-account\/membership-details$/);
  // The member was reloaded: the details say Cancelled.
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  // Back on the page: not enrolled any more (logged in).
  await page.goto(cancelPath);
  await expect(page.getByText('Please contact us to enrol your membership for auto-renew.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm unenrolment' })).toHaveCount(0);
});

test('membership details: the page and the header dialog for a member; the dialog closes on logout', async ({
  page,
  seller,
}) => {
  await useLoginConfig(page, seller, { method: 'scan_code' });
  await page.goto(`${seller.base}/events`);
  await accountNav(page).getByRole('link', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Account login' });
  await expectApgDialog(page, login, {
    opener: accountNav(page).getByRole('link', { name: 'Log in' }),
    closeable: true,
  });
  await login.getByLabel('Member ID').fill(ENROLLED.memberId);
  await login.getByLabel('ZIP code').fill(ENROLLED.zip);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  await accountNav(page)
    .getByRole('button', { name: `Hi, ${ENROLLED.firstName}` })
    .click();
  await accountNav(page).getByRole('button', { name: 'Membership details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Membership details' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Dual' })).toBeVisible();
  await expect(dialog.getByText(ENROLLED.memberId)).toBeVisible();
  await expect(dialog.getByText('Mia Member')).toBeVisible();
  await expect(dialog.getByText('Max Member')).toBeVisible();
  await expect(dialog.getByText(`(${ENROLLED.email})`)).toBeVisible();
  await expect(dialog.getByText('Enrolled (card Visa ending in 4242)')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Cancel auto renew' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Renew membership' })).toBeVisible();
  await expectNoA11yViolations(page, 'membership details dialog');
  await expectApgDialog(page, dialog, { closeable: true });
  await accountNav(page)
    .getByRole('button', { name: `Hi, ${ENROLLED.firstName}` })
    .click();
  await accountNav(page).getByRole('button', { name: 'Membership details' }).click();
  await dialog.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(dialog.getByText('We sent your membership confirmation to your email address.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`${seller.base}/my-account/membership-details`);
  const details = page.getByRole('region', { name: 'Membership details' });
  await expect(details.getByRole('heading', { name: 'Dual' })).toBeVisible();
  await expect(details.getByText('Expires')).toBeVisible();
  await expectNoA11yViolations(page, 'membership details page');

  // The dialog closes when the session ends.
  await accountNav(page)
    .getByRole('button', { name: `Hi, ${ENROLLED.firstName}` })
    .click();
  await accountNav(page).getByRole('button', { name: 'Membership details' }).click();
  await expect(dialog).toBeVisible();
  await page.context().clearCookies();
  await expect(dialog).toBeHidden();
});

test("membership details: a non-member sees 'Not a member? Sign up now'", async ({ page, seller }) => {
  // A new account of its own (account-pages.spec.ts may have changed the seeded non-member's password on this worker's seller).
  const email = `nina.${Date.now()}@example.com`;
  const { sellerId } = (await (await page.request.get(`/__config?slug=${seller.slug}`)).json()) as {
    sellerId: string;
  };
  const created = await page.request.post(`/api/user?seller_id=${sellerId}`, {
    headers: { 'Tix-App': 'ecomm' },
    data: { first_name: 'Nina', last_name: 'Newcomer', email, password: DEMO_PASSWORD },
  });
  expect(created.ok()).toBe(true);
  await logInWithPassword(page, seller, email, 'Nina');
  await page.goto(`${seller.base}/my-account`);
  await expect(page.getByRole('link', { name: 'Not a member? Sign up now' })).toBeVisible();
  await expectNoA11yViolations(page, 'membership details, non-member');
});

test('members-only event: a guest gets the prompt; a member gets the form with the member limit and member prices', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/events/${eventId(seller, 'members-preview')}`);
  const prompt = page.getByRole('region', { name: 'Sorry! This event is members only' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    `${seller.base}/membership`,
  );
  await expectNoA11yViolations(page, 'members-only prompt');
  await prompt.getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Account login' });
  await login.getByLabel('Email').fill(INDIVIDUAL.email);
  await login.getByLabel('Password').fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  await expect(prompt).toBeHidden();
  // The member's form: an Individual membership allows 2 member tickets per event (the stepper stops there).
  const form = page.getByRole('form', { name: 'Book tickets' });
  await form.getByRole('list').getByRole('button', { disabled: false }).first().click();
  await page.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  const add = page.getByRole('button', { name: 'Add one Member' });
  await add.click();
  await add.click();
  await expect(add).toBeDisabled();
  await expectNoA11yViolations(page, 'members-only event, member');

  // Member prices: General Admission's members-only "Member admission" group, for the member only.
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'General Admission' }).click();
  await form.getByRole('list').getByRole('button', { disabled: false }).first().click();
  await page.getByRole('tabpanel').getByRole('button', { disabled: false }).first().click();
  await expect(page.getByText('Member Adult')).toBeVisible();
  await expect(page.getByText('$10.00').first()).toBeVisible();
});
