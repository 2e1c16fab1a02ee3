/**
 * The story viewer at /_stories (enabled here: the e2e server runs with NODE_ENV=test): the cart machine
 * found, drawn with every state, a path to the expiry modal replayed to the cart-expired view, the deep
 * link reopening that step; the date-first reserve flow stepped by its event buttons to a reservation; axe
 * clean; the viewer refused where the deployment does not allow it, and never loaded by the storefront.
 */
import type { Page } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import { cartMachine } from '../machines/cart/cart.machine';
import { createStrings } from '../ui/strings';
import '../ui/strings-all';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

const T = createStrings();

/** Every state node id of a machine below its root, read from the machine (the oracle). */
function stateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const child of Object.values(node.states) as AnyStateMachine['root'][]) {
      ids.push(child.id);
      visit(child);
    }
  };
  visit(machine.root);
  return ids;
}

const stateLine = (page: Page) => page.getByTestId('stories-state');

test('finds the cart machine, draws every state, replays a path to the expiry modal and reopens it by link', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/_stories`);
  await expect(page.getByRole('heading', { level: 1, name: 'Story viewer' })).toBeVisible();
  await page.getByLabel('Find a machine or component').fill('car');
  const nav = page.getByRole('list', { name: 'Machines' });
  // The cart, the gift card field (giftCard), and the reserve core's child that reserves into it.
  await expect(nav.getByRole('link')).toHaveText(['cart', 'giftCard', 'reserveIntoCart']);
  await expect(nav.getByText('13 states · 9 events · 37 transitions')).toBeVisible();
  await nav.getByRole('link', { name: 'cart', exact: true }).click();
  await expect(page).toHaveURL(/\/_stories\?machine=cart$/);

  // The drawing holds every state of the machine; the stepped actor starts loading the stored cart.
  const ids = stateIds(cartMachine);
  expect(ids.length).toBe(13);
  for (const id of ids) await expect(page.locator(`svg [data-state-id="${id}"]`)).toHaveCount(1);
  await expect(page.locator('svg [data-state-id="cart.loading"]')).toHaveAttribute('data-active', 'true');
  await expect(stateLine(page)).toHaveText('State: loading');
  await expectNoA11yViolations(page, 'story viewer, cart');

  // Pan and zoom from the keyboard and the buttons.
  const zoomLevel = page.getByRole('toolbar', { name: 'Diagram controls' }).getByText(/%$/);
  const before = await zoomLevel.textContent();
  await page.getByRole('group', { name: /Statechart of cart/ }).focus();
  await page.keyboard.press('+');
  await expect(zoomLevel).not.toHaveText(before ?? '');
  await page.getByRole('button', { name: 'Fit' }).click();
  await expect(zoomLevel).toHaveText(before ?? '');

  // Walk a simple path to the expiry modal, step by step to its end.
  const walk = page.getByRole('region', { name: 'Walk it' });
  await walk
    .getByRole('button', { name: /^expired \d+ steps: / })
    .first()
    .click();
  await expect(walk.getByText(/Path to expired: step 0 of \d+/)).toBeVisible();
  await walk.getByRole('button', { name: 'Next step' }).click();
  await expect(walk.getByText(/Path to expired: step 1 of \d+/)).toBeVisible();
  await walk.getByRole('button', { name: 'Last step' }).click();
  await expect(stateLine(page)).toHaveText('State: expired');
  await expect(page.locator('svg [data-state-id="cart.expired"]')).toHaveAttribute('data-active', 'true');
  const dialog = page.getByRole('dialog', { name: T.cartTimedOut });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: T.startOver })).toBeVisible();
  await expectNoA11yViolations(page, 'story viewer, cart expired');

  // The link reopens the same step.
  const link = page.url();
  expect(link).toMatch(/machine=cart&path=p0\.\d+&step=\d+/);
  await page.goto(`${seller.base}/_stories`);
  await page.goto(link);
  await expect(stateLine(page)).toHaveText('State: expired');
  await expect(page.getByRole('dialog', { name: T.cartTimedOut })).toBeVisible();

  // The view's own button steps the machine: Start over confirms the expiry.
  await page.getByRole('button', { name: T.startOver }).click();
  await expect(stateLine(page)).toHaveText('State: empty.discarding');
  await expect(page.getByRole('dialog', { name: T.cartTimedOut })).toHaveCount(0);
});

test('steps the date-first reserve flow by its event buttons to a reservation', async ({ page, seller }) => {
  await page.goto(`${seller.base}/_stories?machine=dateFirstReserve`);
  const step = page.getByRole('region', { name: 'Step it' });
  const see = page.getByRole('region', { name: 'See it' });
  const press = (name: string) => step.getByRole('button', { name, exact: true }).click();
  await expect(stateLine(page)).toHaveText('State: loading');
  await expect(see.getByRole('status')).toHaveText(T.loading);

  await press('loadCalendar resolves (3 items)');
  await expect(stateLine(page)).toHaveText('State: picking.date');
  const form = see.getByRole('form', { name: T.reserveForm });
  await expect(form).toBeVisible();

  await press('date.select (date: 2026-11-21)');
  await expect(stateLine(page)).toHaveText('State: picking.session.loading');
  await press('loadSessions resolves (3 items)');
  await expect(stateLine(page)).toHaveText('State: picking.session.loaded.choosing');
  await press('session.select (sessionId: s-0930)');
  await press('loadSessionGroups resolves (1 item)');
  await expect(stateLine(page)).toHaveText('State: picking.session.loaded.chosen.ready');
  // The form is the flow's child: the flow is stepped by what the form tells it, its valid submit.
  await expect(form.getByRole('button', { name: T.addToCart })).toBeVisible();
  await press('form.submitted (request: {…})');
  await expect(stateLine(page)).toHaveText('State: reserving');

  // An error answer, hard to reach by hand, shows the flow's message in the real view.
  const link = page.url();
  await press('reserveIntoCart resolves (refused: ticket_group_capacity_exceeded)');
  await expect(stateLine(page)).toHaveText('State: picking.session.loaded.chosen.ready');
  await expect(see.getByText('Not enough tickets left in General admission.')).toBeVisible();
  await page.getByRole('button', { name: 'Back one step' }).click();
  await expect(stateLine(page)).toHaveText('State: reserving');
  expect(page.url()).toBe(link);

  await press('reserveIntoCart resolves (reserved: cart-1)');
  await expect(stateLine(page)).toHaveText('State: done (done)');
  // Hand-stepped events live in the URL too: a reload replays them to the same step.
  await page.reload();
  await expect(stateLine(page)).toHaveText('State: done (done)');
  await expectNoA11yViolations(page, 'story viewer, reserve');
});

test('is refused where the deployment does not allow it, and the storefront never loads it', async ({
  page,
  seller,
}) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto(`${seller.base}/events`);
  await expect(page.getByRole('link', { name: 'General Admission' })).toBeVisible();
  expect(scripts.filter((url) => /Stories|elk/i.test(url))).toEqual([]);

  await page.route(`**${seller.base}/_stories`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script id="tix-config" type="application\/json">)(.*?)(<\/script>)/,
      (_all, open: string, json: string, close: string) =>
        `${open}${JSON.stringify({ ...JSON.parse(json), inspect: false })}${close}`,
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto(`${seller.base}/_stories`);
  await expect(page.getByRole('heading', { name: T.notFoundTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Story viewer' })).toHaveCount(0);
  expect(scripts.filter((url) => /StoriesApp|elk/i.test(url))).toEqual([]);
});

test('components have stories of their own: empty, loading and error states', async ({ page, seller }) => {
  await page.goto(`${seller.base}/_stories`);
  const nav = page.getByRole('list', { name: 'Components' });
  const open = async (id: string) => {
    await nav.getByRole('link', { name: id, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: id })).toBeVisible();
  };
  await open('CartWidget/empty');
  await expect(page.getByText(T.cartEmpty)).toBeVisible();
  await open('DateFirstReserve/loading');
  await expect(page.locator('.stories-screen').getByRole('status')).toHaveText(T.loading);
  await open('DateFirstReserve/load error');
  await expect(page.getByText('The calendar could not be loaded.')).toBeVisible();
  await expectNoA11yViolations(page, 'story viewer, reserve load error');
  await open('EventList/empty');
  await expect(page.getByText(T.eventsEmpty)).toBeVisible();
  await open('CheckoutView/refused submit');
  await expect(page.getByText(T.emailInvalid)).toBeVisible();
  await expectNoA11yViolations(page, 'story viewer, checkout refused');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'CheckoutView/refused submit' })).toBeVisible();
});

test('steps the modal stack and advances the simulated clock through its close transition', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/_stories?machine=modals`);
  const step = page.getByRole('region', { name: 'Step it' });
  const see = page.getByRole('region', { name: 'See it' });
  await expect(stateLine(page)).toHaveText('State: closed');
  // Every transition of the modal stack is walked by its path tests: none is drawn as untested.
  await expect(page.locator('svg [data-transition]')).not.toHaveCount(0);
  await expect(page.locator('svg [data-transition][data-walked="false"]')).toHaveCount(0);
  await expect(page.getByText(/transitions no path test walks \(0 of 13\)/)).toBeVisible();

  await step.getByRole('button', { name: 'modal.open (name: login)', exact: true }).click();
  await expect(stateLine(page)).toHaveText('State: open');
  await expect(page.locator('svg [data-transition="modals.closed modal.open #0"]')).toHaveAttribute(
    'data-taken',
    'true',
  );
  await expect(see.getByRole('listitem')).toHaveText(['login — lg, closeable (top, has focus)']);
  await step.getByRole('button', { name: 'modal.dismiss', exact: true }).click();
  await expect(stateLine(page)).toHaveText('State: closing');
  await expect(step.getByText('Simulated time: 0 ms')).toBeVisible();
  await step.getByRole('button', { name: 'Advance time: after closeTransition' }).click();
  await expect(stateLine(page)).toHaveText('State: closed');
  await expect(step.getByText('Simulated time: 200 ms')).toBeVisible();
  await expect(see.getByText('No modal is open; the page is interactive.')).toBeVisible();
});

