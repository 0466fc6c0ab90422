import net from 'node:net';
import type { Page } from '@playwright/test';
import { menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { boardCard, openInApp, placeOrderViaApi, signInAsNewStaff } from './order-helpers.ts';

/** No printer left behind for the tests that run after this one: the admin page's own token removes them all. */
async function removeEveryPrinter(admin: Page): Promise<void> {
  await admin.evaluate(async () => {
    const headers = { authorization: `Bearer ${localStorage.getItem('access-token')}` };
    const list = (await (await fetch('/api/admin/printers', { headers })).json()) as { id: string }[];
    for (const printer of list) await fetch(`/api/admin/printers/${printer.id}`, { method: 'DELETE', headers });
  });
}


/**
 * The kitchen printer seen from the board: a ticket printed by itself on accept, reaching a real
 * TCP listener of this test; the listener gone, the board's banner; "Print again" once it is back.
 * Its own project (playwright.config.ts): a printer set up shows "Print again" on every card.
 * Its tests one after the other: each counts the printers and removes them all at its end.
 */
test.describe.configure({ mode: 'default' });
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
  // The administrator adds the printer in the restaurant's settings, a bad port refused first.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsNew(admin, adminContext.request, { admin: true });
  await openInApp(admin, '/dashboard/settings');
  const printers = admin.getByRole('region', { name: 'Kitchen printers' });
  await printers.getByLabel('Printer name').fill('Kitchen');
  await printers.getByLabel('Host name or IP address').fill('127.0.0.1');
  await printers.getByLabel('Port').fill('70000');
  await printers.getByRole('button', { name: 'Add printer' }).click();
  await expect(printers.getByLabel('Port')).toHaveAccessibleDescription('The port is between 1 and 65535');
  await expect(printers.getByTestId('printer')).toHaveCount(0);
  await printers.getByLabel('Port').fill(String(listener.port));
  await printers.getByRole('button', { name: 'Add printer' }).click();
  await expect(printers.getByTestId('printer')).toContainText(`Kitchen 127.0.0.1:${listener.port}`);
  await expect(printers.getByTestId('printer')).toContainText('Prints on accept · Nothing printed yet');
  await expectAccessible(admin);
  try {
    const [item] = (await menu(request)).filter((i) => i.category === 'offered');
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signInAsNew(customer, customerContext.request);
    const order = await placeOrderViaApi(customer, [item!._id], { type: 'table', table: 'Garden 2' });
    await customerContext.close();

    await signInAsNewStaff(page, request);
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
    await removeEveryPrinter(admin);
    await adminContext.close();
    await listener.close();
  }
});

test('an administrator edits a printer: its name, address and printing on accept, a bad port refused', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsNew(admin, adminContext.request, { admin: true });
  await openInApp(admin, '/dashboard/settings');
  const printers = admin.getByRole('region', { name: 'Kitchen printers' });
  const add = printers.getByRole('form', { name: 'Add a printer' });
  await add.getByLabel('Printer name').fill('Kitchen');
  await add.getByLabel('Host name or IP address').fill('192.168.1.50');
  await add.getByRole('button', { name: 'Add printer' }).click();
  const row = printers.getByTestId('printer');
  await expect(row).toContainText('Kitchen 192.168.1.50:9100');
  try {
    // Cancel leaves it as it was.
    await row.getByRole('button', { name: 'Edit Kitchen' }).click();
    const edit = printers.getByRole('form', { name: 'Edit Kitchen' });
    await expect(edit.getByLabel('Printer name')).toBeFocused();
    await edit.getByLabel('Printer name').fill('Changed');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('Kitchen 192.168.1.50:9100');
    await expect(row.getByRole('button', { name: 'Edit Kitchen' })).toBeFocused();

    await row.getByRole('button', { name: 'Edit Kitchen' }).click();
    await expect(edit.getByLabel('Host name or IP address')).toHaveValue('192.168.1.50');
    await expect(edit.getByLabel('Port')).toHaveValue('9100');
    await edit.getByLabel('Printer name').fill('Pass');
    await edit.getByLabel('Host name or IP address').fill('pass-printer.local');
    await edit.getByLabel('Port').fill('0');
    await edit.getByRole('button', { name: 'Save printer' }).click();
    await expect(edit.getByLabel('Port')).toHaveAccessibleDescription('The port is between 1 and 65535');
    await edit.getByLabel('Port').fill('9101');
    await edit.getByLabel('Print tickets by itself when an order is accepted').uncheck();
    await expectAccessible(admin);
    await edit.getByRole('button', { name: 'Save printer' }).click();
    await expect(row).toContainText('Pass pass-printer.local:9101');
    await expect(row).toContainText('Prints only when asked');

    // Saved on the server: read again after a reload.
    await admin.reload();
    await expect(printers.getByTestId('printer')).toContainText('Pass pass-printer.local:9101');
    await expect(printers.getByTestId('printer')).toContainText('Prints only when asked');

    // Removal asks first: Cancel keeps the printer, Remove takes it away.
    const saved = printers.getByTestId('printer').filter({ hasText: 'pass-printer.local' });
    await saved.getByRole('button', { name: 'Remove Pass' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Remove Pass?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(saved).toHaveCount(1);
    await saved.getByRole('button', { name: 'Remove Pass' }).click();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(admin.getByText('Pass removed')).toBeVisible();
    await expect(saved).toHaveCount(0);
  } finally {
    await removeEveryPrinter(admin);
    await adminContext.close();
  }
});
