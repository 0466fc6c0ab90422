import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OfferedSlots, Order, OrderList, RefundAsk, StatusChange } from '../../../shared/orders.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { applyOrder, isToday, orderKeys, withLiveChange, withLiveChanges } from './order-cache.ts';

/** GET /api/orders?page=&pageSize=: the caller's own orders, newest first. */
export function myOrdersQuery(page: number, pageSize: number) {
  return queryOptions({
    queryKey: orderKeys.minePage(page, pageSize),
    queryFn: async ({ signal }) => {
      const list = await apiRequest<OrderList>(`/orders?page=${page}&pageSize=${pageSize}`, { signal });
      return { ...list, orders: withLiveChanges(list.orders) };
    },
  });
}

export function useMyOrders(page: number, pageSize: number) {
  const { user, loading } = useAuth();
  // The next page keeps the current one on screen until it has arrived.
  return useQuery({ ...myOrdersQuery(page, pageSize), enabled: !loading && Boolean(user), placeholderData: keepPreviousData });
}

/** The customer's newest order: the payment page offers its way of fulfilment again. */
export function useLatestOrder(enabled: boolean) {
  const { user, loading } = useAuth();
  return useQuery({
    ...myOrdersQuery(1, 1),
    enabled: enabled && !loading && Boolean(user),
    select: (list) => list.orders[0] ?? null,
    staleTime: 60_000,
  });
}

/** GET /api/orders/by-link/:token: the order a signed link opens, for whoever holds it (no sign-in). */
export function useOrderByLink(token: string) {
  return useQuery({
    queryKey: orderKeys.byLink(token),
    queryFn: async ({ signal }) => withLiveChange(await apiRequest<Order>(`/orders/by-link/${encodeURIComponent(token)}`, { signal })),
    // A forged or unknown link is a 404: asking again will not change it.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 1,
  });
}

/** GET /api/orders/:id: the customer's own order (staff and administrators: any). */
export function orderQuery(id: string) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: async ({ signal }) => withLiveChange(await apiRequest<Order>(`/orders/${encodeURIComponent(id)}`, { signal })),
    // An unknown or someone else's order is a 404: asking again will not change it.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 1,
  });
}

export function useOrder(id: string) {
  const { user, loading } = useAuth();
  return useQuery({ ...orderQuery(id), enabled: !loading && Boolean(user) });
}

/** GET /api/staff/orders: every order of the restaurant's today, for the board. */
export function useStaffOrders() {
  const { user, loading, isStaff } = useAuth();
  return useQuery({
    queryKey: orderKeys.staffDay(),
    queryFn: async ({ signal }) => withLiveChanges(await apiRequest<Order[]>('/staff/orders', { signal }), (o) => isToday(o.createdAt)),
    enabled: !loading && Boolean(user) && isStaff,
  });
}

export interface StatusChangeRequest extends StatusChange {
  order: Order;
}

/**
 * POST /api/staff/orders/:id/status. The answer goes into every list at once. A 409 means another
 * member of staff moved the order first: the board reads the day again, so it shows where the
 * order really is.
 */
export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: ({ order, ...change }: StatusChangeRequest) =>
      apiRequest<Order>(`/staff/orders/${encodeURIComponent(order._id)}/status`, { method: 'POST', body: change }),
    onSuccess: (order) => applyOrder(queryClient, order, user?.email),
    onError: (error, { order }) => rereadAfterConflict(queryClient, error, order),
  });
}

/** A move someone else made first (409): the board and the order are read again. */
async function rereadAfterConflict(queryClient: QueryClient, error: Error, order: Order): Promise<void> {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return;
  await Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.staff }), queryClient.invalidateQueries({ queryKey: orderKeys.detail(order._id) })]);
}

/** POST /api/staff/orders/:id/delay: the ready time pushed back; the answer goes into every list. */
export function useDelayOrder() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: ({ order, minutes }: { order: Order; minutes: number }) =>
      apiRequest<Order>(`/staff/orders/${encodeURIComponent(order._id)}/delay`, { method: 'POST', body: { minutes } }),
    onSuccess: (order) => applyOrder(queryClient, order, user?.email),
    onError: (error, { order }) => rereadAfterConflict(queryClient, error, order),
  });
}

/**
 * POST /api/staff/orders/:id/refund-retry: a refund the provider refused, asked again. The answer
 * goes into every list; a 409 (it no longer shows failed) reads the day again.
 */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (order: Order) => apiRequest<Order>(`/staff/orders/${encodeURIComponent(order._id)}/refund-retry`, { method: 'POST' }),
    onSuccess: (order) => applyOrder(queryClient, order, user?.email),
    onError: (error, order) => rereadAfterConflict(queryClient, error, order),
  });
}

/**
 * POST /api/admin/orders/:id/refunds: an administrator's refund of lines, an amount or the rest.
 * The answer goes into every list; a 409 (more than is left, say) reads the order again.
 */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: ({ order, ask }: { order: Order; ask: RefundAsk }) =>
      apiRequest<Order>(`/admin/orders/${encodeURIComponent(order._id)}/refunds`, { method: 'POST', body: ask }),
    onSuccess: (order) => applyOrder(queryClient, order, user?.email),
    onError: async (error, { order }) => {
      if (error instanceof ApiRequestError && error.status === 409) await queryClient.invalidateQueries({ queryKey: orderKeys.detail(order._id) });
    },
  });
}

/**
 * GET /api/slots: the time slots still free, today and the days ahead, on the restaurant's clock,
 * and whether "as soon as possible" is taken now. The payment page falls back on the browser's
 * clock for today's pickup times when it cannot be read.
 */
export function useOfferedSlots(enabled: boolean) {
  const { user, loading } = useAuth();
  return useQuery({
    queryKey: ['orders', 'slots'],
    queryFn: ({ signal }) => apiRequest<OfferedSlots>('/slots?fulfilment=pickup', { signal }),
    enabled: enabled && !loading && Boolean(user),
    retry: false,
    staleTime: 60_000,
  });
}
