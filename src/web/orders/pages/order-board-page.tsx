import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FINAL_STATUSES, type OrderStatus, type OrderTransition } from '../../../shared/order-workflow.ts';
import { scheduledTimeOf, type Order } from '../../../shared/orders.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import { DEFAULT_PREPARATION_MINUTES } from '../../../shared/busy-mode.ts';
import { useToast } from '../../ui/toast.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useChangeOrderStatus, useDelayOrder, useStaffOrders } from '../api/orders-api.ts';
import { useRestaurantSettings } from '../../settings/api/settings-api.ts';
import { useOrderEvents } from '../api/use-order-events.ts';
import { BusyControls } from '../board/busy-controls.tsx';
import { AcceptDialog, DelayDialog, ReasonDialog } from '../board/move-dialogs.tsx';
import { FinishedOrders } from '../board/finished-orders.tsx';
import { OrderCard } from '../board/order-card.tsx';
import { PrinterStatus } from '../board/printer-status.tsx';
import { useBoardAlerts } from '../board/use-board-alerts.ts';
import { LiveIndicator } from '../components/live-indicator.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { RequireStaff } from '../components/require-staff.tsx';
import { useT } from '../../i18n/i18n.ts';
import { orderNumber } from '../order-format.ts';
import { useOrderWords } from '../use-order-words.ts';
import { useNow } from '../use-now.ts';

/** The board's columns: the open statuses, in the order an order moves through them. */
const COLUMNS: OrderStatus[] = ['placed', 'accepted', 'preparing', 'ready', 'out_for_delivery'];

const byTime = (a: Order, b: Order) => a.createdAt.localeCompare(b.createdAt);
const bySlot = (a: Order, b: Order) => (scheduledTimeOf(a.fulfilment) ?? '').localeCompare(scheduledTimeOf(b.fulfilment) ?? '');

/** A new order for a later slot waits in "Later" until its slot minus the preparation time. */
function isLater(order: Order, now: number, preparationMinutes: number): boolean {
  const slot = scheduledTimeOf(order.fulfilment);
  return order.status === 'placed' && slot !== undefined && Date.parse(slot) - preparationMinutes * 60_000 > now;
}

/** A move waiting for its dialog: a ready-in time (Accept) or a reason (Reject, Cancel). */
interface Pending {
  order: Order;
  transition: OrderTransition;
}

export function Page() {
  return (
    <RequireStaff>
      <OrderBoard />
    </RequireStaff>
  );
}

/**
 * The order board for staff: today's open orders in lanes by status, oldest first, kept live by
 * the order stream; a new order chimes, counts in the tab's title and is read out. On a tablet
 * and wider the lanes stand side by side in the window's height and each scrolls on its own, so
 * thirty orders never push a lane off the screen; busy mode's controls sit above them.
 */
