import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyOrder, isToday, orderKeys, withLiveChange, withLiveChanges } from '../../../../src/web/orders/api/order-cache.ts';
import type { Order, OrderList, OrderStatus } from '../../../../src/shared/orders.ts';

/**
 * How one changed order goes into every cached list and page (src/web/orders/api/order-cache.ts):
 * by its `_id`, once, never replaced by an older copy. The module keeps the orders the stream
 * brought for the whole file, so each test uses its own order ids.
 */
const STEPS: OrderStatus[] = ['placed', 'accepted', 'preparing', 'ready', 'completed'];
let counter = 0;

/** An order that has come `steps` moves along its timeline. */
function order(overrides: Partial<Order> & { steps?: number } = {}): Order {
  const { steps = 1, ...rest } = overrides;
  counter += 1;
  return {
    _id: `order-${counter}`,
    number: 1000 + counter,
    status: STEPS[steps - 1]!,
    fulfilment: { type: 'table', table: '4' },
    note: null,
    lines: [{ itemId: 'dish-1', name: 'Green Bowl', price: 12.5, quantity: 1 }],
    total: 12.5,
    customer: { name: 'Ann', email: 'ann@example.com' },
    transactionId: `pi_${counter}`,
    createdAt: new Date().toISOString(),
    readyBy: null,
    reason: null,
    timeline: STEPS.slice(0, steps).map((status) => ({ status, at: new Date().toISOString() })),
    ...rest,
  };
}

/** The same order moved on by `steps` more moves. */
function movedOn(o: Order, steps = 1): Order {
  const timeline = [...o.timeline, ...STEPS.slice(o.timeline.length, o.timeline.length + steps).map((status) => ({ status, at: new Date().toISOString() }))];
  return { ...o, status: timeline.at(-1)!.status, timeline };
}

const page = (orders: Order[], pageNumber: number, pageSize: number, total = orders.length): OrderList => ({ orders, total, page: pageNumber, pageSize });

describe('applyOrder', () => {
  it("puts the order on its own page, and keeps the newer copy when an older one arrives late", () => {
    const client = new QueryClient();
    const placed = order();
    const accepted = movedOn(placed);
    applyOrder(client, accepted, undefined);
    expect(client.getQueryData(orderKeys.detail(placed._id))).toEqual(accepted);
    applyOrder(client, placed, undefined);
    expect(client.getQueryData(orderKeys.detail(placed._id))).toEqual(accepted);
  });

  it("counts a refund's answer as newer than its request on the same step", () => {
    const client = new QueryClient();
    const cancelled = order({ steps: 2 });
    const pending = { ...cancelled, refund: { amount: 12.5, status: 'pending', attempt: 1 } };
    const succeeded = { ...cancelled, refund: { amount: 12.5, status: 'succeeded', attempt: 1 } };
    applyOrder(client, succeeded, undefined);
    applyOrder(client, pending, undefined);
    applyOrder(client, cancelled, undefined);
    expect(client.getQueryData<Order>(orderKeys.detail(cancelled._id))?.refund?.status).toBe('succeeded');
  });

  it("counts a staff retry of a failed refund as newer than the failure, and its answer newer still", () => {
    const client = new QueryClient();
    const cancelled = order({ steps: 2 });
    const failed = { ...cancelled, refund: { amount: 12.5, status: 'failed', attempt: 1 } };
    const retried = { ...cancelled, refund: { amount: 12.5, status: 'pending', attempt: 2 } };
    const succeeded = { ...cancelled, refund: { amount: 12.5, status: 'succeeded', attempt: 2 } };
    applyOrder(client, failed, undefined);
    applyOrder(client, retried, undefined);
    expect(client.getQueryData<Order>(orderKeys.detail(cancelled._id))?.refund).toEqual(retried.refund);
    applyOrder(client, succeeded, undefined);
    applyOrder(client, failed, undefined);
    expect(client.getQueryData<Order>(orderKeys.detail(cancelled._id))?.refund).toEqual(succeeded.refund);
  });

  it("replaces an order in the board's lists by its id, and adds a new one only to today's", () => {
    const client = new QueryClient();
    const other = order();
    const known = order();
    client.setQueryData(orderKeys.staffDay(), [known, other]);
    client.setQueryData(orderKeys.staffDay('2020-01-01'), [other]);

    applyOrder(client, movedOn(known), undefined);
    const today = client.getQueryData<Order[]>(orderKeys.staffDay())!;
    expect(today.map((o) => o._id)).toEqual([known._id, other._id]);
    expect(today[0]!.timeline).toHaveLength(2);

    const fresh = order();
    applyOrder(client, fresh, undefined);
    expect(client.getQueryData<Order[]>(orderKeys.staffDay())!.map((o) => o._id)).toEqual([fresh._id, known._id, other._id]);
    expect(client.getQueryData<Order[]>(orderKeys.staffDay('2020-01-01'))!.map((o) => o._id)).toEqual([other._id]);

    // An order of another day (a late event of yesterday's) does not join today's board.
    const yesterday = order({ createdAt: new Date(Date.now() - 86_400_000).toISOString() });
    applyOrder(client, yesterday, undefined);
    expect(client.getQueryData<Order[]>(orderKeys.staffDay())!.map((o) => o._id)).not.toContain(yesterday._id);
  });

  it("keeps the board's newer copy when an older one arrives", () => {
    const client = new QueryClient();
    const placed = order();
    const ready = movedOn(placed, 3);
    client.setQueryData(orderKeys.staffDay(), [ready]);
    applyOrder(client, placed, undefined);
    expect(client.getQueryData<Order[]>(orderKeys.staffDay())![0]!.status).toBe('ready');
  });

  it('leaves a list that was never read alone', () => {
    const client = new QueryClient();
    client.getQueryCache().build(client, { queryKey: orderKeys.staffDay() });
    client.getQueryCache().build(client, { queryKey: orderKeys.minePage(1, 10) });
    applyOrder(client, order(), 'ann@example.com');
    expect(client.getQueryData(orderKeys.staffDay())).toBeUndefined();
    expect(client.getQueryData(orderKeys.minePage(1, 10))).toBeUndefined();
  });

  it("adds the customer's own new order to the first page of My Orders only, counted and within the page size", () => {
    const client = new QueryClient();
    const older = [order(), order()];
    client.setQueryData(orderKeys.minePage(1, 2), page(older, 1, 2, 3));
    client.setQueryData(orderKeys.minePage(2, 2), page([order()], 2, 2, 3));

    const mine = order({ customer: { name: 'Ann', email: 'ann@example.com' } });
    applyOrder(client, mine, 'ANN@example.com');
    const first = client.getQueryData<OrderList>(orderKeys.minePage(1, 2))!;
    expect(first.orders.map((o) => o._id)).toEqual([mine._id, older[0]!._id]);
    expect(first.total).toBe(4);
    expect(client.getQueryData<OrderList>(orderKeys.minePage(2, 2))!.orders).toHaveLength(1);
    expect(client.getQueryData<OrderList>(orderKeys.minePage(2, 2))!.total).toBe(3);
  });

  it("never adds someone else's order to My Orders (staff hear every order), but updates one already listed", () => {
    const client = new QueryClient();
    const listed = order({ customer: { name: 'Bo', email: 'bo@example.com' } });
    client.setQueryData(orderKeys.minePage(1, 10), page([listed], 1, 10));

    applyOrder(client, order({ customer: { name: 'Bo', email: 'bo@example.com' } }), 'staff@example.com');
    applyOrder(client, movedOn(listed), 'staff@example.com');
    const first = client.getQueryData<OrderList>(orderKeys.minePage(1, 10))!;
    expect(first.orders.map((o) => o._id)).toEqual([listed._id]);
    expect(first.orders[0]!.timeline).toHaveLength(2);
    expect(first.total).toBe(1);
  });
});

