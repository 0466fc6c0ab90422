import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../src/shared/orders.ts';
import type { Printer, PrinterStatus } from '../src/shared/printers.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { moveOrder, orderState, placeOrder, signUpCast, type OrderCast } from './order-helpers.ts';
import { menuItemIds } from './payment-helpers.ts';

/**
 * Kitchen printers (src/server/printers/) through the real app and database, against real TCP
 * listeners: one that takes the ticket and closes as a receipt printer does, a closed port, and
 * one that accepts the connection but never reads nor answers.
 */
let t: TestApp;
let cast: OrderCast;

/**
 * A dish's name as the printer's code page carries it: ASCII as is, any other letter one byte
 * (cp437's ñ is 0xA4), so those match any one character of the text read as Latin-1.
 */
function printed(name: string): RegExp {
  return new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[^\x20-\x7e]/g, '.'));
}

/** GS V: ESC/POS's cut. */
const CUT = Buffer.from([0x1d, 0x56]);

interface Listener {
  port: number;
  /** Each connection's bytes, once the sender ended it. */
  received: Buffer[];
  next(): Promise<Buffer>;
  close(): Promise<void>;
}

/** A receipt printer stand-in: reads everything, then closes its side. */
async function printerListener(): Promise<Listener> {
  const received: Buffer[] = [];
  const waiting: ((bytes: Buffer) => void)[] = [];
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      const bytes = Buffer.concat(chunks);
      received.push(bytes);
      waiting.shift()?.(bytes);
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A printer that hangs: the connection is taken, nothing is read and nothing answered. */
async function hungListener(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer({ pauseOnConnect: true }, (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  // Short waits, so a hung printer fails within the test; retries far beyond it.
  t = await createTestApp({ seed: true, env: { PRINTER_TIMEOUT_MS: '1500', PRINTER_RETRY_MS: '600000' } });
  cast = await signUpCast(t.app);
});
afterAll(async () => t.close());

async function addPrinter(body: object): Promise<Printer> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/printers', headers: cast.admin.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Printer>();
}

async function removeAllPrinters(): Promise<void> {
  await t.app.db.deleteFrom('kitchen_printers').execute();
}

async function accept(order: Order) {
  const res = await moveOrder(t.app, cast.staff, order._id, { status: "accepted", readyInMinutes: 15 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}

async function boardStatuses(): Promise<PrinterStatus[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/staff/printers', headers: cast.staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PrinterStatus[]>();
}

async function readyz() {
  const res = await t.app.inject({ method: 'GET', url: '/readyz' });
  return { statusCode: res.statusCode, body: res.json<{ status: string; details: { printers: PrinterStatus[] } }>() };
}

describe('kitchen printers', () => {
  it('prints the ticket by itself on accept: the number, the dishes and a cut reach the printer', async () => {
    await removeAllPrinters();
    const listener = await printerListener();
    try {
      const printer = await addPrinter({ name: 'Kitchen', host: '127.0.0.1', port: listener.port });
      expect(printer).toMatchObject({ port: listener.port, printOnAccept: true, failing: false, lastSuccessAt: null });
      const [first, second] = await menuItemIds(t.app, 2);
      const { order } = await placeOrder(t.app, cast.customer, { items: [first!.id, second!.id, second!.id], fulfilment: { type: 'table', table: '7', note: 'No onions please' } });
      const arrived = listener.next();
      await accept(order);
      const bytes = await arrived;
      const text = bytes.toString('latin1');
      expect(text).toContain(`#${order.number}`);
      expect(text).toContain('TABLE 7');
      expect(text).toMatch(printed(`1x ${first!.name}`));
      expect(text).toMatch(printed(`2x ${second!.name}`));
      expect(text).toContain('NOTE: No onions please');
      expect(bytes.includes(CUT)).toBe(true);
      await t.app.printers.idle();
      const [status] = await boardStatuses();
      expect(status).toMatchObject({ name: 'Kitchen', failing: false, lastError: null });
      expect(status!.lastSuccessAt).not.toBeNull();
    } finally {
      await listener.close();
    }
  });

  it("busy mode's auto-accept prints the ticket too", async () => {
    await removeAllPrinters();
    const listener = await printerListener();
    const busy = (autoAccept: boolean) => t.app.inject({ method: 'PATCH', url: '/api/staff/busy', headers: cast.staff.headers, payload: { autoAccept } });
    try {
      await addPrinter({ name: 'Kitchen', host: '127.0.0.1', port: listener.port });
      expect((await busy(true)).statusCode).toBe(200);
      const arrived = listener.next();
      const { order } = await placeOrder(t.app, cast.customer);
      expect((await arrived).toString('latin1')).toContain(`#${order.number}`);
    } finally {
      await busy(false);
      await t.app.printers.idle();
      await listener.close();
    }
  });

  it('a printer that refuses leaves the order accepted, and the board and /readyz show it', async () => {
    await removeAllPrinters();
    const port = await closedPort();
    await addPrinter({ name: 'Pass', host: '127.0.0.1', port });
    const { order } = await placeOrder(t.app, cast.customer);
    const accepted = await accept(order);
    expect(accepted.status).toBe('accepted');
    await t.app.printers.idle();
    const [status] = await boardStatuses();
    expect(status).toMatchObject({ name: 'Pass', failing: true, lastError: 'connection refused', lastSuccessAt: null });
    expect(status!.lastErrorAt).not.toBeNull();
    const ready = await readyz();
    expect(ready.statusCode).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.details.printers).toEqual([status]);
  });

  it('a printer that takes the connection but never answers fails within the timeout; the accept does not wait', async () => {
    await removeAllPrinters();
    const hung = await hungListener();
    try {
      await addPrinter({ name: 'Bar', host: '127.0.0.1', port: hung.port });
      const { order } = await placeOrder(t.app, cast.customer);
      const started = Date.now();
      expect((await accept(order)).status).toBe('accepted');
      // The answer came before the printer's timeout could have passed.
      expect(Date.now() - started).toBeLessThan(1500);
      await t.app.printers.idle();
      const [status] = await boardStatuses();
      expect(status).toMatchObject({ failing: true, lastError: 'no answer within 1.5 s' });
      expect((await readyz()).body.details.printers[0]).toMatchObject({ name: 'Bar', failing: true });
    } finally {
      await hung.close();
    }
  });

  it('"print again" sends the ticket again, also to a printer that does not print on accept, and clears the failure', async () => {
    await removeAllPrinters();
    const listener = await printerListener();
    try {
      await addPrinter({ name: 'Expo', host: '127.0.0.1', port: listener.port, printOnAccept: false });
      const { order } = await placeOrder(t.app, cast.customer);
      await accept(order);
      await t.app.printers.idle();
      expect(listener.received).toHaveLength(0);
      // An earlier failure, then the print again succeeds: the printer is no longer failing.
      await t.app.db.updateTable('kitchen_printers').set({ last_error_at: new Date(Date.now() - 1000).toISOString(), last_error: 'connection refused' }).execute();
      expect((await boardStatuses())[0]!.failing).toBe(true);
      for (const who of [cast.staff, cast.admin]) {
        const arrived = listener.next();
        const res = await t.app.inject({ method: 'POST', url: `/api/staff/orders/${order._id}/print`, headers: who.headers });
        expect(res.statusCode, res.body).toBe(202);
        expect(res.json()).toEqual({ printers: 1 });
        expect((await arrived).toString('latin1')).toContain(`#${order.number}`);
      }
      await t.app.printers.idle();
      expect((await boardStatuses())[0]).toMatchObject({ failing: false });
    } finally {
      await listener.close();
    }
  });

  it('refuses print again, the status and the printer list to the wrong roles, changing nothing', async () => {
    await removeAllPrinters();
    const listener = await printerListener();
    try {
      const printer = await addPrinter({ name: 'Kitchen', host: '127.0.0.1', port: listener.port });
      const { order } = await placeOrder(t.app, cast.customer);
      const before = await orderState(t.app, order._id);
      for (const [who, code] of [
        [undefined, 401],
        [cast.customer, 403],
        [cast.another, 403],
      ] as const) {
        const headers = who?.headers;
        expect((await t.app.inject({ method: 'POST', url: `/api/staff/orders/${order._id}/print`, headers })).statusCode).toBe(code);
        expect((await t.app.inject({ method: 'GET', url: '/api/staff/printers', headers })).statusCode).toBe(code);
      }
      for (const who of [undefined, cast.customer, cast.staff]) {
        const headers = who?.headers;
        const expected = who ? 403 : 401;
        expect((await t.app.inject({ method: 'GET', url: '/api/admin/printers', headers })).statusCode).toBe(expected);
        expect((await t.app.inject({ method: 'POST', url: '/api/admin/printers', headers, payload: { name: 'X', host: '10.0.0.1' } })).statusCode).toBe(expected);
        expect((await t.app.inject({ method: 'PUT', url: `/api/admin/printers/${printer.id}`, headers, payload: { name: 'X', host: '10.0.0.1' } })).statusCode).toBe(expected);
        expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/printers/${printer.id}`, headers })).statusCode).toBe(expected);
        expect((await t.app.inject({ method: 'POST', url: `/api/admin/printers/${printer.id}/test`, headers })).statusCode).toBe(expected);
      }
      await t.app.printers.idle();
      expect(listener.received).toHaveLength(0);
      expect(await orderState(t.app, order._id)).toBe(before);
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/printers', headers: cast.admin.headers });
      expect(list.json<Printer[]>()).toEqual([expect.objectContaining({ id: printer.id, name: 'Kitchen', host: '127.0.0.1' })]);
      // An order that does not exist, and print again with no printer at all.
      expect((await t.app.inject({ method: 'POST', url: '/api/staff/orders/nope/print', headers: cast.staff.headers })).statusCode).toBe(404);
      await removeAllPrinters();
      const none = await t.app.inject({ method: 'POST', url: `/api/staff/orders/${order._id}/print`, headers: cast.staff.headers });
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toContain('No kitchen printer is set up');
    } finally {
      await listener.close();
    }
  });

  it('administrators add, edit, test and remove printers; bad input gets a clear message and changes nothing', async () => {
    await removeAllPrinters();
    const listener = await printerListener();
    try {
      const printer = await addPrinter({ name: 'Kitchen', host: 'kitchen-printer.local' });
      expect(printer).toMatchObject({ host: 'kitchen-printer.local', port: 9100, printOnAccept: true });
      for (const [body, message] of [
        [{ name: 'K', host: 'not a host!' }, 'Enter a host name such as'],
        [{ name: 'K', host: '300.1.1.1' }, 'Enter a host name such as'],
        [{ name: 'K', host: '10.0.0.1', port: 0 }, 'The port is between 1 and 65535'],
        [{ name: 'K', host: '10.0.0.1', port: 70000 }, 'The port is between 1 and 65535'],
        [{ name: '', host: '10.0.0.1' }, "Enter the printer's name"],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url: '/api/admin/printers', headers: cast.admin.headers, payload: body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.body).toContain(message);
        const put = await t.app.inject({ method: 'PUT', url: `/api/admin/printers/${printer.id}`, headers: cast.admin.headers, payload: body });
        expect(put.statusCode).toBe(400);
      }
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/printers', headers: cast.admin.headers });
      expect(list.json<Printer[]>()).toEqual([printer]);

      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/printers/${printer.id}`,
        headers: cast.admin.headers,
        payload: { name: 'Kitchen 2', host: '127.0.0.1', port: listener.port, printOnAccept: false },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ name: 'Kitchen 2', port: listener.port, printOnAccept: false });

      const arrived = listener.next();
      const test = await t.app.inject({ method: 'POST', url: `/api/admin/printers/${printer.id}/test`, headers: cast.admin.headers });
      expect(test.statusCode).toBe(202);
      const bytes = await arrived;
      expect(bytes.toString('latin1')).toContain('Kitchen 2');
      expect(bytes.includes(CUT)).toBe(true);

      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/printers/${printer.id}`, headers: cast.admin.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/printers/${printer.id}`, headers: cast.admin.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/printers/${printer.id}/test`, headers: cast.admin.headers })).statusCode).toBe(404);
    } finally {
      await t.app.printers.idle();
      await listener.close();
    }
  });
});