/** The registry's machines (machines/index.ts; its test holds the list), in its order. */
const registered = [
  'account',
  'addressLookup',
  'app',
  'autoRenewCancel',
  'cancelFreeOrder',
  'cart',
  'checkout',
  'dateFirstReserve',
  'donation',
  'editOrder',
  'emailSubmit',
  'giftCard',
  'giftRedeem',
  'listing',
  'login',
  'membershipPurchase',
  'modals',
  'oneTicketReserve',
  'orderLoad',
  'passwordReset',
  'pendingOrder',
  'promoCode',
  'quantityFirstReserve',
  'reschedule',
  'reserveIntoCart',
  'scheduledPayments',
  'seatMap',
  'session',
  'setEmail',
  'singleEventReserve',
  'ticketForm',
  'upsell',
  'verifyEmail',
];

/** Records every request the page makes to a host other than this machine's. */
function offMachineRequests(page: Page): string[] {
  const offMachine: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname !== '127.0.0.1') offMachine.push(request.url());
  });
  return offMachine;
}

test('the viewer lists every registered machine, in the registry order, with nothing off the machine', async ({
  page,
  seller,
}) => {
  const offMachine = offMachineRequests(page);
  await page.goto(`${seller.base}/_stories`);
  const links = page.getByRole('list', { name: 'Machines' }).getByRole('link');
  await expect(links).toHaveCount(registered.length);
  expect(await links.allTextContents()).toEqual(registered);
  expect(offMachine).toEqual([]);
});