describe('withLiveChanges', () => {
  it('answers the newer of the copy read and the copy the stream brought while the read was on its way', () => {
    const placed = order();
    const accepted = movedOn(placed);
    applyOrder(new QueryClient(), accepted, undefined);
    expect(withLiveChanges([placed])).toEqual([accepted]);
    expect(withLiveChange(placed)).toEqual(accepted);
    // An older event arriving late leaves the stream's newer copy.
    applyOrder(new QueryClient(), placed, undefined);
    expect(withLiveChange(placed)).toEqual(accepted);
    // A read newer than the stream's copy wins.
    const ready = movedOn(accepted, 2);
    expect(withLiveChange(ready)).toEqual(ready);
  });

  it('adds the streamed orders the read missed, only those the list wants', () => {
    const read = order();
    const missedToday = order();
    const missedOld = order({ createdAt: '2020-01-01T12:00:00.000Z' });
    const client = new QueryClient();
    // The read's own order was streamed too: it stays once.
    applyOrder(client, read, undefined);
    applyOrder(client, missedToday, undefined);
    applyOrder(client, missedOld, undefined);
    const merged = withLiveChanges([read], (o) => isToday(o.createdAt)).map((o) => o._id);
    expect(merged).toContain(missedToday._id);
    expect(merged).not.toContain(missedOld._id);
    expect(merged.filter((id) => id === read._id)).toHaveLength(1);
    expect(withLiveChanges([read]).map((o) => o._id)).toEqual([read._id]);
  });
});

describe('isToday', () => {
  it("compares the day on the browser's calendar", () => {
    const now = new Date(2026, 2, 28, 0, 30);
    expect(isToday(new Date(2026, 2, 28, 23, 59).toISOString(), now)).toBe(true);
    expect(isToday(new Date(2026, 2, 27, 23, 59).toISOString(), now)).toBe(false);
    expect(isToday(new Date(2025, 2, 28, 12, 0).toISOString(), now)).toBe(false);
    expect(isToday(new Date(2026, 1, 28, 12, 0).toISOString(), now)).toBe(false);
  });
});
