import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { FULFILMENT_LABELS } from '../../../shared/order-workflow.ts';
import type { AdminStats, DishFigure } from '../../../shared/stats.ts';
import { dishesSummary, fulfilmentSummary, seriesLabel, seriesSummary } from '../chart-summaries.ts';
import { count, money } from '../stats-format.ts';
import { BusiestHours } from './busiest-hours.tsx';
import { ChartCard, FiguresTable } from './chart-card.tsx';

/**
 * The admin home's charts. The only module that imports the chart library: the page loads it
 * lazily, so no other page (and no public page) ever downloads it.
 */
const GREEN = '#166534';
const CYAN = '#0e7490';
const FULFILMENT_COLOURS = { table: '#166534', pickup: '#b45309', delivery: '#0e7490' } as const;
const axis = { fontSize: 12, fill: '#44403c' };

export default function StatsCharts({ stats }: { stats: AdminStats }) {
  const noOrders = stats.tiles.orders.value === 0 ? 'No orders in this period.' : undefined;
  const per = stats.granularity === 'day' ? 'day' : 'hour';
  const points = stats.series.map((p) => ({ ...p, name: seriesLabel(stats, p.label) }));
  const seriesTable = (caption: string) => (
    <FiguresTable
      caption={caption}
      columns={[per === 'day' ? 'Day' : 'Hour', 'Revenue', 'Orders']}
      rows={points.map((p) => ({ key: p.start, cells: [p.name, money(p.revenue), count(p.orders)] }))}
    />
  );
  const totalOrders = stats.fulfilment.reduce((sum, f) => sum + f.orders, 0);

  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2">
      <ChartCard
        title={`Revenue per ${per}, net of refunds, incl. tax`}
        wide
        summary={seriesSummary(stats, 'revenue')}
        empty={noOrders}
        chart={
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={points} margin={{ top: 8, right: 20, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" tick={axis} minTickGap={12} />
              <YAxis tick={axis} tickFormatter={(v: number) => `$${v}`} width={56} />
              <Tooltip formatter={(v) => [money(Number(v)), 'Revenue']} />
              <Bar dataKey="revenue" name="Revenue" fill={GREEN} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        }
        table={seriesTable(`Revenue and orders per ${per}`)}
      />
      <ChartCard
        title={`Orders per ${per}, not refunded in full`}
        summary={seriesSummary(stats, 'orders')}
        empty={noOrders}
        chart={
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={points} margin={{ top: 8, right: 20, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" tick={axis} minTickGap={12} />
              <YAxis tick={axis} allowDecimals={false} width={40} />
              <Tooltip formatter={(v) => [count(Number(v)), 'Orders']} />
              <Bar dataKey="orders" name="Orders" fill={CYAN} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        }
        table={seriesTable(`Revenue and orders per ${per}`)}
      />
      <ChartCard
        title="Table, pickup and delivery"
        summary={fulfilmentSummary(stats)}
        empty={noOrders}
        chart={
          <ResponsiveContainer width="100%" height={240}>
            <PieChart>
              <Pie
                data={stats.fulfilment.map((f) => ({ name: FULFILMENT_LABELS[f.type], value: f.orders, type: f.type }))}
                dataKey="value"
                nameKey="name"
                innerRadius={50}
                outerRadius={90}
                isAnimationActive={false}
                label={({ percent }: { percent?: number }) => `${Math.round((percent ?? 0) * 100)}%`}
              >
                {stats.fulfilment.map((f) => (
                  <Cell key={f.type} fill={FULFILMENT_COLOURS[f.type]} />
                ))}
              </Pie>
              <Tooltip formatter={(v) => [count(Number(v)), 'Orders']} />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        }
        table={
          <FiguresTable
            caption="Orders by way of fulfilment"
            columns={['Way', 'Orders kept', 'Share', 'Revenue net of refunds, incl. tax']}
            rows={stats.fulfilment.map((f) => ({
              key: f.type,
              cells: [FULFILMENT_LABELS[f.type], count(f.orders), `${totalOrders === 0 ? 0 : Math.round((f.orders / totalOrders) * 100)}%`, money(f.revenue)],
            }))}
          />
        }
      />
      <DishesCard title="Top 10 dishes by plates sold" dishes={stats.topDishesByQuantity} by="quantity" />
      <DishesCard title="Top 10 dishes by revenue, incl. tax (orders refunded in full left out)" dishes={stats.topDishesByRevenue} by="revenue" />
      <BusiestHours stats={stats} />
    </div>
  );
}

function DishesCard({ title, dishes, by }: { title: string; dishes: DishFigure[]; by: 'quantity' | 'revenue' }) {
  const format = by === 'quantity' ? count : money;
  return (
    <ChartCard
      title={title}
      summary={dishesSummary(dishes, by)}
      empty={dishes.length === 0 ? 'No dishes sold in this period.' : undefined}
      chart={
        <ResponsiveContainer width="100%" height={Math.max(120, dishes.length * 30 + 24)}>
          <BarChart data={dishes} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tick={axis} allowDecimals={by === 'revenue'} tickFormatter={(v: number) => (by === 'revenue' ? `$${v}` : String(v))} />
            <YAxis type="category" dataKey="name" tick={axis} width={130} interval={0} />
            <Tooltip formatter={(v) => [format(Number(v)), by === 'quantity' ? 'Plates' : 'Revenue']} />
            <Bar dataKey={by} fill={by === 'quantity' ? CYAN : GREEN} radius={[0, 3, 3, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <FiguresTable
          caption={title}
          columns={['Dish', 'Plates', 'Revenue']}
          rows={dishes.map((d) => ({ key: d.itemId, cells: [d.name, count(d.quantity), money(d.revenue)] }))}
        />
      }
    />
  );
}
