import type { Page } from '@playwright/test';
import type { MenuItem } from '../src/shared/menu.ts';
import { createAccount, logIn, newAccount, trackCaptcha } from './auth-helpers.ts';
import { addToCartViaApi, cartPrice, menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/**
 * A customer on a phone (docs/product.md §21): the cart's bar, the dish a visitor took before
 * logging in, the saved hearts and the compact list of All Items, at 390 px as on a phone.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

function card(page: Page, item: MenuItem) {
  return page.getByRole('tabpanel').getByRole('article').filter({ has: page.getByRole('heading', { name: item.name, exact: true }) });
}
const bar = (page: Page) => page.getByTestId('view-cart-bar');
const money = (cents: number) => `$ ${(cents / 100).toFixed(2)}`;

async function dishesOf(request: Parameters<typeof menu>[0], category: string, count: number): Promise<MenuItem[]> {
  const items = (await menu(request)).filter((item) => item.category === category).slice(0, count);
  expect(items).toHaveLength(count);
  return items;
}

/** The page's controls (links, buttons, fields) that lie under the message, by their names; none is the rule. */
async function controlsUnder(page: Page, message: string): Promise<string[]> {
  const box = (await page.getByRole('status', { name: 'Notifications' }).locator('div').filter({ hasText: message }).boundingBox())!;
  expect(box).not.toBeNull();
  return page.evaluate((box) => {
    const covered: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')) {
      if (control.closest('[aria-label="Notifications"]')) continue;
      const r = control.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.left < box.x + box.width && r.right > box.x && r.top < box.y + box.height && r.bottom > box.y) {
        covered.push(control.getAttribute('aria-label') ?? (control.textContent ?? '').trim());
      }
    }
    return covered;
  }, box);
}

