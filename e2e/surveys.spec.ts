import { sessionAt, venueDay } from './date-first-helpers';
import { eventId, expect, test } from './fixtures';
import { expectNoA11yViolations } from './helpers';

/**
 * Surveys per ticket group (spec 1 §2, §5, §7; issue 25): the Sculpture Garden's guided walk asks a survey
 * (a required choice, a whole number from 0 to 120, an email, a date, a text). A submit without the required
 * answer focuses it with 'Input must not be empty'; a number out of range is refused beside its field; with
 * right answers the reserve carries them, the visitor reaches checkout and the cart lists them.
 */
test('a visitor answers the guided walk’s survey and reaches checkout @phone', async ({ page, seller }) => {
  const id = eventId(seller, 'sculpture-garden');
  await page.goto(`${seller.base}/events/${id}`);
  const session = await sessionAt(page, id, venueDay(2), '10:00');
  await page.goto(`${seller.base}/events/${id}?session=${session.id}`);
  const form = page.getByRole('form', { name: 'Book tickets' });
  await form.getByRole('button', { name: 'Add one Adult', exact: true }).click();

  const survey = form.getByRole('region', { name: 'A few questions: Guided walk' });
  const heard = survey.getByRole('combobox', { name: 'How did you hear about the garden?' });
  const youngest = survey.getByRole('spinbutton', { name: 'Age of the youngest walker (optional)' });
  await expect(heard).toBeVisible();
  await expect(
    survey.getByRole('textbox', { name: 'Email for the walk’s photos (optional)' }),
  ).toHaveAttribute('type', 'email');
  await expect(survey.getByLabel('A date you would like to come back (optional)')).toHaveAttribute(
    'type',
    'date',
  );
  await expectNoA11yViolations(page, 'survey fields');

  const submit = page.getByRole('button', { name: 'Add to cart' });
  await youngest.fill('130');
  await submit.click();
  await expect(heard).toBeFocused();
  await expect(heard).toHaveAccessibleDescription('Input must not be empty');
  await expect(youngest).toHaveAccessibleDescription('Please enter a number from 0 to 120.');
  await expectNoA11yViolations(page, 'survey fields with errors');

  await heard.selectOption('Social media');
  await youngest.fill('7');
  const reserved = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/cart\/.*modify|cart\/modify/.test(r.url()),
  );
  await submit.click();
  const body = (await reserved).postDataJSON() as { additionalInfo?: unknown };
  expect(body.additionalInfo).toEqual([
    { ticket_group_id: expect.any(String), data: { heard: 'Social media', youngest: 7 } },
  ]);
  await expect(page).toHaveURL(new RegExp(`${seller.base}/checkout$`));
  // The cart (the checkout's sidebar) lists the answers kept on the ticket, under its line, by their questions.
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(
    cart.getByRole('term').filter({ hasText: 'How did you hear about the garden?' }),
  ).toBeVisible();
  await expect(cart.getByRole('definition').filter({ hasText: 'Social media' })).toBeVisible();
  await expect(cart.getByRole('definition').filter({ hasText: /^7$/ })).toBeVisible();
  await expectNoA11yViolations(page, 'checkout with the survey answers');
});
