import { menu, signInAsNew } from './cart-helpers.ts';
import { englishWordsIn } from './language-helpers.ts';
import { expect, test } from './fixtures.ts';
import { addDishViaApi, boardCard, newAdmin, signInAsNewStaff } from './order-helpers.ts';

/**
 * Issue 44's "done when": a reader whose browser asks for German walks the whole journey (menu,
 * search, dish page, cart, checkout, order page) and staff follow the order on the board, with
 * no English word left but proper names: the shop's, the dish's, the customer's.
 * `englishWordsIn` (e2e/language-helpers.ts) knows English by the catalogues.
 */
test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

test('a German reader orders and pays, and staff serve the order, all in German', async ({ page, browser, request }) => {
  test.slow(); // a dish made, a customer's journey and a staff board
  const word = Math.random().toString(36).slice(2, 7);
  const english = `Cucumber Dill Soup ${word}`;
  const german = `Gurken-Dill-Suppe ${word}`;
  const admin = await newAdmin(browser);
  const image = (await menu(request))[0]!.image;
  await addDishViaApi(admin, {
    name: english,
    category: 'raw-special',
    price: 9.5,
    recipe: 'Chilled cucumber blended with dill and cashew cream.',
    image,
    options: [{ name: 'Size', translations: { de: 'Größe' }, min: 1, max: 1, choices: [{ name: 'Small', price: 0, translations: { de: 'Klein' } }, { name: 'Large', price: 2, translations: { de: 'Groß' } }] }],
    translations: { de: { name: german, recipe: 'Kalte Gurke mit Dill und Cashewcreme püriert.' } },
  });
  await admin.context.close();

  const customer = await signInAsNew(page, request);
  // Signed up through the API (English); the header's switch would save German the same way (e2e/account-language.spec.ts).
  const saved = await page.evaluate(async () => {
    const response = await fetch('/api/account/preferences', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('access-token')}` },
      body: JSON.stringify({ language: 'de' }),
    });
    return response.status;
  });
  expect(saved).toBe(200);
  // Proper names, and the owner's own texts of the dishes not translated into German (the menu shows them as written).
  const dishTexts = (await menu(request)).flatMap((dish) => [dish.name, dish.recipe, ...(dish.options ?? []).flatMap((group) => [group.name, ...group.choices.map((choice) => choice.name)])]);
  const properNames = ['Raw Roots', 'English', german, english, customer.name, customer.email, ...dishTexts];
  // What a reader sees, and what a screen reader says: the text, every aria-label and the title.
  const pageWords = (on: typeof page) =>
    on.evaluate(() => [document.title, document.body.innerText, ...[...document.querySelectorAll('[aria-label]')].map((node) => node.getAttribute('aria-label'))].join('\n'));
  const noEnglish = async (what: string) => expect.soft(englishWordsIn(await pageWords(page), properNames), what).toEqual([]);

  // The menu, and a German word that finds the dish.
  await page.goto('/order/raw-special');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('searchbox', { name: 'Das Menü durchsuchen' }).fill('Gurken');
  await expect(page.getByRole('heading', { name: german, exact: true })).toBeVisible();
  await noEnglish('the menu');
  await page.getByRole('link', { name: german, exact: true }).first().click();

  // The dish page and its options' dialog.
  await expect(page.getByRole('heading', { name: german, level: 1 })).toBeVisible();
  await noEnglish('the dish page');
  await page.getByRole('button', { name: 'An den Tisch' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: /Groß/ }).check();
  await noEnglish('the options dialog');
  await dialog.getByRole('button').last().click();

  // The cart, with the dish in German.
  await page.goto('/dashboard/my/cart');
  await expect(page.getByText(german).first()).toBeVisible();
  await noEnglish('the cart');

  // Checkout at a table, then pay.
  await page.goto('/dashboard/payment');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await noEnglish('the payment page');
  await page.getByRole('radio', { name: /Hier essen/ }).check();
  await page.getByLabel('Tisch', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Weiter zur Bezahlung' }).click();
  await page.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
  await page.getByLabel('Gültig bis').fill('1240');
  await page.getByLabel('Prüfnummer').fill('123');
  await page.getByRole('button', { name: 'Bezahlen', exact: true }).click();

  // The order page.
  await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
  await expect(page.getByTestId('order-total')).toHaveText(/^11,50\s\$$/);
  await noEnglish('the order page');
  const orderId = new URL(page.url()).pathname.split('/').pop()!;

  // Staff on the board.
  const staffContext = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const staff = await staffContext.newPage();
  const cook = await signInAsNewStaff(staff, staffContext.request);
  properNames.push(cook.name, cook.email);
  await staff.goto('/dashboard/orders');
  const number = await page.evaluate(async (id) => {
    const response = await fetch(`/api/orders/${id}`, { headers: { authorization: `Bearer ${localStorage.getItem('access-token')}` } });
    return ((await response.json()) as { number: number }).number;
  }, orderId);
  const card = boardCard(staff, number);
  await expect(card).toContainText('7');
  // Other tests' orders share the board: the card of this order, and the board's own frame and lanes.
  expect.soft(englishWordsIn(await card.innerText(), properNames), 'the board card').toEqual([]);
  const frame = [...(await staff.getByRole('heading').allInnerTexts()), ...(await staff.getByRole('button').allInnerTexts()), await staff.getByRole('complementary').first().innerText()];
  expect.soft(englishWordsIn(frame.join('\n'), properNames), 'the board').toEqual([]);
  await staffContext.close();
});