// One page load and one axe run per registered machine: the time grows with the registry, so the machines
// are opened four or five to a test and the workers share them. dateFirstReserve, the largest drawing, is not the first
// machine of its test: the first page of a test loads the viewer and its layout engine cold.
const groups = [
  ['app', 'autoRenewCancel', 'cart', 'checkout', 'promoCode'],
  ['emailSubmit', 'dateFirstReserve', 'giftRedeem', 'listing', 'addressLookup'],
  ['login', 'membershipPurchase', 'modals', 'oneTicketReserve', 'cancelFreeOrder', 'orderLoad'],
  ['passwordReset', 'pendingOrder', 'quantityFirstReserve', 'reserveIntoCart', 'seatMap'],
  ['session', 'setEmail', 'singleEventReserve', 'ticketForm', 'upsell', 'verifyEmail'],
  ['reschedule', 'giftCard', 'scheduledPayments', 'editOrder', 'donation', 'account'],
];

test('the groups below open every registered machine once', () => {
  expect(groups.flat().sort()).toEqual([...registered].sort());
});

for (const group of groups) {
  test(`every registered machine opens drawn, stepped and shown, axe clean, with nothing off the machine: ${group.join(', ')}`, async ({
    page,
    seller,
  }) => {
    // Locally a group takes 25-35 s; the full CI run loads both cores with other browsers and once needed more.
    test.setTimeout(180_000);
    const offMachine = offMachineRequests(page);
    for (const [index, id] of group.entries()) {
      // One step per machine, so a failure report names the machine it happened on.
      await test.step(id, async () => {
        // The first machine loads the viewer; the others are opened from its list, as a person would, without
        // loading the viewer and its layout engine again.
        if (index === 0) await page.goto(`${seller.base}/_stories?machine=${id}`);
        else
          await page
            .getByRole('list', { name: 'Machines' })
            .getByRole('link', { name: id, exact: true })
            .click();
        await expect(page.getByRole('heading', { level: 2, name: id, exact: true })).toBeVisible();
        // The drawing waits for the layout engine (a worker), the slowest part under load.
        await expect(page.getByRole('group', { name: new RegExp(`Statechart of ${id}`) })).toBeVisible({
          timeout: 30_000,
        });
        // The app root has no states of its own (only its invoked children); every other machine draws its states.
        if (id !== 'app') {
          await expect(page.locator('svg [data-state-id]').first()).toBeVisible({ timeout: 30_000 });
        }
        await expect(stateLine(page)).not.toHaveText('State: …');
        await expectNoA11yViolations(page, `story viewer, ${id}`);
      });
    }
    expect(offMachine).toEqual([]);
  });
}

test('the app root starts its app-wide children: the cart loads and arms its expiry, session and modals idle', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/_stories?machine=app`);
  await expect(stateLine(page)).toHaveText('State: (root)');
  const children = page.getByRole('region', { name: 'See it' }).getByLabel('App-wide actors');
  await expect(children).toContainText('cartactive.idle');
  await expect(children).toContainText('sessionguest');
  await expect(children).toContainText('modalsclosed');
});
