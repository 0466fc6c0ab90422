import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Order } from '../src/shared/orders.ts';
import { menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { apiToken, boardCard, openInApp, placeOrderViaApi, signInAsNewStaff } from './order-helpers.ts';
import { dataDir, type Account } from './auth-helpers.ts';

/**
 * The board at peak (issue 40, point 4): thirty open orders on a 1024 × 768 tablet, every lane side
 * by side and scrolling on its own, the Ready lane's first card on screen without scrolling the
 * page; and the sound choice kept on the device.
 */
test('thirty open orders on a 1024 × 768 tablet: every lane in view, each scrolls on its own', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const dishes = (await menu(request)).filter((i) => i.category === 'offered');
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const board = await context.newPage();
  const staff: Account = await signInAsNewStaff(board, request);
  const staffHeaders = { authorization: `Bearer ${await apiToken(request, staff)}` };

  // Thirty orders from one customer, then spread over the lanes as a busy evening would.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signInAsNew(customer, request);
  const orders: Order[] = [];
  for (let i = 0; i < 30; i++) {
    const fulfilment =
      i % 3 === 0
        ? ({ type: 'delivery', address: { line1: `${i} Orchard Lane`, city: 'Springfield', postalCode: '62704' }, phone: '+1 555 0142' } as const)
        : i % 3 === 1
          ? ({ type: 'pickup', note: i % 2 ? 'No onions, please' : undefined } as const)
          : ({ type: 'table', table: String(i) } as const);
    orders.push(await placeOrderViaApi(customer, [dishes[i % dishes.length]!._id, dishes[(i + 1) % dishes.length]!._id], fulfilment));
  }
  const move = async (order: Order, body: object) => {
    const res = await request.post(`/api/staff/orders/${order._id}/status`, { headers: staffHeaders, data: body });
    expect(res.status(), await res.text()).toBe(200);
  };
  // 12 stay new; 6 accepted, 5 preparing, 5 ready, 2 out for delivery.
  for (const [index, order] of orders.entries()) {
    if (index < 12) continue;
    await move(order, { status: 'accepted', readyInMinutes: 20 });
    if (index < 18) continue;
    await move(order, { status: 'preparing' });
    if (index < 23) continue;
    await move(order, { status: 'ready' });
    if (index >= 26 && order.fulfilment.type === 'delivery') await move(order, { status: 'out_for_delivery' });
  }
  await customerContext.close();
  // A kitchen's tablet account has its address confirmed: no banner over the board (as in the README's picture).
  const db = new DatabaseSync(path.join(dataDir(), 'shop.sqlite'), { timeout: 5_000 });
  try {
    db.prepare('update users set email_verified = 1 where email = ?').run(staff.email);
  } finally {
    db.close();
  }

  await openInApp(board, '/dashboard/orders');
  const last = orders.at(-1)!;
  await expect(boardCard(board, last.number)).toBeVisible();
  const lanes = ['placed', 'accepted', 'preparing', 'ready', 'out_for_delivery'] as const;

  // Side by side: one row, each lane's top on screen, none beyond the window's right edge.
  const boxes = await Promise.all(lanes.map(async (status) => (await board.getByTestId(`column-${status}`).boundingBox())!));
  for (const [index, box] of boxes.entries()) {
    expect(box.y, lanes[index]).toBe(boxes[0]!.y);
    expect(box.x + box.width, lanes[index]).toBeLessThanOrEqual(1024);
    expect(box.y + box.height, lanes[index]).toBeLessThanOrEqual(768);
    if (index > 0) expect(box.x, lanes[index]).toBeGreaterThan(boxes[index - 1]!.x + boxes[index - 1]!.width - 1);
  }
  // The lane headers count their orders (today's, with the other tests' orders too).
  const newCount = await board.getByTestId('column-placed').getByTestId('order-card').count();
  expect(newCount).toBeGreaterThanOrEqual(12);
  await expect(board.getByRole('heading', { name: new RegExp(`^New\\s*${newCount} orders$`), level: 2 })).toBeVisible();

  // The Ready lane's first card is on screen, and the page was not scrolled to see it.
  const readyFirst = board.getByTestId('column-ready').getByTestId('order-card').first();
  await expect(readyFirst).toBeInViewport({ ratio: 1 });
  expect(await board.evaluate(() => window.scrollY)).toBe(0);

  // The New lane holds more than it shows, and scrolls by itself: the page does not move.
  const newLane = board.getByTestId('lane-placed');
  const { scrollHeight, clientHeight } = await newLane.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
  expect(scrollHeight).toBeGreaterThan(clientHeight);
  await newLane.hover();
  await board.mouse.wheel(0, 2000);
  await expect.poll(() => newLane.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  expect(await board.evaluate(() => window.scrollY)).toBe(0);
  await expect(readyFirst).toBeInViewport({ ratio: 1 });

  // Oldest first in each lane; a compact card says its kind and when it is due.
  const numbers = await board.getByTestId('column-preparing').getByTestId('order-card').locator('h3').allTextContents();
  const asNumbers = numbers.map((n) => Number(n.replace('#', '')));
  expect(asNumbers).toEqual([...asNumbers].sort((a, b) => a - b));
  const preparing = boardCard(board, orders[20]!.number);
  await expect(preparing).toContainText(/Ready by [^·]+ · in (1\d|2[01]) min/);
  await expect(boardCard(board, orders[1]!.number)).toContainText('Pickup · asap');
  await expect(boardCard(board, orders[1]!.number)).toContainText('No onions, please');
  await expectAccessible(board);

  // The README's pictures: BOARD_SCREENSHOTS=docs/screenshots npm run test:e2e -- e2e/orders-board-peak.spec.ts
  const shots = process.env.BOARD_SCREENSHOTS;
  if (shots) {
    await newLane.evaluate((el) => el.scrollTo(0, 0));
    await board.screenshot({ path: `${shots}/orders-board-1024.png` });
    await board.setViewportSize({ width: 390, height: 844 });
    await board.screenshot({ path: `${shots}/orders-board-390.png` });
    await board.setViewportSize({ width: 1024, height: 768 });
  }

  // An order past its ready time is marked in words, not only in red.
  await board.clock.install({ time: Date.now() + 25 * 60_000 });
  await board.reload();
  await expect(boardCard(board, orders[20]!.number).getByTestId('order-due')).toContainText(/Overdue \d+ min/);
  await expect(boardCard(board, orders[20]!.number)).toHaveAttribute('data-overdue', 'true');
  await context.close();
});

test('the sound choice is remembered on the device', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const board = await context.newPage();
  await signInAsNewStaff(board, request);
  await openInApp(board, '/dashboard/orders');
  await board.getByRole('button', { name: 'Enable sound' }).click();
  await expect(board.getByText('Sound on')).toBeVisible();
  await board.reload();
  await expect(board.getByText('Sound on')).toBeVisible();
  await expect(board.getByRole('button', { name: 'Enable sound' })).toHaveCount(0);

  await board.getByRole('button', { name: 'Mute' }).click();
  await board.reload();
  await expect(board.getByRole('button', { name: 'Enable sound' })).toBeVisible();
  await context.close();
});
