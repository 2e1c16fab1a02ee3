/**
 * More than one language (issue 26): a seller offering English and Spanish, a browser in es-ES. The storefront
 * negotiates Spanish and walks the listing, a reserve and a purchase to the confirmation in Spanish, money and
 * dates in Spanish format, the confirmation email in Spanish (and a password link asked for in Spanish comes in
 * Spanish); the switcher turns it to English, which stays chosen. The seller's locales are set
 * through the test server's `PUT /__test/sellers/{slug}/locales` and removed after, so the worker's other specs
 * see the English-only demo.
 */
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';
import { outbox } from './members';

/** The buyer's address: this spec's alone on the worker's seller. */
const EMAIL = 'ada.es@example.com';
/** A seeded member without a password (a set-password link), whose mails no other spec reads. */
const MEMBER_EMAIL = 'grace.member@example.com';

test.use({ locale: 'es-ES' });

test.afterEach(async ({ request, seller }) => {
  expect((await request.delete(`/__test/sellers/${seller.slug}/locales`)).ok()).toBe(true);
});

test('a Spanish storefront: a password link and a purchase, their emails in Spanish; then English', async ({
  page,
  request,
  seller,
}) => {
  const put = await request.put(`/__test/sellers/${seller.slug}/locales`, {
    data: { default: 'en', offered: ['en', 'es'] },
  });
  expect(put.ok()).toBe(true);

  // The account emails: a password link asked for in Spanish comes in Spanish (the request carried the locale).
  await page.goto(`${seller.base}/user/forgot-password`);
  await expect(page.getByRole('heading', { level: 1, name: '¿Has olvidado tu contraseña?' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(MEMBER_EMAIL);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status').filter({ hasText: MEMBER_EMAIL })).toBeVisible();
  await expect
    .poll(
      async () => (await outbox(request, seller)).filter((m) => m.to === MEMBER_EMAIL).map((m) => m.subject),
      {
        timeout: 20_000,
      },
    )
    .toEqual([expect.stringMatching(/: crea tu contraseña$/)]);

  await page.goto(`${seller.base}/events`);
  await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const languages = page.getByRole('banner').getByRole('navigation', { name: 'Idioma' });
  await expect(languages.getByRole('link', { name: 'Español' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeAttached();
  await expect(page.getByRole('link', { name: 'General Admission' })).toBeVisible();
  await expectNoA11yViolations(page, 'listing, Spanish');

  await page.getByRole('link', { name: 'General Admission' }).click();
  const form = page.getByRole('form', { name: 'Reservar entradas' });
  await expect(page.getByRole('heading', { name: 'Elige una fecha' })).toBeVisible();
  // The second day that can be chosen (today's first time may close while the test runs; see helpers.ts).
  await form.getByRole('list').getByRole('button', { disabled: false }).nth(1).click();
  await expect(page.getByRole('heading', { name: 'Elige una hora' })).toBeVisible();
  // The session times in Spanish, in the venue's zone ('10:00', never '10:00 AM').
  const times = page.getByRole('tabpanel').getByRole('button', { disabled: false });
  await expect(times.first()).toHaveAccessibleName(/^\d{1,2}:\d{2}\b/);
  await expect(page.getByRole('tabpanel').getByRole('button', { name: /\b(AM|PM)\b/ })).toHaveCount(0);
  await times.first().click();
  await expect(page.getByRole('heading', { name: 'Elige tus entradas' })).toBeVisible();
  const addAdult = page.getByRole('button', { name: 'Añadir una entrada Adult' });
  await addAdult.click();
  await addAdult.click();
  await expect(page.getByRole('status', { name: 'Cantidad de Adult' })).toHaveText('2');
  // Two adults at $25.00 plus the $1.50 booking fee each, in Spanish format.
  await expect(page.getByText(/^53,00\sUS\$$/).first()).toBeVisible();
  await expectNoA11yViolations(page, 'event detail, Spanish');
  await page.getByRole('button', { name: 'Añadir al carrito' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Datos de pago' })).toBeVisible();
  const cart = page.getByRole('complementary', { name: 'Tu carrito' });
  await expect(cart.getByText('2 × Adult')).toBeVisible();
  // The visit's day and time in Spanish, in the venue's zone ('sáb, 21 nov 2026, 10:00').
  await expect(
    cart.getByText(/^(lun|mar|mié|jue|vie|sáb|dom), \d{1,2} [a-z]{3,4} \d{4}, \d{1,2}:\d{2}$/),
  ).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill('Ada');
  await page.getByLabel('Apellidos').fill('Lovelace');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(EMAIL);
  await page.getByLabel('Confirma el correo electrónico').fill(EMAIL);
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByLabel('Fecha de caducidad (MM / AA)').fill('12 / 34');
  await page.getByLabel('Código de seguridad (CVC)').fill('123');
  await expectNoA11yViolations(page, 'checkout, Spanish');
  await page.getByRole('button', { name: /^Pagar 53,00\sUS\$$/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: '¡Listo!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Pedido número \S+/ })).toBeVisible();
  await expectNoA11yViolations(page, 'confirmation, Spanish');
  // The confirmation email in the buyer's language: the payment carried the negotiated locale.
  await expect
    .poll(async () => (await outbox(request, seller)).filter((m) => m.to === EMAIL).map((m) => m.subject), {
      timeout: 20_000,
    })
    .toEqual([expect.stringMatching(/^Tus entradas: pedido \S+$/)]);

  // English through the switcher: the same page, in English, and it stays chosen on the next page.
  await languages.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Done!' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: /^Order number \S+/ })).toBeVisible();
  await page.goto(`${seller.base}/events`);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'English' }),
  ).toHaveAttribute('aria-current', 'true');
});
