import type { APIRequestContext, Page } from '@playwright/test';
import { slotDateWords, slotWords } from '../src/shared/order-slots.ts';
import type { OfferedSlots, Order } from '../src/shared/orders.ts';
import type { RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { menu, signInAsNew } from './cart-helpers.ts';
import { expect, test } from './fixtures.ts';
import { apiToken, boardCard, countChimes, openInApp, oscillatorsStarted, placeOrderViaApi, signInAsNewStaff } from './order-helpers.ts';

/**
 * Orders for later on the board (issue 40): an order leaves "Later" for "New", with the chime, at
 * its slot less the preparation time (the page's clock steered, no waiting minutes); and the card
 * and the ticket read on the restaurant's clock on a tablet set to another time zone.
 */

async function restaurant(request: APIRequestContext): Promise<RestaurantSettings> {
  return (await (await request.get('/api/settings')).json()) as RestaurantSettings;
}

/** The first pickup slot at least `minutes` ahead. */
async function slotAhead(request: APIRequestContext, minutes: number): Promise<string> {
  const offered = (await (await request.get('/api/slots?fulfilment=pickup')).json()) as OfferedSlots;
  const slot = offered.slots.find((s) => Date.parse(s) > Date.now() + minutes * 60_000);
  expect(slot, 'a pickup slot ahead').toBeDefined();
  return slot!;
}

/** A paid pickup order for `slot`, from a customer of its own. */
async function orderFor(page: Page, request: APIRequestContext, slot: string): Promise<Order> {
  const [dish] = (await menu(request)).filter((i) => i.category === 'offered');
  await signInAsNew(page, request);
  return placeOrderViaApi(page, [dish!._id], { type: 'pickup', pickupAt: slot });
}

test('an order for later moves from "Later" to "New" at its slot less the preparation time, with the chime', async ({ page: customer, browser, request }) => {
  test.setTimeout(90_000);
  const { preparationMinutes } = await restaurant(request);
  const slot = await slotAhead(request, preparationMinutes + 2);
  const order = await orderFor(customer, request, slot);

  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  await countChimes(context);
  const board = await context.newPage();
  const staff = await signInAsNewStaff(board, request);
  try {
    await laterToNew(board, order, slot, preparationMinutes);
  } finally {
    // Out of "Later" on the real clock too: the tests after this one count that lane's cards.
    const rejected = await request.post(`/api/staff/orders/${order._id}/status`, {
      headers: { authorization: `Bearer ${await apiToken(request, staff)}` },
      data: { status: 'rejected', reason: 'A test order' },
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
    await context.close();
  }
});

async function laterToNew(board: Page, order: Order, slot: string, preparationMinutes: number): Promise<void> {
  // The board's own clock, steered from here: it starts now and is moved on below.
  await board.clock.install();
  await openInApp(board, '/dashboard/orders');
  const card = boardCard(board, order.number);
  await expect(board.getByTestId('column-later').getByTestId('order-card').filter({ has: board.getByRole('heading', { name: `#${order.number}` }) })).toBeVisible();
  await expect(board.getByTestId('column-placed').getByRole('heading', { name: `#${order.number}` })).toHaveCount(0);
  await board.getByRole('button', { name: 'Enable sound' }).click();
  await expect(board.getByText('Sound on')).toBeVisible();
  const chimesBefore = await oscillatorsStarted(board);

  // A minute before its time it is still "Later"; once the slot less the preparation time has come, it is "New".
  const due = Date.parse(slot) - preparationMinutes * 60_000;
  await board.clock.fastForward(due - 60_000 - (await board.evaluate(() => Date.now())));
  await board.clock.runFor(21_000);
  await expect(board.getByTestId('column-later').getByRole('heading', { name: `#${order.number}` })).toBeVisible();
  await expect(board.getByTestId('board-announcement')).not.toContainText(`New order #${order.number}`);
  await board.clock.fastForward(due + 5_000 - (await board.evaluate(() => Date.now())));
  await board.clock.runFor(21_000);
  await expect(board.getByTestId('column-placed').getByRole('heading', { name: `#${order.number}` })).toBeVisible();
  await expect(card).toHaveCount(1);
  await expect.poll(() => oscillatorsStarted(board)).toBeGreaterThan(chimesBefore);
  await expect(board.getByTestId('board-announcement')).toContainText(`New order #${order.number}`);
}

test('the board card and the ticket show the restaurant’s times on a tablet set to another time zone', async ({ page: customer, browser, request }) => {
  test.setTimeout(90_000);
  const { timeZone } = await restaurant(request);
  // Fourteen hours ahead of UTC or eleven behind: never the restaurant's clock.
  const tabletZone = timeZone === 'Pacific/Kiritimati' ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
  const slot = await slotAhead(request, 90);
  const order = await orderFor(customer, request, slot);

  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, timezoneId: tabletZone });
  const board = await context.newPage();
  const staff = await signInAsNewStaff(board, request);
  const accepted = await request.post(`/api/staff/orders/${order._id}/status`, {
    headers: { authorization: `Bearer ${await apiToken(request, staff)}` },
    data: { status: 'accepted', readyInMinutes: 30 },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { readyBy, createdAt } = (await accepted.json()) as Order;
  // "12:45" as the app writes it, on a given clock.
  const clock = (iso: string, zone: string) =>
    board.evaluate(([iso, zone]) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone: zone }), [iso, zone] as const);
  expect(await clock(readyBy!, timeZone)).not.toBe(await clock(readyBy!, tabletZone));

  await openInApp(board, '/dashboard/orders');
  const card = boardCard(board, order.number);
  const when = slotWords(new Date(slot), new Date(), timeZone);
  await expect(card.getByTestId('scheduled-time')).toHaveText(when.charAt(0).toUpperCase() + when.slice(1));
  await expect(card.getByTestId('order-due')).toContainText(`Ready by ${await clock(readyBy!, timeZone)}`);
  await expect(card.getByTestId('order-due')).not.toContainText(await clock(readyBy!, tabletZone));

  await openInApp(board, `/dashboard/orders/ticket/${order._id}`);
  const ticket = board.getByRole('article');
  await expect(ticket).toContainText(`Pickup · ${await clock(slot, timeZone)}`);
  await expect(ticket).toContainText(`For ${slotDateWords(slot, timeZone)}`);
  await expect(ticket).toContainText(`Placed ${await clock(createdAt, timeZone)} · Ready by ${await clock(readyBy!, timeZone)}`);
  await context.close();
});
