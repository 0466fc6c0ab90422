import { expect, test } from './fixtures.ts';
import { newAccount } from './auth-helpers.ts';
import { addToCartViaApi, menu, signInAsNew } from './cart-helpers.ts';
import { addDishViaApi, boardCard, newAdmin, openInApp, placeOrderViaApi, signInAsNewStaff } from './order-helpers.ts';

/**
 * The shop in its readers' languages (docs/i18n.md): the browser's language chooses, the header's
 * switch changes it, and the server draws the next page in the chosen one.
 */
test.describe('languages', () => {
  test.describe('a browser set to German', () => {
    test.use({ locale: 'de-DE' });

    test('gets the pages in German, drawn by the server and taken over by the app', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
      await expect(nav.getByRole('link', { name: 'Start' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Bewertungen' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sicheres, gesundes Essen aus rohen Zutaten');
      await expect(page.getByRole('link', { name: 'Jetzt bestellen' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('Alle Rechte vorbehalten.');
      // The sentences built from the restaurant's settings (hours, delivery) too.
      await expect(page.getByTestId('hero-facts')).toHaveText('Rund um die Uhr geöffnet, nach Hause geliefert.');
      await page.goto('/detail_about');
      await expect(page.getByRole('listitem').filter({ hasText: 'Rund um die Uhr geöffnet, mit Lieferung nach Hause' })).toBeVisible();
      await expect(page).toHaveTitle('Raw Roots Mehr über uns');
      await page.goto('/');
      // After the app has taken the page over (the fixture waits for it), client-side navigation keeps German.
      await nav.getByRole('link', { name: 'Bewertungen' }).click();
      await expect(page).toHaveURL(/\/review$/);
      await expect(nav.getByRole('link', { name: 'Über uns' })).toBeVisible();
    });

    test('orders in German: the menu, its search, a dish page drawn by the server, prices by Intl', async ({ page }) => {
      await page.goto('/order/offered');
      await expect(page.getByRole('tab', { name: 'Angebot des Tages' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText('Ernährung und Allergene')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Das Menü durchsuchen' }).fill('berry');
      // A count worded by German's plural rule, in German quotes.
      await expect(page.getByText(/^\d+ Gerichte? pass(t|en) zu „berry“ im ganzen Menü$/)).toBeVisible();
      await page.getByRole('tabpanel').getByRole('link', { name: 'Berry Chia Pudding', exact: true }).click();
      await expect(page).toHaveURL(/\/item\/[0-9a-f-]{36}$/);
      for (const drawnBy of ['the app', 'the server']) {
        if (drawnBy === 'the server') await page.reload();
        await expect(page.getByRole('heading', { name: 'Berry Chia Pudding', level: 1 }), drawnBy).toBeVisible();
        await expect(page.getByText(/^Neuer Preis 7,50\s\$$/), drawnBy).toBeVisible();
        await expect(page.getByRole('list', { name: 'Enthält Allergene' }), drawnBy).toContainText('Schalenfrüchte');
        await expect(page.getByRole('button', { name: 'An den Tisch' }), drawnBy).toBeVisible();
        await expect(page.getByRole('link', { name: '← Angebot des Tages' }), drawnBy).toBeVisible();
      }
    });

    test('logs in, signs up and keeps a profile in German', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Anmelden', level: 1 })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'E-Mail' })).toBeVisible();
      await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Captcha neu laden' })).toBeVisible();
      await page.getByRole('link', { name: 'Bitte legen Sie ein Konto an' }).click();
      await expect(page.getByRole('heading', { name: 'Registrieren', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/Registrieren$/);
      const account = newAccount();
      await page.getByLabel('Name').fill(account.name);
      await page.getByRole('textbox', { name: 'E-Mail' }).fill(account.email);
      await page.getByLabel('Passwort (8 bis 128 Zeichen)').fill(account.password);
      await page.getByRole('button', { name: 'Registrieren' }).click();
      await expect(page.getByText('Neues Konto angelegt')).toBeVisible();
      // A dashboard page, drawn in the browser: its words come with its chunk.
      await page.goto('/dashboard/profile');
      await expect(page.getByRole('heading', { name: 'Ihr Profil', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Angemeldete Geräte' })).toBeVisible();
      await expect(page.getByText(/^Angemeldet \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} · zuletzt aktiv/)).toBeVisible();
    });

    test("a customer's order page in German: status, the way it comes, money and times by Intl", async ({ page, request }) => {
      const [dish] = (await menu(request)).filter((item) => item.category === 'offered');
      await signInAsNew(page, request);
      const order = await placeOrderViaApi(page, [dish!._id], { type: 'table', table: '7' });
      await openInApp(page, `/dashboard/my/orders/${order._id}`);
      await expect(page.getByRole('heading', { name: `Bestellung #${order.number}`, level: 1 })).toBeVisible();
      await expect(page.getByText(/^Aufgegeben am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBeVisible();
      await expect(page.getByTestId('order-status')).toHaveText('Aufgegeben');
      await expect(page.getByText('Die Küche bestätigt Ihre Bestellung gleich.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Ihre Bestellung' })).toBeVisible();
      await expect(page.getByTestId('order-total')).toHaveText(/^\d+,\d{2}\s\$$/);
      await expect(page.getByText('Hier essen')).toBeVisible();
      await expect(page.getByText('Tisch 7')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Verlauf' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Erneut bestellen' })).toBeVisible();
      await expect(page.getByTestId('live-indicator')).toHaveText('Live');
      // No English word on the order's part of the page but the dish's name and the order's ids.
      const text = (await page.getByRole('region', { name: `Bestellung #${order.number}` }).innerText()).replaceAll(dish!.name, '');
      expect(text).not.toMatch(/\b(Order|Placed|Table|Eat here|Total|Timeline|Ready|Refund)\b/);
    });

    test('the staff board in German: lanes, a card, its move and its time', async ({ page, request }) => {
      const [dish] = (await menu(request)).filter((item) => item.category === 'offered');
      await signInAsNewStaff(page, request);
      const order = await placeOrderViaApi(page, [dish!._id], { type: 'table', table: '5' });
      await openInApp(page, '/dashboard/orders');
      await expect(page.getByRole('heading', { name: 'Bestelltafel', level: 1 })).toBeVisible();
      for (const lane of ['Neu', 'Angenommen', 'In Zubereitung', 'Fertig', 'Unterwegs']) {
        await expect(page.getByRole('heading', { name: new RegExp(`^${lane} \\d+ Bestellung`), level: 2 })).toBeVisible();
      }
      const card = boardCard(page, order.number);
      await expect(card).toContainText('Hier essen · Tisch 5');
      await expect(card).toContainText(/\d+ Min\./);
      await expect(card.getByTestId('order-total')).toHaveText(/^\d+,\d{2}\s\$$/);
      await card.getByRole('button', { name: 'Annehmen' }).click();
      const dialog = page.getByRole('dialog', { name: `#${order.number} annehmen` });
      await dialog.getByRole('button', { name: '15 Min.', exact: true }).click();
      await dialog.getByRole('button', { name: 'Annehmen, fertig in 15 Min.' }).click();
      const accepted = page.getByTestId('lane-accepted').getByTestId('order-card').filter({ hasText: `#${order.number}` });
      await expect(accepted.getByTestId('order-due')).toHaveText(/^Fertig um \d{2}:\d{2} · in 1[45] Min\.$/);
      const text = (await accepted.innerText()).replaceAll(dish!.name, '');
      expect(text).not.toMatch(/\b(Table|Eat here|Ready by|Total|Accept|Cancel|Ticket|min)\b/);
    });

    test('keeps a cart and pays in German: the dish by its German name, a changed price, the payment page', async ({ page, browser, request }) => {
      const [model] = await menu(request);
      const admin = await newAdmin(browser);
      const word = Math.random().toString(36).slice(2, 7);
      const dish = { name: `Cucumber Soup ${word}`, category: 'dessert', price: 6.5, recipe: 'Chilled.', image: model!.image, translations: { de: { name: `Gurkensuppe ${word}` } } };
      const id = await addDishViaApi(admin, dish);
      try {
        await signInAsNew(page, request);
        await addToCartViaApi(page, id);
        await addToCartViaApi(page, id);
        // The owner raises the price while the dish waits in the cart: the notice says so, in German.
        const patched = await admin.context.request.patch(`/api/items/${id}`, { headers: admin.headers, data: { ...dish, price: 8.25 } });
        expect(patched.status(), await patched.text()).toBe(200);
        await page.goto('/dashboard/my/cart');
        const line = page.getByTestId('cart-line').filter({ hasText: `Gurkensuppe ${word}` });
        await expect(line.getByTestId('cart-line-price-change')).toHaveText(/^Preis geändert: vorher 6,50\s\$, jetzt 8,25\s\$$/);
        await expect(page.getByTestId('price-change-notice')).toContainText('Einige Preise haben sich geändert');
        await expect(page.getByText(dish.name)).toHaveCount(0);

        await page.getByRole('link', { name: 'Bezahlen', exact: true }).click();
        await expect(page.getByRole('heading', { name: 'Bezahlung', level: 1 })).toBeVisible();
        await expect(page.getByText(/^Zu zahlen: 16,50\s\$ für 2 Artikel$/)).toBeVisible();
        await expect(page.getByTestId('price-change-notice')).toContainText(`Gurkensuppe ${word}: Preis geändert`);
        await page.getByRole('radio', { name: /Hier essen/ }).check();
        await page.getByLabel('Tisch', { exact: true }).fill('12');
        await page.getByRole('button', { name: 'Weiter zur Bezahlung' }).click();
        await expect(page.getByRole('heading', { name: '1. Hier essen' })).toBeVisible();
        await expect(page.getByRole('heading', { name: '2. Karte' })).toBeVisible();
        await expect(page.getByText('Testmodus')).toBeVisible();
        // A code left empty is refused by the page itself, in German.
        await page.getByRole('button', { name: 'Einlösen' }).click();
        await expect(page.getByLabel('Gutscheincode')).toHaveAccessibleDescription('Geben Sie den Code ein');
        await page.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
        await page.getByLabel('Gültig bis').fill('1240');
        await page.getByLabel('Prüfnummer').fill('123');
        await page.getByRole('button', { name: 'Bezahlen', exact: true }).click();
        await expect(page.getByText('Zahlung erfolgreich')).toBeVisible();
      } finally {
        await admin.context.request.delete(`/api/items/${id}`, { headers: admin.headers });
        await admin.context.close();
      }
    });
  });

  test.describe('an administrator reading German', () => {
    test.use({ locale: 'de-DE' });

    test('runs the dashboard in German: its menu, the admin home with its tiles, the settings saved, the items', async ({ page, request }) => {
      const admin = await signInAsNew(page, request, { admin: true });
      await page.goto('/dashboard/adminHome');
      const menu = page.getByRole('navigation', { name: 'Übersicht' });
      await expect(menu.getByRole('link', { name: 'Gerichte verwalten' })).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Abmelden' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hallo, ${admin.name}! Willkommen zurück`);
      await expect(page.getByRole('link', { name: 'Letzte 7 Tage' })).toHaveAttribute('aria-current', 'page');
      const tiles = page.getByRole('list', { name: 'Kennzahlen' });
      await expect(tiles.getByText('Umsatz', { exact: true })).toBeVisible();
      await expect(tiles.getByText('abzüglich Erstattungen, inkl. Steuer', { exact: false }).first()).toBeVisible();
      // Money by Intl in German: "0,00 $", never "$ 0.00".
      await expect(page.getByTestId('stat-revenue')).toHaveText(/^[\d.]+,\d{2}\s\$$/);
      await expect(page.getByRole('link', { name: 'Bestellungen herunterladen (CSV)' })).toBeVisible();

      await menu.getByRole('link', { name: 'Restauranteinstellungen' }).click();
      await expect(page.getByRole('heading', { name: 'Restauranteinstellungen', level: 1 })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Trinkgeld' }).getByLabel('Steuer auf Trinkgeld')).toBeVisible();
      // Saved as it stands (other tests share the shop): the field keeps its value, the confirmation is German.
      const preparation = page.getByLabel('Zubereitungszeit (Minuten)');
      await preparation.fill(await preparation.inputValue());
      await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
      await expect(page.getByTestId('settings-outcome')).toHaveText(/^Gespeichert um \d{2}:\d{2}\. Die Gäste sehen die Einstellungen innerhalb einer Minute\.$/);

      await menu.getByRole('link', { name: 'Gerichte verwalten' }).click();
      await expect(page.getByRole('heading', { name: 'Alle Gerichte verwalten' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Gerichte des Menüs' });
      await expect(table.getByRole('columnheader', { name: 'Verfügbarkeit' })).toBeVisible();
      await expect(table.getByRole('switch', { name: 'Ausverkauft: Berry Chia Pudding' })).toBeVisible();
      await expect(table.getByText(/^Neuer Preis 7,50\s\$$/)).toBeVisible();
    });
  });

  test('the header switches the language at once, and the next page the server draws keeps it', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Reviews' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Bewertungen' })).toBeVisible();

    await page.goto('/review');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Gerichte' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    await expect(nav.getByRole('link', { name: 'Items' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test("each public page names its German and English addresses for search engines", async ({ page }) => {
    await page.goto('/items');
    await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute('href', /\/items\?lang=de$/);
    await page.goto(new URL(await page.locator('link[rel="alternate"][hreflang="de"]').getAttribute('href') ?? '').pathname + '?lang=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});