test.describe('on a phone', () => {
  // Issue 43, point 2: one message at a time, and never over a control.
  test('a message never lies over a button: the cart’s + / − and delete, the menu’s Take on table', async ({ page, request }) => {
    const items = (await menu(request)).slice(0, 8);
    await signInAsNew(page, request);
    await page.goto('/order/offered');
    for (const item of items) await addToCartViaApi(page, item._id);
    await page.goto('/dashboard/my/cart');
    const rows = page.getByTestId('cart-line');
    await expect(rows).toHaveCount(8);
    const victim = items[0]!;
    await rows.filter({ hasText: victim.name }).getByRole('button', { name: `Delete ${victim.name}` }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
    const deleted = 'Deleted! Your item has been deleted.';
    await expect(page.getByText(deleted)).toBeVisible();
    await expect(rows).toHaveCount(7);
    // Held while its Close button has the focus, so it stays while the page moves under it.
    const close = page.getByRole('status', { name: 'Notifications' }).getByRole('button', { name: 'Close message' });
    await close.focus();
    // Each line in turn at the bottom of the screen, where the message starts: no button under it.
    for (let index = 6; index >= 0; index--) {
      await rows.nth(index).evaluate((row) => row.scrollIntoView({ block: 'end' }));
      await expect.poll(() => controlsUnder(page, deleted)).toEqual([]);
    }
    await page.screenshot({ path: test.info().outputPath('cart-message-390.png') });

    // The menu: a dish taken, its message clear of every dish's buttons, and of the View cart bar.
    await page.goto('/order/offered');
    const [dish] = await dishesOf(request, 'offered', 1);
    await card(page, dish!).getByRole('button', { name: 'Take on table' }).click();
    const taken = `${dish!.name} is on your table`;
    await expect(page.getByText(taken)).toBeVisible();
    await close.focus();
    for (let step = 0; step < 4; step++) {
      await expect.poll(() => controlsUnder(page, taken)).toEqual([]);
      await page.mouse.wheel(0, 300);
    }
    await expect(close).toHaveCount(1);
  });

  test('the View cart bar appears with the count and total once something is taken, and leads to the cart', async ({ page, request }) => {
    const items = await dishesOf(request, 'offered', 2);
    await signInAsNew(page, request);
    await page.goto('/order/offered');
    await expect(bar(page)).toHaveCount(0);

    let cents = 0;
    for (const [index, item] of items.entries()) {
      await card(page, item).getByRole('button', { name: 'Take on table' }).click();
      await expect(page.getByText(`${item.name} is on your table`)).toBeVisible();
      cents += Math.round(cartPrice(item) * 100);
      // "View cart · 2 · $ 23.40", read out as "View cart · 2 items · $ 23.40".
      await expect(bar(page)).toHaveAccessibleName(new RegExp(`^View cart\\W+${index + 1}\\W+${index ? 'items' : 'item'}\\W+\\$ ${(cents / 100).toFixed(2).replace('.', '\\.')}$`));
    }
    await expect(bar(page)).toBeInViewport({ ratio: 1 });
    // The page ends with room for the bar: scrolled to the end, the footer's last line is above it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const barBox = (await bar(page).boundingBox())!;
    const footerBox = (await page.getByRole('contentinfo').boundingBox())!;
    expect(footerBox.y + footerBox.height).toBeLessThanOrEqual(barBox.y);
    await expectAccessible(page);

    await bar(page).click();
    await expect(page).toHaveURL(/\/dashboard\/my\/cart$/);
    await expect(page.getByText('Total item: 2')).toBeVisible();
    await expect(page.getByText(`Total Price: ${money(cents)}`)).toBeVisible();
    // Not on the cart page itself.
    await expect(bar(page)).toHaveCount(0);
  });

  test('a visitor takes a dish, logs in, and finds it in the cart with a message', async ({ page, request }) => {
    const [dish] = await dishesOf(request, 'juice', 1);
    const account = newAccount();
    await createAccount(request, account);
    const currentCaptcha = trackCaptcha(page);
    await page.goto('/order/juice');
    await card(page, dish!).getByRole('button', { name: 'Take on table' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(`Log in or sign up to take ${dish!.name} on your table`)).toBeVisible();

    await logIn(page, account, currentCaptcha);
    await expect(page).toHaveURL(/\/order\/juice$/);
    await expect(page.getByText(`${dish!.name} was added to your cart`)).toBeVisible();
    await expect(bar(page)).toContainText(money(Math.round(cartPrice(dish!) * 100)));
    await bar(page).click();
    await expect(page.getByRole('row').filter({ hasText: dish!.name })).toHaveCount(1);
    await expect(page.getByText('Total item: 1')).toBeVisible();
  });

  test('a visitor takes a dish, signs up instead, and finds it in the cart with a message', async ({ page, request }) => {
    const [, dish] = await dishesOf(request, 'offered', 2);
    const account = newAccount('phone');
    await page.goto('/order/offered');
    await card(page, dish!).getByRole('button', { name: 'Take on table' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Please Make An Account' }).click();
    await expect(page).toHaveURL(/\/signUp$/);
    // The pointer rests on the plea to log in, which holds it (no timer takes it away meanwhile),
    // and the form is sent with Enter.
    await page.getByText(`Log in or sign up to take ${dish!.name} on your table`).hover();
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByLabel(/^Password/).press('Enter');

    // Back on the page the dish was taken from, with the dish in the cart.
    await expect(page).toHaveURL(/\/order\/offered$/);
    await expect(page.getByText(`${dish!.name} was added to your cart`)).toBeVisible();
    // One message at a time, and the plea to log in is gone: its reason has passed (issue 43, point 2).
    await expect(page.getByText(`Log in or sign up to take ${dish!.name} on your table`)).toHaveCount(0);
    await expect(page.getByRole('status', { name: 'Notifications' }).getByRole('button', { name: 'Close message' })).toHaveCount(1);
    await bar(page).click();
    await expect(page.getByRole('row').filter({ hasText: dish!.name })).toHaveCount(1);
    // Priced by the server at today's price, whatever the visitor's tab kept.
    await expect(page.getByText(`Total Price: ${money(Math.round(cartPrice(dish!) * 100))}`)).toBeVisible();
  });

  test('the heart saves a dish to the account: pressed after a reload and listed in the Favourites tab', async ({ page, request }) => {
    const [dish, other] = await dishesOf(request, 'spicy', 2);
    await signInAsNew(page, request);
    await page.goto('/order/spicy');
    const heart = card(page, dish!).getByRole('button', { name: `Save ${dish!.name} to favourites` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(card(page, other!).getByRole('button', { name: `Save ${other!.name} to favourites` })).toHaveAttribute('aria-pressed', 'false');

    await page.reload();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('tab', { name: 'Favourites' }).click();
    await expect(page).toHaveURL(/\/order\/favourites$/);
    const saved = page.getByRole('tabpanel').getByRole('heading', { level: 3 });
    await expect(saved).toHaveText([dish!.name]);
    await expectAccessible(page);

    // Pressed again, the dish leaves the favourites, also after a reload.
    await page.getByRole('tabpanel').getByRole('button', { name: `Save ${dish!.name} to favourites` }).click();
    await expect(page.getByText('No favourites yet. Press the heart on a dish to save it here.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No favourites yet. Press the heart on a dish to save it here.')).toBeVisible();
  });

  test("a visitor's heart is saved once they have logged in", async ({ page, request }) => {
    const [dish] = await dishesOf(request, 'dessert', 1);
    const account = newAccount();
    await createAccount(request, account);
    const currentCaptcha = trackCaptcha(page);
    await page.goto('/order/favourites');
    await expect(page.getByText('to see the dishes you saved with the heart.')).toBeVisible();
    await page.goto('/order/dessert');
    await card(page, dish!).getByRole('button', { name: `Save ${dish!.name} to favourites` }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(`Log in or sign up to save ${dish!.name} to your favourites`)).toBeVisible();
    await logIn(page, account, currentCaptcha);
    await expect(page).toHaveURL(/\/order\/dessert$/);
    await expect(page.getByText(`${dish!.name} was saved to your favourites`)).toBeVisible();
    await expect(card(page, dish!).getByRole('button', { name: `Save ${dish!.name} to favourites` })).toHaveAttribute('aria-pressed', 'true');
  });

  test('All Items is a compact list: several dishes to a screen, each with its price, heart and add button', async ({ page }) => {
    await page.goto('/order');
    const rows = page.getByTestId('compact-item');
    await expect(rows.first()).toBeVisible();
    // Several dishes to one screen: from the list's first row, at least three fit the phone's height
    // (above the list come the search box, the filters and the tabs).
    const top = (await rows.first().boundingBox())!.y;
    let inOneScreen = 0;
    for (const row of (await rows.all()).slice(0, 8)) {
      const box = await row.boundingBox();
      if (box && box.y + box.height <= top + PHONE.height) inOneScreen++;
    }
    expect(inOneScreen).toBeGreaterThanOrEqual(3);
    const first = rows.first();
    await expect(first.getByRole('heading', { level: 3 })).toBeVisible();
    await expect(first.getByText(/\$ \d+\.\d\d/).first()).toBeVisible();
    await expect(first.getByRole('button', { name: /^Save .* to favourites$/ })).toBeVisible();
    await expect(first.getByRole('button', { name: /^Take .* on table$/ })).toBeVisible();
    // The cards of the wider screens are not drawn on the phone.
    await expect(page.getByRole('tabpanel').locator('article.item-card').first()).toBeHidden();
    await expectAccessible(page);

    // Unchanged from the tablet width up: the cards, not the rows.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole('tabpanel').locator('article.item-card').first()).toBeVisible();
    await expect(rows.first()).toBeHidden();
  });

  test('the cart’s lines are cards: the dish, its price each and in all, − / + and Delete, nothing cut off (issue 42, point 4)', async ({ page, request }) => {
    const [first, second] = await dishesOf(request, 'offered', 2);
    await signInAsNew(page, request);
    await page.goto('/order/offered');
    for (const item of [first!, first!, second!]) await addToCartViaApi(page, item._id);
    await page.goto('/dashboard/my/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: first!.name });
    await expect(line).toBeVisible();
    // The card holds its dish, the price each, the line's total and the three buttons, within the screen.
    await expect(line.getByText(`$ ${cartPrice(first!).toFixed(2)}`, { exact: true }).first()).toBeVisible();
    await expect(line.getByTestId('cart-line-total')).toHaveText(money(Math.round(cartPrice(first!) * 100) * 2));
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('Quantity 2');
    const card = (await line.boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(PHONE.width);
    // No column name before its value (a label and value table), and no line number.
    await expect(line.getByRole('cell').filter({ hasText: /^1$/ })).toBeHidden();
    for (const name of [`One less ${first!.name}`, `One more ${first!.name}`, `Delete ${first!.name}`]) {
      const box = (await line.getByRole('button', { name }).boundingBox())!;
      expect(box.y + box.height, name).toBeLessThanOrEqual(card.y + card.height);
      expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
    }
    // Short: two dishes' cards fit in the first screen with the totals above them.
    const second_ = (await page.getByTestId('cart-line').filter({ hasText: second!.name }).boundingBox())!;
    expect(second_.y + second_.height).toBeLessThanOrEqual(PHONE.height);
    await line.getByRole('button', { name: `One less ${first!.name}` }).click();
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('Quantity 1');
    await expectAccessible(page);

    // From a small tablet's width up it is the table of the spec's columns.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.getByRole('columnheader', { name: 'Item no' })).toBeVisible();
    await expect(line.getByRole('cell').first()).toHaveText('1');
  });

  test('the View cart bar never covers the dish page’s Take on table, wherever the page is scrolled (issue 42, point 4)', async ({ page, request }) => {
    const [taken, dish] = await dishesOf(request, 'offered', 2);
    await signInAsNew(page, request);
    await page.goto('/order/offered');
    await addToCartViaApi(page, taken!._id);
    await page.goto(`/item/${dish!._id}`);
    await expect(bar(page)).toBeVisible();
    const take = page.getByRole('button', { name: 'Take on table' });
    // Brought into view at the screen's bottom edge, as a browser does when it scrolls to it.
    await take.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    const covered = await take.evaluate((button) => {
      const r = button.getBoundingClientRect();
      return [0.1, 0.5, 0.9].some((fy) => !button.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height * fy)));
    });
    expect(covered, 'a part of Take on table lies under the bar').toBe(false);
    await take.click();
    await expect(bar(page)).toContainText('2');
  });

  test('the dashboard menu folds away above the page, opens with its button and folds again after a move (issue 42, point 4)', async ({ page, request }) => {
    await signInAsNew(page, request);
    await page.goto('/dashboard/profile');
    const heading = page.getByRole('heading', { level: 1, name: 'Your profile' });
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    // Folded: the page's heading is in the first screen's top quarter, the links are not drawn.
    await expect(heading).toBeVisible();
    await expect(nav).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect((await heading.boundingBox())!.y).toBeLessThan(PHONE.height / 3);
    // Opened from the keyboard; a link followed folds it again.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expectAccessible(page);
    await nav.getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/my\/orders$/);
    await expect(nav).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // From a tablet's width up the menu is a column beside the page, always there, without the button.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(toggle).toBeHidden();
  });
});