function OrderBoard() {
  const t = useT();
  const words = useOrderWords();
  const orders = useStaffOrders();
  const alerts = useBoardAlerts();
  const { announce } = alerts;
  const onOrder = useCallback(
    (order: Order, before: Order | undefined) => {
      // New to the board and untouched by staff: placed, or accepted by auto-accept (no one named).
      if (!before && (order.status === 'placed' || (order.status === 'accepted' && order.timeline.every((step) => !step.by)))) announce(order);
    },
    [announce],
  );
  const live = useOrderEvents({ onOrder });
  const now = useNow(20_000);
  const move = useChangeOrderStatus();
  const delay = useDelayOrder();
  const settings = useRestaurantSettings();
  const [delaying, setDelaying] = useState<Order | null>(null);
  const toast = useToast();
  const [pending, setPending] = useState<Pending | null>(null);
  const [conflict, setConflict] = useState('');
  const [moved, setMoved] = useState<{ order: Order; from: OrderStatus } | null>(null);

  const all = useMemo(() => orders.data ?? [], [orders.data]);
  const preparationMinutes = settings.data?.preparationMinutes ?? DEFAULT_PREPARATION_MINUTES;
  const timeZone = settings.data?.timeZone;
  const later = useMemo(() => all.filter((o) => isLater(o, now, preparationMinutes)).sort(bySlot), [all, now, preparationMinutes]);
  const newCount = all.filter((o) => o.status === 'placed').length - later.length;
  // An order leaving "Later" for "New" (its slot minus the preparation time came) chimes as a new one.
  const laterIds = useRef<Set<string> | null>(null);
  useEffect(() => {
    const ids = new Set(later.map((o) => o._id));
    for (const order of all) if (laterIds.current?.has(order._id) && !ids.has(order._id) && order.status === 'placed') announce(order);
    laterIds.current = ids;
  }, [later, all, announce]);
  useEffect(() => {
    document.title = t('board.tabTitle', { count: Math.max(0, newCount), product: PRODUCT_NAME });
  }, [newCount, t]);

  // The button pressed has gone with the card: the focus follows the order to its next column, or
  // stays in the column it left when it is done, so the keyboard goes on from there.
  useEffect(() => {
    if (!moved) return;
    const card = document.querySelector<HTMLElement>(`[data-testid="order-card"][data-order="${CSS.escape(moved.order._id)}"]`);
    (card ?? document.querySelector<HTMLElement>(`[data-testid="column-${moved.from}"]`))?.focus();
  }, [moved]);

  function send(order: Order, transition: OrderTransition, extra: { readyInMinutes?: number; reason?: string } = {}) {
    setConflict('');
    move.mutate(
      { order, status: transition.to, ...extra },
      {
        onSuccess: (changed) => {
          setPending(null);
          setMoved({ order: changed, from: order.status });
        },
        onError: (error) => {
          setPending(null);
          if (error instanceof ApiRequestError && error.status === 409) {
            setConflict(t('board.conflict', { number: orderNumber(order) }));
          } else {
            toast.error(t('board.failed', { number: orderNumber(order), error: error.message }));
          }
        },
      },
    );
  }

  function pushBack(order: Order, minutes: number) {
    setConflict('');
    delay.mutate(
      { order, minutes },
      {
        onSuccess: (changed) => {
          setDelaying(null);
          toast.success(t('board.pushedBack', { number: orderNumber(changed), time: words.format.time(changed.readyBy!, timeZone) }));
        },
        onError: (error) => {
          setDelaying(null);
          if (error instanceof ApiRequestError && error.status === 409) setConflict(t('board.conflictWhy', { number: orderNumber(order), error: error.message }));
          else toast.error(t('board.failed', { number: orderNumber(order), error: error.message }));
        },
      },
    );
  }

  function onMove(order: Order, transition: OrderTransition) {
    if (transition.needs) setPending({ order, transition });
    else send(order, transition);
  }

  return (
    // On a tablet and wider the board is the main area's rest (below any banner) and scrolls itself,
    // so the lanes fill the window and the page never moves; "Done today" is below them.
    <section aria-labelledby="board-heading" className="lg:min-h-0 lg:flex-1 lg:overflow-y-auto">
      <div className="flex flex-col lg:h-full">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="board-heading" className="font-display text-2xl font-bold text-brand-900">
            {t('board.title')}
          </h1>
          <LiveIndicator state={live} />
          <PrinterStatus />
          <div className="ml-auto flex items-center gap-2">
            {alerts.sound ? (
              <>
                <span className="text-sm font-semibold text-brand-900">{t('board.soundOn')}</span>
                <button type="button" onClick={alerts.muteSound} className="rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-100">
                  {t('board.mute')}
                </button>
              </>
            ) : (
              <button type="button" onClick={alerts.enableSound} className="rounded-md bg-accent-400 px-3 py-1.5 text-sm font-bold text-brand-900 hover:bg-accent-500">
                {t('board.enableSound')}
              </button>
            )}
          </div>
        </div>
        <BusyControls now={now} />
        {/* Screen readers hear each new order; the sentence stays until the next one. */}
        <p aria-live="polite" className="sr-only" data-testid="board-announcement">
          {alerts.announcement}
        </p>
        {/* And where the order they moved went (its card may have left the board). */}
        <p role="status" className="sr-only" data-testid="board-move-announcement">
          {moved && t('board.movedTo', { number: orderNumber(moved.order), status: words.status(moved.order.status) })}
        </p>
        {conflict && (
          <div role="alert" className="mt-2 flex items-start justify-between gap-3 rounded-lg bg-amber-100 p-2 font-semibold text-amber-950">
            <span>{conflict}</span>
            <button type="button" onClick={() => setConflict('')} className="shrink-0 underline">
              {t('board.dismiss')}
            </button>
          </div>
        )}

        {orders.isPending && (
          <p role="status" className="mt-6 text-stone-600">
            {t('board.loading')}
          </p>
        )}
        {orders.isError && <QueryError title={t('board.loadFailed')} error={orders.error} onRetry={orders.refetch} />}
        {orders.isSuccess && later.length > 0 && (
          // Orders for a later slot, until their slot minus the preparation time.
          <section aria-labelledby="column-later" data-testid="column-later" className="mt-2 rounded-xl bg-sky-50 p-2 ring-1 ring-sky-200">
            <h2 id="column-later" className="flex items-center justify-between px-1 pb-2 font-bold text-stone-800">
              {t('board.lane.later')}
              <LaneCount count={later.length} />
            </h2>
            <div className="grid grid-cols-1 items-start gap-2 sm:grid-cols-2 lg:grid-cols-4">
              {later.map((order) => (
                <OrderCard
                  key={order._id}
                  order={order}
                  now={now}
                  timeZone={timeZone}
                  busy={move.isPending && move.variables.order._id === order._id}
                  onMove={onMove}
                  onDelay={setDelaying}
                />
              ))}
            </div>
          </section>
        )}
        {orders.isSuccess && (
          // As many equal lanes as there are statuses: a lane added to COLUMNS needs no change here.
          <div className="mt-2 grid min-h-0 flex-1 grid-cols-1 gap-2 sm:grid-cols-2 lg:auto-cols-fr lg:grid-flow-col lg:grid-cols-none">
            {COLUMNS.map((status) => {
              const cards = all.filter((o) => o.status === status && !later.includes(o)).sort(byTime);
              return (
                <section
                  key={status}
                  aria-labelledby={`column-${status}`}
                  data-testid={`column-${status}`}
                  tabIndex={-1}
                  className="flex min-h-0 min-w-0 flex-col rounded-xl bg-stone-100 p-1.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  <h2 id={`column-${status}`} className="flex shrink-0 items-center justify-between gap-1 px-1 pb-1.5 text-sm font-bold leading-tight text-stone-800 xl:text-base">
                    {status === 'placed' ? t('board.lane.placed') : words.status(status)}
                    <LaneCount count={cards.length} />
                  </h2>
                  {cards.length === 0 ? (
                    <p className="px-1 pb-2 text-sm text-stone-600">{t('board.noOrders')}</p>
                  ) : (
                    // The lane scrolls on its own; the page stays where it is.
                    <div data-testid={`lane-${status}`} className="min-h-0 flex-1 space-y-1.5 overflow-y-auto overscroll-contain">
                      {cards.map((order) => (
                        <OrderCard
                          key={order._id}
                          order={order}
                          now={now}
                          timeZone={timeZone}
                          busy={(move.isPending && move.variables.order._id === order._id) || (delay.isPending && delay.variables.order._id === order._id)}
                          onMove={onMove}
                          onDelay={setDelaying}
                        />
                      ))}
                    </div>
                  )}
                </section>
              );
            })}
          </div>
        )}
      </div>
      {orders.isSuccess && <FinishedOrders orders={all.filter((o) => FINAL_STATUSES.includes(o.status)).sort((a, b) => byTime(b, a))} />}

      {pending?.transition.needs === 'readyInMinutes' && (
        <AcceptDialog
          order={pending.order}
          busy={move.isPending}
          extraMinutes={settings.data?.extraMinutes ?? 0}
          onBack={() => setPending(null)}
          onAccept={(minutes) => send(pending.order, pending.transition, { readyInMinutes: minutes })}
        />
      )}
      {pending?.transition.needs === 'reason' && (
        <ReasonDialog
          order={pending.order}
          transition={pending.transition}
          busy={move.isPending}
          onBack={() => setPending(null)}
          onConfirm={(reason) => send(pending.order, pending.transition, { reason })}
        />
      )}
      {delaying && <DelayDialog order={delaying} now={now} busy={delay.isPending} onBack={() => setDelaying(null)} onDelay={(minutes) => pushBack(delaying, minutes)} />}
    </section>
  );
}

/**
 * A lane's number of orders, in its heading: "New 4 orders" to a screen reader, which ignores an
 * aria-label on a plain span (the word is visually hidden, not the number).
 */
function LaneCount({ count }: { count: number }) {
  const t = useT();
  return (
    <span className="rounded-full bg-white px-2 text-sm">
      {count}
      <span className="sr-only"> {t('board.laneCount', { count })}</span>
    </span>
  );
}
