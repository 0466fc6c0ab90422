import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ORDER_STREAM_EVENTS } from '../../../shared/order-workflow.ts';
import type { Order } from '../../../shared/orders.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { applyOrder, orderKeys } from './order-cache.ts';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** Longest wait between two attempts when the stream was refused or the server is away. */
const MAX_RETRY_MS = 30_000;

/**
 * Each whole order from the stream goes into the query cache, so every page showing it follows.
 * On first open the queries are read again, so a change between their read and the subscription
 * isn't missed. EventSource gives up when refused, so a new one is opened after a pause with
 * `?lastEventId=`; a `resync` frame means re-read the lists; on `reconnect` (the server ends the
 * stream at its lifetime) a new one is opened at once, and the page stays "Live". `onOrder` gets
 * the previous copy too. With `linkToken` it follows the one order of a signed link (a guest's page),
 * signed in or not.
 */
export function useOrderEvents({
  enabled = true,
  onOrder,
  linkToken,
}: { enabled?: boolean; onOrder?: (order: Order, before: Order | undefined) => void; linkToken?: string } = {}): LiveState {
  const queryClient = useQueryClient();
  const { user, loading } = useAuth();
  const email = user?.email;
  const [state, setState] = useState<LiveState>('connecting');
  const onOrderRef = useRef(onOrder);
  useEffect(() => {
    onOrderRef.current = onOrder;
  }, [onOrder]);

  const active = enabled && (linkToken !== undefined || (!loading && Boolean(email)));
  useEffect(() => {
    if (!active) return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let lastEventId: string | undefined;
    let failures = 0;
    let stopped = false;

    const connect = () => {
      const path = linkToken === undefined ? '/api/orders/events' : `/api/orders/by-link/${encodeURIComponent(linkToken)}/events`;
      const url = lastEventId ? `${path}?lastEventId=${encodeURIComponent(lastEventId)}` : path;
      const stream = new EventSource(url, { withCredentials: true });
      source = stream;
      stream.onopen = () => {
        failures = 0;
        setState('live');
        // Without an event id to resume from, what changed before this moment comes from a new read.
        if (!lastEventId) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      };
      stream.addEventListener('order', (event: MessageEvent<string>) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        let order: Order;
        try {
          order = JSON.parse(event.data) as Order;
        } catch {
          return;
        }
        const before =
          queryClient.getQueryData<Order[]>(orderKeys.staffDay())?.find((o) => o._id === order._id) ??
          queryClient.getQueryData<Order>(orderKeys.detail(order._id));
        applyOrder(queryClient, order, email);
        // The stream's copy has no link: the page keeps the one it was opened with.
        if (linkToken !== undefined) queryClient.setQueryData<Order>(orderKeys.byLink(linkToken), (old) => (old ? { ...order, link: old.link } : old));
        onOrderRef.current?.(order, before);
      });
      // After a long absence the server sends `resync` instead of every change: read the lists again.
      stream.addEventListener('resync', (event: MessageEvent<string>) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      });
      // A planned end, not a failure: follow on a new stream from the last id, without a pause.
      stream.addEventListener(ORDER_STREAM_EVENTS.reconnect, () => {
        stream.close();
        if (!stopped) connect();
      });
      stream.onerror = () => {
        if (stopped) return;
        setState('reconnecting');
        if (stream.readyState !== EventSource.CLOSED) return; // the browser tries again by itself
        stream.close();
        failures += 1;
        retryTimer = setTimeout(connect, Math.min(MAX_RETRY_MS, 1000 * 2 ** Math.min(failures, 5)));
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      setState('connecting');
    };
  }, [active, email, linkToken, queryClient]);

  return state;
}
