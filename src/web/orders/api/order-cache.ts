import type { QueryClient } from '@tanstack/react-query';
import type { Order, OrderList } from '../../../shared/orders.ts';

/**
 * The orders' query keys, and how one changed order goes into every cached list and page. The
 * live stream and the board's own moves both write through `applyOrder`, so an order is in each
 * list once, by its `_id`, and always in its newest state.
 */
export const orderKeys = {
  all: ['orders'] as const,
  mine: ['orders', 'mine'] as const,
  minePage: (page: number, pageSize: number) => ['orders', 'mine', page, pageSize] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  /** An order read through its signed link (a guest's page, /o/<token>). */
  byLink: (token: string) => ['orders', 'by-link', token] as const,
  staff: ['orders', 'staff'] as const,
  /** The board's day: the restaurant's today unless a day is asked for. */
  staffDay: (date?: string) => ['orders', 'staff', date ?? 'today'] as const,
};

/**
 * How far an order has come: each move adds a timeline entry, a refund's answer comes after the
 * request that asked for it, and a staff retry (the next attempt) after the answer it retries.
 * Used to keep the newer of two copies of one order.
 */
function progress(order: Order): number {
  const refund = !order.refund ? 0 : (order.refund.attempt - 1) * 2 + (order.refund.status === 'pending' ? 1 : 2);
  return order.timeline.length * 10_000 + refund;
}

/** The newest copy of each order seen on the live stream since the page loaded. */
const seen = new Map<string, Order>();

/** The newer of the copy just read and the copy the stream brought meanwhile. */
function newest(order: Order): Order {
  const live = seen.get(order._id);
  return live && progress(live) > progress(order) ? live : order;
}

/**
 * A list read from the server, with what the stream brought while it was on its way: a read that
 * started before a change committed can answer after that change's event arrived. `alsoLive`
 * picks streamed orders that belong in the list but were missing from the read.
 */
export function withLiveChanges(orders: Order[], alsoLive?: (order: Order) => boolean): Order[] {
  const merged = orders.map(newest);
  if (alsoLive) {
    const ids = new Set(orders.map((o) => o._id));
    for (const order of seen.values()) if (!ids.has(order._id) && alsoLive(order)) merged.push(order);
  }
  return merged;
}

export function withLiveChange(order: Order): Order {
  return newest(order);
}

function upsert(list: Order[], order: Order, addIfMissing: boolean): Order[] {
  const index = list.findIndex((o) => o._id === order._id);
  if (index === -1) return addIfMissing ? [order, ...list] : list;
  if (progress(list[index]!) > progress(order)) return list;
  const next = list.slice();
  next[index] = order;
  return next;
}

/** The restaurant's today as the browser sees it (the shop and its tablets share a time zone). */
export function isToday(iso: string, now = new Date()): boolean {
  const day = new Date(iso);
  return day.getFullYear() === now.getFullYear() && day.getMonth() === now.getMonth() && day.getDate() === now.getDate();
}

/**
 * Puts a changed order into the cache: its own page, the board's day and the customer's pages.
 * A new order is added to the board's today, and to the first page of "My Orders" only when it is
 * the signed-in customer's own (staff receive every order on their stream).
 */
export function applyOrder(queryClient: QueryClient, order: Order, myEmail: string | undefined): void {
  const previous = seen.get(order._id);
  if (!previous || progress(order) >= progress(previous)) seen.set(order._id, order);

  queryClient.setQueryData<Order>(orderKeys.detail(order._id), (old) => (old && progress(old) > progress(order) ? old : order));

  for (const query of queryClient.getQueryCache().findAll({ queryKey: orderKeys.staff })) {
    const day = query.queryKey[2];
    queryClient.setQueryData<Order[]>(query.queryKey, (list) =>
      list ? upsert(list, order, day === 'today' && isToday(order.createdAt)) : list,
    );
  }

  const mine = myEmail !== undefined && order.customer.email.toLowerCase() === myEmail.toLowerCase();
  for (const query of queryClient.getQueryCache().findAll({ queryKey: orderKeys.mine })) {
    const page = query.queryKey[2];
    queryClient.setQueryData<OrderList>(query.queryKey, (data) => {
      if (!data) return data;
      const present = data.orders.some((o) => o._id === order._id);
      if (!present && !(mine && page === 1)) return data;
      const orders = upsert(data.orders, order, true).slice(0, data.pageSize);
      return { ...data, orders, total: present ? data.total : data.total + 1 };
    });
  }
}
