import net from 'node:net';
import { menu, signInAsNew } from './cart-helpers.ts';
import { expect, test } from './fixtures.ts';
import { boardCard, newAdmin, openInApp, placeOrderViaApi, signInAsNewStaff } from './order-helpers.ts';

/**
 * The kitchen printer seen from the board: a ticket printed by itself on accept, reaching a real
 * TCP listener of this test; the listener gone, the board's banner; "Print again" once it is back.
 * Its own project (playwright.config.ts): a printer set up shows "Print again" on every card.
 */
interface Listener {
  port: number;
  next(): Promise<string>;
  close(): Promise<void>;
}

/** A receipt printer stand-in: reads a ticket, then closes its side, as such printers do. */
async function listen(port = 0): Promise<Listener> {
  const waiting: ((text: string) => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      waiting.shift()?.(Buffer.concat(chunks).toString('latin1'));
      socket.end();
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

test('staff accept an order, its ticket prints; the printer gone, the board says so; print again once it is back', async ({ page, browser, request, allowConsoleErrors }) => {
  test.setTimeout(90_000);
  allowConsoleErrors(/Failed to load resource/);
  let listener = await listen();
  const admin = await newAdmin(browser);
  const added = await admin.context.request.post('/api/admin/printers', { headers: admin.headers, data: { name: 'Kitchen', host: '127.0.0.1', port: listener.port } });
  expect(added.status(), await added.text()).toBe(201);
  const printer = (await added.json()) as { id: string };
  try {
    const [item] = (await menu(request)).filter((i) => i.category === 'offered');
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signInAsNew(customer, customerContext.request);
    const order = await placeOrderViaApi(customer, [item!._id], { type: 'table', table: 'Garden 2' });
    await customerContext.close();

    await signInAsNewStaff(page, browser, request);
    await openInApp(page, '/dashboard/orders');
    const card = boardCard(page, order.number);
    await card.getByRole('button', { name: 'Accept' }).click();
    const printed = listener.next();
    await page.getByRole('dialog', { name: `Accept #${order.number}` }).getByRole('button', { name: /^Accept, ready in/ }).click();
    const ticket = await printed;
    expect(ticket).toContain(`#${order.number}`);
    expect(ticket).toContain('GARDEN 2');
    // Non-ASCII letters travel as one byte of the printer's code page.
    expect(ticket).toMatch(new RegExp(item!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[^\x20-\x7e]/g, '.')));
    await expect(page.getByTestId('printer-status')).toHaveCount(0);

    // The printer is switched off: print again is queued, and the board names the failure.
    const port = listener.port;
    await listener.close();
    await card.getByRole('button', { name: `Print again the ticket of #${order.number}` }).click();
    await expect(page.getByText(`#${order.number}: Sent to the kitchen printer`)).toBeVisible();
    const banner = page.getByTestId('printer-status');
    await expect(banner).toContainText(/Kitchen printer not answering: Kitchen at \d{1,2}:\d{2}/, { timeout: 15_000 });
    await expect(banner).toContainText('connection refused');

    // Back on: print again from the ticket page reaches it, and the banner goes.
    listener = await listen(port);
    const again = listener.next();
    await openInApp(page, `/dashboard/orders/ticket/${order._id}`);
    await expect(page.getByRole('heading', { name: `#${order.number}` })).toBeVisible();
    await page.getByRole('button', { name: `Print again the ticket of #${order.number}` }).click();
    expect(await again).toContain(`#${order.number}`);
    await openInApp(page, '/dashboard/orders');
    await expect(page.getByRole('heading', { name: 'Order board' })).toBeVisible();
    await expect(page.getByTestId('printer-status')).toHaveCount(0, { timeout: 15_000 });
  } finally {
    await admin.context.request.delete(`/api/admin/printers/${printer.id}`, { headers: admin.headers });
    await admin.context.close();
    await listener.close();
  }
});
