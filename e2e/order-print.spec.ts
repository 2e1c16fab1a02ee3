/**
 * The printable order (spec 2 §2, /ticket_order/{id}; issue 20): the confirmation's 'View and print tickets'
 * link and the confirmation email's link open the order with its QR code, its session, its tickets and their
 * attendees' names; Print opens the browser's print dialog; an unknown order is the 404 screen.
 */
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';
import { outbox } from './members';

test('a buyer opens the printable order from the confirmation and from the confirmation email', async ({
  page,
  seller,
}) => {
  await page.goto(`${seller.base}/events`);
  await page.getByRole('link', { name: 'Artist Talk: Printmaking Today' }).click();
  const form = page.getByRole('form', { name: 'Book tickets' });
  await form.getByRole('button', { name: 'Add one Adult' }).click();
  const attendees = form.getByRole('region', { name: 'Attendees' });
  await attendees.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await attendees.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment information' })).toBeVisible();

  const email = `print-${seller.slug}@example.com`;
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').fill(email);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  const number = ((await page.getByRole('heading', { name: /^Order number / }).textContent()) ?? '').replace(
    'Order number ',
    '',
  );
  expect(number).not.toBe('');

  // The seller shows the link (show_tickets_link): it opens the printable order in the storefront.
  await page.getByRole('link', { name: `View and print tickets Order number ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`${seller.base}/ticket_order/[0-9a-f-]{36}$`));
  const printable = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Your tickets' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Order number ${number}` })).toBeVisible();
  const qr = page.getByRole('img', { name: `QR code for order ${number}` });
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const talk = page.getByRole('region', { name: 'Artist Talk: Printmaking Today' });
  await expect(talk.getByText('1 × Adult')).toBeVisible();
  await expect(talk.getByText('Ada Lovelace')).toBeVisible();
  await expectNoA11yViolations(page, 'printable order');

  // Print opens the browser's dialog (stood in for here); on paper the site's header and buttons are left out.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(talk.getByText('Ada Lovelace')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The confirmation email links to the same page.
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await outbox(page.request, seller);
        link = mails
          .filter((m) => m.to === email)
          .flatMap((m) => m.links)
          .find((l) => l.includes('/ticket_order/'));
        return link ?? null;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
  expect(new URL(link ?? '').pathname).toBe(new URL(printable).pathname);
  await page.goto(new URL(link ?? '').pathname);
  await expect(page.getByRole('heading', { level: 2, name: `Order number ${number}` })).toBeVisible();
});

test('an unknown order is the 404 screen', async ({ page, seller }) => {
  await page.goto(`${seller.base}/ticket_order/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops!' })).toBeVisible();
  await expect(page.getByText('(404 Not Found)')).toBeVisible();
});
